import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { fixturePath } from '../../../test-fixtures/fixtures.ts';
import check from './rescorer-check.json' with { type: 'json' };
import { describePockets, detectPockets, FEATURE_NAMES, parsePdb, POCKET_RESCORER, predictLigandSite, type TreeEnsemble } from './index.ts';

const text = readFileSync(fixturePath('pdb', '5dt0.pdb'), 'utf8');
const described = describePockets(parsePdb(text).protein);
const featuresAt = (center: readonly number[]): number[] => {
  const i = described.pockets.findIndex((p) => p.center.every((v, k) => v === center[k]));
  expect(i).toBeGreaterThanOrEqual(0);
  return described.features[i]!;
};
const spheres = 'Alpha Spheres';

/** One stump: pockets with fewer spheres than `threshold` get a high margin. */
function smallFirst(threshold: number): TreeEnsemble {
  const tree = { feature: [FEATURE_NAMES.indexOf(spheres), 0, 0], threshold: [threshold, 0, 0], left: [1, -1, -1], right: [2, -1, -1], value: [0, 3, -3] };
  return { format: 'yunyao-pocket-rescorer/1', features: [...FEATURE_NAMES], baseMargin: 0, trees: [tree] };
}

describe('pocket re-scorer', () => {
  it('reproduces XGBoost’s probabilities on the committed feature vectors', () => {
    expect(check.features.length).toBeGreaterThanOrEqual(8);
    check.features.forEach((x, i) => {
      expect(Math.abs(predictLigandSite(POCKET_RESCORER, x) - check.probabilities[i]!)).toBeLessThan(1e-6);
    });
  });

  it('was trained on the detector’s features, in order', () => {
    expect(POCKET_RESCORER.features).toEqual(FEATURE_NAMES);
    expect(POCKET_RESCORER.trees.length).toBeGreaterThan(0);
    expect(described.features.every((x) => x.length === FEATURE_NAMES.length && x.every(Number.isFinite))).toBe(true);
  });

  it('ranks the detected pockets by the shipped model, Score being its probability', () => {
    const pockets = detectPockets(text);
    expect(pockets.length).toBe(described.pockets.length);
    pockets.forEach((p, i) => {
      expect(p.Score).toBeCloseTo(predictLigandSite(POCKET_RESCORER, featuresAt(p.center)), 3);
      if (i > 0) expect(predictLigandSite(POCKET_RESCORER, featuresAt(p.center))).toBeLessThanOrEqual(predictLigandSite(POCKET_RESCORER, featuresAt(pockets[i - 1]!.center)));
    });
  });

  it('follows whichever model it is given, and the geometric score without one', () => {
    const smallest = Math.min(...described.pockets.map((p) => p[spheres]));
    const [first] = detectPockets(text, { rescorer: smallFirst(smallest + 0.5) });
    expect(first![spheres]).toBe(smallest);
    const geometric = detectPockets(text, { rescorer: null });
    expect(geometric.map((p) => p.Score)).toEqual(described.pockets.map((p) => p.geometricScore).sort((a, b) => b - a));
  });

  it('describes each pocket’s atom environment and B-factors in the protein’s own terms', () => {
    const column = (name: string): number[] => described.features.map((x) => x[FEATURE_NAMES.indexOf(name)]!);
    for (const name of ['polarAtomShareNear', 'aromaticAtomShareNear', 'chargedAtomShareNear']) {
      expect(column(name).every((v) => v >= 0 && v <= 1)).toBe(true);
      expect(Math.max(...column(name))).toBeGreaterThan(0);
    }
    expect(column('liningBfactorZ').some((z) => Math.abs(z) > 0.1)).toBe(true);
    // Without B-factors (all 0.00, as in many prepared receptors) the z-score carries no signal: 0, not NaN.
    const flat = text.replace(/^((?:ATOM  |HETATM).{54}).{6}/gm, '$1  0.00');
    const withoutB = describePockets(parsePdb(flat).protein).features;
    expect(withoutB.every((x) => x[FEATURE_NAMES.indexOf('liningBfactorZ')] === 0)).toBe(true);
  });

  it('refuses a model trained on other features', () => {
    const stale = { ...POCKET_RESCORER, features: POCKET_RESCORER.features.slice(1) };
    expect(() => detectPockets(text, { rescorer: stale })).toThrow(/重新训练/);
  });
});
