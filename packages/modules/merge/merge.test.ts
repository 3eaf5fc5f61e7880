import { readFileSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { mergeModule, mergeOutName } from './merge.module.ts';
import { mergeParams, MERGE_OUT_MESSAGE } from './merge.form.ts';
import { cleanupStaged, example, runModule, sdfRecords } from '../shared/run-steps.testing.ts';

afterAll(cleanupStaged);

const mol2Count = (text: string) => (text.match(/^@<TRIPOS>MOLECULE/gm) ?? []).length;

describe('merge params', () => {
  it('picks merged.mol2 only when every input is MOL2', () => {
    const mol2 = { ligands: [{ path: 'inputs/0_a.mol2', originalName: 'a.mol2' }, { path: 'inputs/1_b.mol2', originalName: 'b.MOL2' }] };
    const mixed = { ligands: [{ path: 'inputs/0_a.mol2', originalName: 'a.mol2' }, { path: 'inputs/1_b.sdf', originalName: 'b.sdf' }] };
    expect(mergeOutName(mergeParams.parse({}), mol2)).toBe('merged.mol2');
    expect(mergeOutName(mergeParams.parse({}), mixed)).toBe('merged.sdf');
    expect(mergeOutName(mergeParams.parse({ out: 'all.sdf' }), mol2)).toBe('all.sdf');
    expect(mergeModule.taskName(mergeParams.parse({}), mixed)).toEqual({ zh: 'merged.sdf（2 个文件）', en: 'merged.sdf (2 files)' });
  });

  it('rejects other output formats with the Chinese message', () => {
    const r = mergeParams.safeParse({ out: 'all.csv' });
    expect(r.success).toBe(false);
    expect(r.error?.issues[0]?.message).toBe(MERGE_OUT_MESSAGE);
  });

  it('asks for two to ten MOL2/SDF files', () => {
    expect(mergeModule.files[0]).toMatchObject({
      field: 'ligands',
      min: 2,
      max: 10,
      extensions: ['.mol2', '.sdf'],
      requiredMessage: { zh: '请选择两个及两个以上小分子文件！' },
    });
  });
});

describe('merge engine (Open Babel)', () => {
  it('merges an SDF and a MOL2 into one SDF with every record', async () => {
    const sdf = example('merge', 'pubchem-2.sdf');
    const mol2 = example('merge', 'bzr-2.mol2');
    const run = await runModule(mergeModule, {}, [
      { field: 'ligands', originalName: 'pubchem.sdf', source: sdf },
      { field: 'ligands', originalName: 'bzr.mol2', source: mol2 },
    ]);
    expect(run.error).toBeUndefined();
    const expected = sdfRecords(readFileSync(sdf, 'utf8')).length + mol2Count(readFileSync(mol2, 'utf8'));
    const merged = sdfRecords(await run.read('output.sdf'));
    expect(merged).toHaveLength(expected);
    // SDF records are copied unchanged
    expect(merged[0]).toBe(sdfRecords(readFileSync(sdf, 'utf8'))[0]);
    expect(run.result!.out).toBe('merged.sdf');
    expect(run.result!.rows).toHaveLength(expected);
    expect(run.result!.rows.map((r) => r.source_file)).toEqual(['pubchem.sdf', 'pubchem.sdf', 'bzr.mol2', 'bzr.mol2']);
    expect(run.result!.summary).toMatchObject({ total: expected, converted: 2 });
  });

  it('merges MOL2 files into merged.mol2 by default', async () => {
    const run = await runModule(mergeModule, {}, [
      { field: 'ligands', originalName: 'one.mol2', source: example('merge', 'bzr-1.mol2') },
      { field: 'ligands', originalName: 'two.mol2', source: example('merge', 'bzr-2.mol2') },
    ]);
    expect(run.error).toBeUndefined();
    expect(run.result!.outputs).toEqual([{ path: 'output.mol2', name: 'merged.mol2' }]);
    expect(mol2Count(await run.read('output.mol2'))).toBe(3);
    expect(run.result!.rows.every((r) => typeof r.SMILES === 'string' && (r.SMILES as string).length > 0)).toBe(true);
  });

  it('fails on a malformed MOL2 record, naming the file, record and line', async () => {
    const run = await runModule(mergeModule, { out: 'm.sdf' }, [
      { field: 'ligands', originalName: 'one.mol2', source: example('merge', 'bzr-1.mol2') },
      { field: 'ligands', originalName: 'broken.mol2', source: example('merge', 'bad.mol2') },
    ]);
    expect(run.ok).toBe(false);
    expect(run.steps[0]!.exitCode).not.toBe(0);
    expect(run.error).toMatch(/^输入文件 broken\.mol2 第 2 条记录无法解析：第 \d+ 行原子格式错误/);
  });
});
