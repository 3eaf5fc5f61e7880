import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TaskRecord } from '@yunyao/db';
import { modules } from '../../index.ts';
import { stepModule } from '../group-cost.ts';
import { createStorage } from '@yunyao/platform';
import { afterAll, describe, expect, it } from 'vitest';
import type { ChainState } from './chain-state.ts';
import { workflowSummary } from './summary.ts';

const root = mkdtempSync(join(tmpdir(), 'yunyao-summary-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

const plan = [
  { module: 'autodock', fields: { filter: 2 } },
  { module: 'sign', fields: { filter: 2 } },
  { module: 'graph_dta', fields: { filter: 2 } },
  { module: 'dynamic', fields: { filter: 1 } },
];
const task = (fields: Partial<TaskRecord>) => fields as TaskRecord;
const engines = (ids: [string, string, string | null][]) => ids.map(([id, name, version]) => ({ id, name, version }));
const children = [
  task({ id: 11, state: 'succeeded', moduleVersion: '2.1.0', result: { engines: engines([['vina', 'AutoDock Vina', '1.2.3']]) } }),
  // An engine whose probe found no version is still recorded, by name.
  task({ id: 12, state: 'succeeded', moduleVersion: '1.4.0', result: { engines: engines([['rdkit', 'RDKit', '2022.09.3'], ['xgboost', 'XGBoost', null]]) } }),
  // The protein's own verdict is not the summary's: each 2D row judges the protein and the ligand.
  task({ id: 13, state: 'succeeded', moduleVersion: '1.0.0', result: { protein: { in_domain: true }, engines: engines([['torch', 'torch', null]]) } }),
  task({ id: 14, state: 'succeeded', moduleVersion: '1.2.0', result: { engines: engines([['openmm', 'OpenMM', '7.7.0']]) } }),
];
const state: ChainState = {
  molecules: [{ name: 'lig1', smiles: 'CCO' }],
  poses: new Map(),
  scores: new Map([
    ['lig1', [-8.1, 6.2, 7.05, -31.5]],
    ['lig2', [-7.9, 5.1, 6.9]],
  ]),
  bestRows: new Map([
    [
      'lig1',
      [
        { ligand: 'lig1', score: [-8.1] },
        { ID: 'lig1', affinity: 6.2, Kd: 631, in_domain: true, pk_low: 4.93, pk_high: 7.47 },
        { ID: 'lig1', affinity: 7.05, Kd: 89.13, affinity_low: 6.36, affinity_high: 7.74, in_domain: false },
        { name: 'lig1', dG: -31.5, dG_sem: 1.25 },
      ],
    ],
    ['lig2', [{ ligand: 'lig2', score: [-7.9] }, { ID: 'lig2', affinity: 5.1, Kd: 7940, in_domain: false }, { ID: 'lig2', affinity: 6.9, Kd: 125.9, in_domain: true }]],
  ]),
};

describe('workflow summary', () => {
  it("carries each step's interval, Kd, domain and standard error beside its score, as the module's own view shows them", async () => {
    const storage = createStorage({ kind: 'local', root });
    const group = task({ id: 10, module: 'group', moduleVersion: '1.0.0', attempts: 1, params: { modules: plan } });
    const summary = await workflowSummary(storage, group, plan.map((s) => stepModule(modules, s)), children, state);

    expect(summary.rows).toEqual([
      {
        ID: 'lig1', SMILES: 'CCO', s1: -8.1,
        s2: 6.2, s2_low: 4.93, s2_high: 7.47, s2_kd: 631, s2_domain: true,
        s3: 7.05, s3_low: 6.36, s3_high: 7.74, s3_kd: 89.13, s3_domain: false,
        s4: -31.5, s4_sem: 1.25,
      },
    ]);
    expect(summary.result.steps.map((s) => s.columns)).toEqual([
      [],
      [{ key: 's2_interval', kind: 'interval', low: 's2_low', high: 's2_high' }, { key: 's2_kd', kind: 'kd' }, { key: 's2_domain', kind: 'domain' }],
      [{ key: 's3_interval', kind: 'interval', low: 's3_low', high: 's3_high' }, { key: 's3_kd', kind: 'kd' }, { key: 's3_domain', kind: 'domain' }],
      [{ key: 's4_sem', kind: 'sem' }],
    ]);
    const csv = readFileSync(join(root, 'tasks/10/output/1/summary.csv'), 'utf8').replace(/^\ufeff/, '').split('\n');
    expect(csv[0]).toBe(
      'ID,SMILES,1. 对接打分 (kcal/mol),' +
        '2. 3D 亲和力 pK,2. 90% 区间下限,2. 90% 区间上限,2. Kd (nM),2. 适用域内,' +
        '3. 2D 亲和力 pKd,3. 90% 区间下限,3. 90% 区间上限,3. Kd (nM),3. 适用域内,' +
        '4. ΔG 结合 (kcal/mol),4. ΔG 结合 标准误 (kcal/mol)',
    );
    expect(csv[1]).toBe('lig1,CCO,-8.1,6.2,4.93,7.47,631,true,7.05,6.36,7.74,89.13,false,-31.5,1.25');
  });

  it("records each step's module version and engines, an engine without a found version by its name", async () => {
    const storage = createStorage({ kind: 'local', root });
    const group = task({ id: 20, module: 'group', moduleVersion: '1.0.0', attempts: 1, params: { modules: plan } });
    const { result } = await workflowSummary(storage, group, plan.map((s) => stepModule(modules, s)), children, state);
    expect(result.steps.map((s) => [s.module_version, s.engines])).toEqual([
      ['2.1.0', [{ id: 'vina', name: 'AutoDock Vina', version: '1.2.3' }]],
      ['1.4.0', [{ id: 'rdkit', name: 'RDKit', version: '2022.09.3' }, { id: 'xgboost', name: 'XGBoost', version: null }]],
      ['1.0.0', [{ id: 'torch', name: 'torch', version: null }]],
      ['1.2.0', [{ id: 'openmm', name: 'OpenMM', version: '7.7.0' }]],
    ]);
  });

  it("leaves a score the step's row lacks empty, as an ordered pharmacophore step passes such molecules on", async () => {
    const storage = createStorage({ kind: 'local', root });
    const screen = [
      { module: 'autodock', fields: { filter: 2 } },
      { module: 'pharmer', fields: { filter: 2 } },
    ];
    const group = task({ id: 30, module: 'group', moduleVersion: '1.0.0', attempts: 1, params: { modules: screen } });
    const screened: ChainState = {
      molecules: [
        { name: 'lig2', smiles: 'CCN' },
        { name: 'lig1', smiles: 'CCO' },
      ],
      poses: new Map(),
      scores: new Map([
        ['lig1', [-8.1, -6.4]],
        ['lig2', [-7.9, null]],
      ]),
      bestRows: new Map(),
    };
    const summary = await workflowSummary(storage, group, screen.map((s) => stepModule(modules, s)), children.slice(0, 2), screened);
    expect(summary.rows).toEqual([
      { ID: 'lig2', SMILES: 'CCN', s1: -7.9, s2: null },
      { ID: 'lig1', SMILES: 'CCO', s1: -8.1, s2: -6.4 },
    ]);
    expect(summary.result.steps.map((s) => [s.scored, s.kept, s.score.order])).toEqual([
      [2, 2, undefined],
      [2, 2, 'rows'],
    ]);
    const csv = readFileSync(join(root, 'tasks/30/output/1/summary.csv'), 'utf8').replace(/^\ufeff/, '').split('\n');
    expect(csv.slice(1, 3)).toEqual(['lig2,CCN,-7.9,', 'lig1,CCO,-8.1,-6.4']);
  });
});
