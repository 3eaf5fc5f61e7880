import { describe, expect, it } from 'vitest';
import { pharmerHits, rescored, scoreBand } from './pharmer-result.ts';

describe('pharmacophore result rows', () => {
  it('rank the hits in the order the step wrote them and leave error rows unranked', () => {
    const hits = pharmerHits([
      { ID: 'a', SMILES: 'CCO', score: 0.81, pass: true, rmsd: 0.42, shape: 0.66, matched: 4, total: 4, features: ['F1', 'F2', 'F3', 'F4'] },
      { ID: 'b', SMILES: 'CCN', score: 0.55, pass: false, clash: true, rmsd: 0.9, shape: 0.4, matched: 2, total: 4, features: ['F1', 'F3'] },
      { ID: 'bad', SMILES: 'C1CC', error: '无法解析 SMILES' },
    ]);
    expect(hits.map((h) => [h.id, h.rank])).toEqual([['a', 1], ['b', 2], ['bad', null]]);
    expect(hits.map((h) => [h.pass, h.clash])).toEqual([[true, false], [false, true], [false, false]]);
    expect(hits[2]).toMatchObject({ score: null, features: [], error: '无法解析 SMILES' });
  });

  it('carry the Vina energy of the rescored rows, and tell a rescored screen from an older one', () => {
    const hits = pharmerHits([
      { ID: 'a', SMILES: 'CCO', vina: -9.2, score: 0.5, pass: false, features: [] },
      { ID: 'b', SMILES: 'CCN', vina: null, score: 0.6, pass: true, features: [] },
    ]);
    expect(hits.map((h) => h.vina)).toEqual([-9.2, null]);
    expect(rescored(hits)).toBe(true);
    expect(rescored(pharmerHits([{ ID: 'a', SMILES: 'CCO', score: 0.5 }]))).toBe(false);
  });

  it('band the combined score into verdicts', () => {
    expect([0.92, 0.55, 0.54, 0.4, 0.2].map(scoreBand)).toEqual(['strong', 'strong', 'fair', 'fair', 'weak']);
  });
});
