import { describe, expect, it } from 'vitest';
import { modules } from '../../index.ts';
import { workflowSteps } from '../group-plan.ts';
import { rankStep } from './rank-step.ts';

const specs = workflowSteps(modules);
const spec = (code: string) => specs.get(code)!.workflowStep;
const ranked = (code: string, rows: Record<string, unknown>[], allowed: string[] | null = null) =>
  rankStep(rows, spec(code), allowed && new Set(allowed)).map((m) => [m.name, m.score]);

describe('ranking a finished step for its filter', () => {
  it("keeps a pharmacophore screen's own order, molecules without a Vina energy included", () => {
    // The screen's rows as ranked_rows writes them: those meeting the query first, in each group the rescored by
    // energy, then the rest by rank score; error rows last. Ranking by `vina` would drop `miss` and `plain`, and put
    // `strong` (not meeting the query) first.
    const rows = [
      { ID: 'hit', vina: -7.2, pass: true, score: 0.61 },
      { ID: 'miss', vina: null, pass: true, score: 0.58 },
      { ID: 'strong', vina: -9.4, pass: false, score: 0.55 },
      { ID: 'plain', vina: null, pass: false, score: 0.52 },
      { ID: 'broken', error: 'unparsable SMILES' },
    ];
    expect(ranked('pharmer', rows)).toEqual([
      ['hit', -7.2],
      ['miss', null],
      ['strong', -9.4],
      ['plain', null],
    ]);
    expect(ranked('pharmer', rows, ['plain', 'strong', 'miss'])).toEqual([
      ['miss', null],
      ['strong', -9.4],
      ['plain', null],
    ]);
  });

  it('ranks a step without an order of its own by its score, each molecule by its best row, dropping those without one', () => {
    const rows = [
      { ligand: 'a', score: [-6.1, -5.9] },
      { ligand: 'b', score: [-8.3] },
      { ligand: 'a', score: [-7.0] },
      { ligand: 'c', score: [] },
      { ligand: 'd', score: [-9.9], error: 'failed' },
    ];
    expect(ranked('autodock', rows)).toEqual([
      ['b', -8.3],
      ['a', -7.0],
    ]);
    expect(ranked('sign', [{ ID: 'x', affinity: 5.2 }, { ID: 'y', affinity: 6.8 }, { ID: 'z', affinity: null }])).toEqual([
      ['y', 6.8],
      ['x', 5.2],
    ]);
  });
});
