import { describe, expect, it } from 'vitest';
import { childProvenanceSchema, compareByStep, workflowResultSchema, workflowRowSchema } from './workflow-result.ts';

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

  it('keeps a step’s own-order mark (pharmacophore screening), by which the table leaves the rows as they come', () => {
    const score = { column: 'vina', better: 'lower' as const, order: 'rows' as const, label: { zh: 'Vina 能量', en: 'Vina energy' }, unit: 'kcal/mol' };
    const step = { index: 1, module: 'pharmer', name: { zh: '药效团筛选', en: 'Pharmacophore screening' }, task_id: 9, state: 'succeeded', scored: 3, kept: 3, key: 's1', score };
    expect(workflowResultSchema.parse({ module: 'group', steps: [step], final: 3 }).steps[0]!.score.order).toBe('rows');
  });
});

describe('workflow summary columns and provenance', () => {
  it('reads rows carrying a step’s interval bounds, Kd and true/false domain verdict (the summary rows the worker writes)', () => {
    const row = { ID: 'a', SMILES: 'C', s1: -6, s2: 6.2, s2_low: 4.93, s2_high: 7.47, s2_kd: 631, s2_domain: true, s3: 7.05, s3_low: null, s3_high: null, s3_kd: null, s3_domain: false };
    expect(workflowRowSchema.parse(row)).toEqual(row);
  });

  it('reads the interval, Kd, domain and standard-error columns and the engines the worker records per step', () => {
    const step = {
      index: 2, module: 'sign', name: { zh: '3D 亲和力', en: '3D affinity' }, task_id: 8, state: 'succeeded', scored: 2, kept: 2, ...affinity,
      columns: [{ key: 's2_interval', kind: 'interval', low: 's2_low', high: 's2_high' }, { key: 's2_kd', kind: 'kd' }, { key: 's2_domain', kind: 'domain' }],
      module_version: '1.4.0',
      engines: [{ id: 'rdkit', name: 'RDKit', version: '2022.09.3' }, { id: 'xgboost', name: 'XGBoost', version: null }],
    };
    const parsed = workflowResultSchema.parse({ module: 'group', steps: [step], final: 1 }).steps[0]!;
    expect(parsed.columns).toEqual(step.columns);
    expect(parsed.engines?.map((e) => e.name)).toEqual(['RDKit', 'XGBoost']);
  });

  it('refuses an interval column that does not name its bounds’ row keys', () => {
    const step = { index: 2, module: 'sign', name: { zh: '3D 亲和力', en: '3D affinity' }, task_id: 8, state: 'succeeded', scored: 2, kept: 2, ...affinity, columns: [{ key: 's2_interval', kind: 'interval' }] };
    expect(workflowResultSchema.safeParse({ module: 'group', steps: [step], final: 1 }).success).toBe(false);
  });

  it('keeps the engines of a child whose probe found no version for one of them', () => {
    const provenance = childProvenanceSchema.parse({ module_version: '1.0.0', engines: [{ id: 'torch', name: 'torch', version: null }, { id: 'rdkit', name: 'RDKit', version: '2022.09.3' }] });
    expect(provenance.engines.map((e) => e.id)).toEqual(['torch', 'rdkit']);
  });
});
