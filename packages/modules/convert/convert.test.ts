import { readFileSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { convertModule } from './convert.module.ts';
import { convertParams, CONVERT_OUT_MESSAGE } from './convert.form.ts';
import { TYPED_MOLECULES_FILE_NAME, TYPED_MOLECULES_MISSING, typedMoleculesCsv } from '../shared/molecule-source.ts';
import { OUTPUT_NAME_BAD_CHARS, OUTPUT_NAME_TOO_LONG } from '../shared/file-names.ts';
import { cleanupStaged, example, molBlockAtoms, runModule, sdfRecords } from '../shared/run-steps.testing.ts';
import { renderMessage } from '@yunyao/contract';

/** A refusal as the Chinese page reads it (schemas give message ids). */
const zh = (id: string | undefined) => (id === undefined ? undefined : renderMessage(id, 'zh'));

afterAll(cleanupStaged);

function firstMessageId(input: unknown): string | undefined {
  const r = convertParams.safeParse(input);
  return r.success ? undefined : r.error.issues[0]?.message;
}
const firstMessage = (input: unknown) => zh(firstMessageId(input));

describe('convert params', () => {
  it('accepts a name with an allowed extension, case-insensitively', () => {
    expect(convertParams.parse({ out: ' 结果.MOL2 ' })).toEqual({ out: '结果.MOL2', mole_type: 'file' });
    for (const ext of ['sd', 'sdf', 'smi', 'csv', 'tsv', 'txt', 'pdb', 'pdbqt', 'mol', 'mol2', 'xyz']) {
      expect(convertParams.safeParse({ out: `result.${ext}` }).success).toBe(true);
    }
  });

  it('rejects missing, empty and unsupported names with the Chinese message', () => {
    expect(firstMessage({})).toBe(zh(CONVERT_OUT_MESSAGE));
    expect(firstMessage({ out: '' })).toBe(zh(CONVERT_OUT_MESSAGE));
    expect(firstMessage({ out: 'result' })).toBe(zh(CONVERT_OUT_MESSAGE));
    expect(firstMessage({ out: 'result.docx' })).toBe(zh(CONVERT_OUT_MESSAGE));
    expect(firstMessage({ out: '.mol2' })).toBe(zh(OUTPUT_NAME_BAD_CHARS));
    expect(zh(CONVERT_OUT_MESSAGE)).toBe('请输入输出文件名称及格式！');
  });

  it('takes typed or drawn SMILES instead of files, and needs at least one then', () => {
    expect(firstMessage({ out: 'r.sdf', mole_type: 'molecule', molecules: ' \n ' })).toBe(zh(TYPED_MOLECULES_MISSING));
    expect(convertParams.parse({ out: 'r.sdf', mole_type: 'molecule', molecules: 'CCO' })).toMatchObject({ mole_type: 'molecule', molecules: 'CCO' });
  });

  it('rejects path separators and over-long names', () => {
    expect(firstMessage({ out: '../etc/passwd.sdf' })).toBe(zh(OUTPUT_NAME_BAD_CHARS));
    expect(firstMessage({ out: 'a\\b.sdf' })).toBe(zh(OUTPUT_NAME_BAD_CHARS));
    expect(firstMessage({ out: `${'x'.repeat(97)}.sdf` })).toBe(zh(OUTPUT_NAME_TOO_LONG));
    expect(convertParams.safeParse({ out: `${'x'.repeat(96)}.sdf` }).success).toBe(true);
  });
});

describe('convert module', () => {
  it('declares the form the spec describes', () => {
    expect(convertModule.code).toBe('convert');
    expect(convertModule.route).toBe('/api/convert');
    const [spec] = convertModule.files;
    expect(spec).toMatchObject({ field: 'input', min: 1, max: 2, maxBytes: 20 * 1024 * 1024 });
    expect(spec?.extensions).toEqual(['.sdf', '.sd', '.smi', '.csv', '.tsv', '.txt']);
    expect(spec?.requiredMessage.zh).toBe('请上传输入文件！');
  });

  it('never puts user file names in the argv except inside the JSON manifest', () => {
    const steps = convertModule.buildSteps({
      params: { out: 'r.mol2', mole_type: 'file' },
      inputs: { input: [{ path: 'inputs/0_x.sdf', originalName: '$(rm -rf ~); x.sdf' }] },
      python: '/usr/bin/python3',
      pythonPath: '/repo/python',
      licensed: {},
      cores: 1,
    });
    expect(steps).toHaveLength(1);
    const argv = steps[0]!.argv;
    expect(argv.slice(0, 3)).toEqual(['/usr/bin/python3', '-m', 'yunyao.convert']);
    expect(argv).toContain('--output=output.mol2');
    const manifest = argv.find((a) => a.startsWith('--inputs-json='))!;
    expect(JSON.parse(manifest.slice('--inputs-json='.length))).toEqual([{ path: 'inputs/0_x.sdf', name: '$(rm -rf ~); x.sdf' }]);
    expect(steps[0]!.env?.PYTHONPATH).toBe('/repo/python');
  });
});

describe('convert engine (Open Babel)', () => {
  it('converts an SDF to MOL2, one MOLECULE block with atoms per record', async () => {
    const input = example('convert', 'bzr-3.sdf');
    const expected = sdfRecords(readFileSync(input, 'utf8'));
    const run = await runModule(convertModule, { out: 'bzr.mol2' }, [{ field: 'input', originalName: 'bzr 3.sdf', source: input }]);
    expect(run.error).toBeUndefined();
    expect(run.ok).toBe(true);
    const mol2 = await run.read(run.result!.outputs[0]!.path);
    const blocks = mol2.split('@<TRIPOS>MOLECULE').slice(1);
    expect(blocks).toHaveLength(expected.length);
    for (const [i, block] of blocks.entries()) {
      const title = block.trim().split('\n')[0];
      expect(title).toBe(expected[i]!.split('\n')[0]!.trim());
      const atomSection = block.split('@<TRIPOS>ATOM')[1]!.split('@<TRIPOS>BOND')[0]!;
      const atoms = atomSection.split('\n').filter((l) => l.trim());
      expect(atoms.length).toBe(molBlockAtoms(expected[i]!).length);
    }
    expect(run.result!.out).toBe('bzr.mol2');
    expect(run.result!.outputs).toEqual([{ path: 'output.mol2', name: 'bzr.mol2' }]);
    expect(run.result!.rows.map((r) => r.ID)).toEqual(['Adinazolam', 'Alprazolam', 'Bromazepam']);
    expect(run.result!.rows[0]).toMatchObject({ source_file: 'bzr 3.sdf' });
    expect(run.result!.summary).toMatchObject({ total: 3, outputFormat: 'mol2', inputs: [{ file: 'bzr 3.sdf', records: 3 }] });
  });

  it('turns a CSV with a SMILES column into a 3D SDF, keeping ids and other columns', async () => {
    const run = await runModule(convertModule, { out: 'chembl.sdf' }, [
      { field: 'input', originalName: 'chembl.csv', source: example('convert', 'chembl-4.csv') },
    ]);
    expect(run.error).toBeUndefined();
    const records = sdfRecords(await run.read('output.sdf'));
    expect(records).toHaveLength(4);
    for (const rec of records) {
      const atoms = molBlockAtoms(rec);
      expect(atoms.length).toBeGreaterThan(10);
      expect(atoms.some((a) => Math.abs(a.z) > 0.1)).toBe(true);
      expect(atoms.some((a) => a.element === 'H')).toBe(true);
      expect(rec).toMatch(/<molregno>/);
    }
    expect(records[0]!.split('\n')[0]).toBe('CHEMBL207525');
    expect(run.result!.summary).toMatchObject({ total: 4, generated3D: 4 });
  });

  it('reads .smi and headerless .txt together into an ID,SMILES csv', async () => {
    const run = await runModule(convertModule, { out: 'all.csv' }, [
      { field: 'input', originalName: 'bzr.smi', source: example('convert', 'bzr-4.smi') },
      { field: 'input', originalName: 'mixed.txt', source: example('convert', 'mixed.txt') },
    ]);
    expect(run.error).toBeUndefined();
    const lines = (await run.read('output.csv')).trim().split('\n');
    expect(lines[0]).toBe('ID,SMILES');
    expect(lines).toHaveLength(1 + 4 + 3);
    expect(lines[1]).toMatch(/^Adinazolam,/);
    expect(lines.slice(5).map((l) => l.split(',')[0])).toEqual(['ethanol', 'phenol', 'mixed_3']);
    expect(run.result!.summary).toMatchObject({ inputs: [{ records: 4 }, { records: 3 }] });
  });

  it('keeps the fragments of a salt apart when it builds 3D coordinates', async () => {
    const run = await runModule(convertModule, { out: 'salt.xyz' }, [
      { field: 'input', originalName: 'salt.smi', content: 'CCN(CC)CC.Cl triethylamine_hcl\n' },
    ]);
    expect(run.error).toBeUndefined();
    const lines = (await run.read('output.xyz')).trim().split('\n');
    expect(lines[1]).toBe('triethylamine_hcl');
    const atoms = lines.slice(2).map((l) => {
      const [el, x, y, z] = l.trim().split(/\s+/);
      return { el, p: [Number(x), Number(y), Number(z)] };
    });
    expect(atoms).toHaveLength(Number(lines[0]));
    const cl = atoms.find((a) => a.el === 'Cl')!;
    const others = atoms.filter((a) => a.el !== 'Cl' && a.el !== 'H');
    const nearest = Math.min(...others.map((a) => Math.hypot(...a.p.map((v, k) => v - cl.p[k]!))));
    expect(nearest).toBeGreaterThan(2.5);
  });

  it('fails on a malformed SDF record, naming the file and the record', async () => {
    const run = await runModule(convertModule, { out: 'x.mol2' }, [
      { field: 'input', originalName: 'bad.sdf', source: example('convert', 'bad.sdf') },
    ]);
    expect(run.ok).toBe(false);
    expect(run.steps[0]!.exitCode).not.toBe(0);
    expect(run.error).toMatch(/^输入文件 bad\.sdf 第 3 条记录无法解析：/);
    const lastLine = run.steps[0]!.stderr.trim().split('\n').pop();
    expect(lastLine).toMatch(/^YUNYAO_INPUT_ERROR: /);
  });

  it('fails on an invalid SMILES in a CSV, naming the file, record and line', async () => {
    const run = await runModule(convertModule, { out: 'x.smi' }, [
      { field: 'input', originalName: '我的分子.csv', source: example('convert', 'bad.csv') },
    ]);
    expect(run.ok).toBe(false);
    expect(run.error).toMatch(/^输入文件 我的分子\.csv 第 2 条记录无法解析：SMILES “C1CC\(”.*第 3 行/);
  });
});

describe('convert on typed or drawn SMILES', () => {
  it('makes 3D MOL2 from the typed SMILES the server stages as molecules.csv, names kept', async () => {
    const molecules = 'O water\nCCO ethanol';
    const run = await runModule(convertModule, { mole_type: 'molecule', molecules, out: 'typed.mol2' }, [
      { field: 'input', originalName: TYPED_MOLECULES_FILE_NAME, content: typedMoleculesCsv(molecules) },
    ]);
    expect(run.error).toBeUndefined();
    const blocks = (await run.read(run.result!.outputs[0]!.path)).split('@<TRIPOS>MOLECULE').slice(1);
    expect(blocks.map((b) => b.trim().split('\n')[0])).toEqual(['water', 'ethanol']);
    // Water with its hydrogens, placed in 3D (not all on one plane at z = 0).
    const ethanolAtoms = blocks[1]!.split('@<TRIPOS>ATOM')[1]!.split('@<TRIPOS>BOND')[0]!.trim().split('\n');
    expect(ethanolAtoms).toHaveLength(9);
    expect(ethanolAtoms.some((line) => Math.abs(Number(line.trim().split(/\s+/)[4])) > 0.1)).toBe(true);
  });
});
