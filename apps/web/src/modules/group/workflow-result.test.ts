import { describe, expect, it } from 'vitest';
import { compareByStep, workflowResultSchema, workflowRowSchema } from './workflow-result.ts';

const docking = { key: 's1', score: { column: 'score', better: 'lower' as const, label: { zh: '对接打分', en: 'Docking score' }, unit: 'kcal/mol' } };
const affinity = { key: 's2', score: { column: 'affinity', better: 'higher' as const, label: { zh: '2D 亲和力 pKd', en: '2D affinity pKd' } } };
const rows = [
  { ID: 'a', SMILES: 'C', s1: -6, s2: 5.1 },
  { ID: 'b', SMILES: 'CC', s1: -9, s2: null },
  { ID: 'c', SMILES: 'CCC', s1: null, s2: 7.2 },
].map((r) => workflowRowSchema.parse(r));

describe('workflow summary', () => {
  it('ranks by each step’s own direction, rows without a score last', () => {
    expect([...rows].sort(compareByStep(docking)).map((r) => r.ID)).toEqual(['b', 'a', 'c']);
    expect([...rows].sort(compareByStep(affinity)).map((r) => r.ID)).toEqual(['c', 'a', 'b']);
  });

  it('reads the group result the worker writes', () => {
    const step = { index: 1, module: 'autodock', name: { zh: '分子对接', en: 'Docking' }, task_id: 7, state: 'succeeded', scored: 2, kept: 2, ...docking };
    expect(workflowResultSchema.safeParse({ module: 'group', steps: [step], final: 2 }).success).toBe(true);
    expect(workflowResultSchema.safeParse({ module: 'autodock', steps: [], final: 0 }).success).toBe(false);
  });
});
