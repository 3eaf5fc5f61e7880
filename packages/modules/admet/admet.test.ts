import { afterAll, describe, expect, it } from 'vitest';
import { admetModule } from './admet.module.ts';
import { admetParams } from './admet.form.ts';
import { moleculeSourceProblem, typedMoleculesCsv } from '../shared/molecule-source.ts';
import { cleanupStaged, runModule } from '../shared/run-steps.testing.ts';
import { renderMessage } from '@yunyao/contract';

/** A refusal as the Chinese page reads it (schemas give message ids). */
const zh = (id: string | undefined) => (id === undefined ? undefined : renderMessage(id, 'zh'));

afterAll(cleanupStaged);

const issue = (input: unknown) => zh(admetParams.safeParse(input).error?.issues[0]?.message);

describe('the shared molecule source', () => {
  it('asks for typed SMILES only when they are the source, at most 100', () => {
    expect(issue({ mole_type: 'molecule', molecules: ' \n\n' })).toBe('请输入化合物分子式！');
    expect(issue({ mole_type: 'molecule', molecules: Array(101).fill('C').join('\n') })).toBe('最多输入 100 个分子，更多分子请上传 .csv 文件！');
    expect(issue({ mole_type: 'molecule', molecules: Array(100).fill('C').join('\n') })).toBeUndefined();
    expect(issue({ mole_type: 'cos' })).toBeUndefined();
    expect(issue({ mole_type: 'database' })).toBe('请选择小分子来源！');
  });

  it('names what is missing for an upload or a data-center choice', () => {
    expect(moleculeSourceProblem('file', 0, 1)?.zh).toBe('请上传.csv格式的小分子文件！');
    expect(moleculeSourceProblem('cos', 1, 0)?.zh).toBe('请选择数据中心小分子文件！');
    expect(moleculeSourceProblem('cos', 0, 1)).toBeNull();
    expect(moleculeSourceProblem('molecule', 0, 0)).toBeNull();
  });

  it('turns typed lines into the csv an upload would be, quoting what needs it', () => {
    expect(typedMoleculesCsv('CCO ethanol\n\n  c1ccccc1  \nCC(=O)O acetic, acid')).toBe('smiles,name\nCCO,ethanol\nc1ccccc1,mol_2\nCC(=O)O,"acetic, acid"\n');
  });

  it('names the task after what came in', () => {
    const parsed = admetParams.parse({ mole_type: 'molecule', molecules: 'CCO\nCCN' });
    expect(admetModule.taskName(parsed, {})).toEqual({ zh: 'ADMET（2 个分子）', en: 'ADMET (2 molecules)' });
    const file = admetParams.parse({ mole_type: 'file' });
    expect(admetModule.taskName(file, { smiles: [{ path: 'inputs/0_x.csv', originalName: 'leads.csv' }] })).toEqual({ zh: 'ADMET（leads.csv）', en: 'ADMET (leads.csv)' });
  });
});

describe('ADMET engine (RDKit + the trained models)', () => {
  it('predicts a csv, one row per molecule, the unreadable one with its reason', async () => {
    const csv = typedMoleculesCsv('CC(=O)Oc1ccccc1C(=O)O aspirin\nnot_a_smiles broken\nCn1cnc2c1c(=O)n(C)c(=O)n2C caffeine');
    const run = await runModule(admetModule, { mole_type: 'file' }, [{ field: 'smiles', originalName: 'three.csv', content: csv }], { timeoutMs: 120_000 });
    expect(run.error).toBeUndefined();
    const rows = run.result!.rows;
    expect(rows.map((r) => r.name)).toEqual(['aspirin', 'broken', 'caffeine']);
    expect(rows[1]!.error).toMatch(/SMILES/);
    expect(rows[2]!.BBB_Martins as number).toBeGreaterThan(0.5);
    expect(run.result!.summary).toMatchObject({ molecules: 3, predicted: 2, failed: 1, outputFile: 'admet.csv' });
    const lines = (await run.read('admet.csv')).trim().split('\n');
    expect(lines).toHaveLength(4);
  }, 150_000);

  it('fails with a readable reason when nothing in the file is a molecule', async () => {
    const run = await runModule(admetModule, { mole_type: 'file' }, [{ field: 'smiles', originalName: 'none.csv', content: 'smiles\nxyz\n' }], { timeoutMs: 120_000 });
    expect(run.ok).toBe(false);
    expect(run.error).toBeTruthy();
  }, 150_000);
});
