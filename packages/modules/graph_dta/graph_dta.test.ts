import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { graphDtaRowSchema } from '@yunyao/contract';
import { graphDtaModule } from './graph_dta.module.ts';
import { DTA_MODEL_INVALID, graphDtaParams, SEQUENCE_COS_MISSING, SEQUENCE_FILE_MISSING, sequenceSourceProblem } from './graph_dta.form.ts';
import { cleanupStaged, REPO_ROOT, runModule } from '../shared/run-steps.testing.ts';
import { renderMessage } from '@yunyao/contract';

/** A refusal as the Chinese page reads it (schemas give message ids). */
const zh = (id: string | undefined) => (id === undefined ? undefined : renderMessage(id, 'zh'));

afterAll(cleanupStaged);

// PIM2, a Davis kinase; staurosporine binds it tightly (Davis pKd 8.72), AT-7519 not at all (5.0).
const PIM2 = path.join(REPO_ROOT, 'python/tests/fixtures/pim2.fasta');
const STAUROSPORINE = 'CC12C(C(CC(O1)N3C4=CC=CC=C4C5=C6C(=C7C8=CC=CC=C8N2C7=C53)CNC6=O)NC)OC';
const AT7519 = 'C1CNCCC1NC(=O)C2=C(C=NN2)NC(=O)C3=C(C=CC=C3Cl)Cl';

const issue = (input: unknown) => zh(graphDtaParams.safeParse(input).error?.issues[0]?.message);

describe('2D affinity params', () => {
  it('default to the Davis model and refuse another name', () => {
    expect(graphDtaParams.parse({ molecules: 'CCO' }).model).toBe('davis');
    expect(issue({ molecules: 'CCO', model: 'bindingdb' })).toBe(zh(DTA_MODEL_INVALID));
  });

  it('check the molecules with the shared screening source messages', () => {
    expect(issue({ mole_type: 'molecule', molecules: ' ' })).toBe('请输入化合物分子式！');
    expect(issue({ mole_type: 'molecule', molecules: Array(101).fill('CCO').join('\n') })).toBe('最多输入 100 个分子，更多分子请上传 .csv 文件！');
    expect(issue({ mole_type: 'database' })).toBe('请设置数据库筛选条件！');
  });

  it('name the missing sequence file of the chosen source', () => {
    expect(sequenceSourceProblem(graphDtaParams.parse({ molecules: 'CCO' }), 0)).toBe(SEQUENCE_FILE_MISSING);
    expect(sequenceSourceProblem(graphDtaParams.parse({ molecules: 'CCO', protein_source: 'cos' }), 0)).toBe(SEQUENCE_COS_MISSING);
    expect(sequenceSourceProblem(graphDtaParams.parse({ molecules: 'CCO' }), 1)).toBeNull();
  });

  it('hold a cost that grows with the molecules', () => {
    const cost = (records: number) => graphDtaModule.estimateCoreHours(graphDtaParams.parse({ mole_type: 'file' }), { smiles: [{ name: 'm.csv', bytes: 1, records, atoms: records * 25 }] });
    expect(cost(1000)).toBeGreaterThan(cost(10));
    expect(cost(10)).toBeGreaterThan(0);
  });
});

describe('2D affinity steps', () => {
  it('run one predict step on the sequence and the molecule table, the chosen model in params.json', () => {
    const [step, ...rest] = graphDtaModule.buildSteps({
      params: graphDtaParams.parse({ mole_type: 'file', model: 'kiba' }),
      inputs: { protein: [{ path: 'inputs/0_p.fasta', originalName: 'p.fasta' }], smiles: [{ path: 'inputs/1_m.csv', originalName: 'm.csv' }] },
      python: '/usr/bin/python3',
      pythonPath: '/repo/python',
      licensed: {},
      cores: 1,
    });
    expect(rest).toHaveLength(0);
    expect(step!.argv.slice(1)).toEqual([
      '-m',
      'yunyao.graph_dta.predict',
      `--protein-json=${JSON.stringify([{ path: 'inputs/0_p.fasta', name: 'p.fasta' }])}`,
      `--ligands-json=${JSON.stringify([{ path: 'inputs/1_m.csv', name: 'm.csv' }])}`,
      '--params=params.json',
    ]);
  });
});

describe('2D affinity engine (the committed Davis network)', () => {
  it('ranks a strong binder above a non-binder and reports the malformed SMILES in its row', async () => {
    const run = await runModule(
      graphDtaModule,
      { mole_type: 'file', model: 'davis' },
      [
        { field: 'protein', originalName: 'pim2.fasta', source: PIM2 },
        { field: 'smiles', originalName: 'mols.csv', content: `smiles,name\n${STAUROSPORINE},staurosporine\nC1CC(,broken\n${AT7519},AT-7519\n` },
      ],
      { timeoutMs: 120_000 },
    );
    expect(run.error, run.steps.map((s) => s.stderr).join('\n')).toBeUndefined();
    const rows = run.result!.rows.map((r) => graphDtaRowSchema.parse(r));
    const byId = new Map(rows.map((r) => [r.ID, r]));
    expect(byId.get('staurosporine')!.affinity!).toBeGreaterThan(byId.get('AT-7519')!.affinity! + 1);
    expect(byId.get('staurosporine')!.Kd!).toBeCloseTo(10 ** (9 - byId.get('staurosporine')!.affinity!), 3);
    expect(byId.get('broken')).toMatchObject({ affinity: null, error: expect.any(String) });
    const strong = byId.get('staurosporine')!;
    expect(strong).toMatchObject({ in_domain: true, domain_note: null, distinct_from_typical: true });
    expect(strong.affinity_low!).toBeLessThanOrEqual(strong.affinity!);
    expect(strong.affinity_high!).toBeGreaterThanOrEqual(strong.affinity!);
    const summary = run.result!.summary as { model: { name: string; data_sha256: string }; protein: { in_domain: boolean } };
    expect(summary.model).toMatchObject({ name: 'davis', data_sha256: expect.stringMatching(/^[0-9a-f]{64}$/) });
    expect(summary.protein.in_domain).toBe(true);
  }, 150_000);
});
