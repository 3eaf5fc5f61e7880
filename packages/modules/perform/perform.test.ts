import { readFileSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { performModule } from './perform.module.ts';
import {
  performAccepts,
  performParams,
  PERFORM_FORMAT_MESSAGE,
  PERFORM_OUT_MESSAGE,
  PERFORM_STRUCTURE_MESSAGE,
  PERFORM_TYPED_NEEDS_2D,
} from './perform.form.ts';
import { TYPED_MOLECULES_FILE_NAME, TYPED_MOLECULES_MISSING, typedMoleculesCsv } from '../shared/molecule-source.ts';
import { cleanupStaged, example, molBlockAtoms, runModule, sdfProp, sdfRecords } from '../shared/run-steps.testing.ts';
import { renderMessage } from '@yunyao/contract';

/** A refusal as the Chinese page reads it (schemas give message ids). */
const zh = (id: string | undefined) => (id === undefined ? undefined : renderMessage(id, 'zh'));

afterAll(cleanupStaged);

function firstMessageId(input: unknown): string | undefined {
  const r = performParams.safeParse(input);
  return r.success ? undefined : r.error.issues[0]?.message;
}
const firstMessage = (input: unknown) => zh(firstMessageId(input));

function heavyAtoms(record: string) {
  return molBlockAtoms(record).filter((a) => a.element !== 'H');
}

describe('perform params', () => {
  it('defaults to 2D and optimized.sdf', () => {
    expect(performParams.parse({})).toEqual({ structure: '2D', out: 'optimized.sdf', mole_type: 'file' });
    expect(performParams.parse({ structure: '3d', out: 'x.SD' })).toEqual({ structure: '3D', out: 'x.SD', mole_type: 'file' });
  });

  it('rejects other output formats and structures with Chinese messages', () => {
    expect(firstMessage({ out: 'x.mol2' })).toBe(zh(PERFORM_OUT_MESSAGE));
    expect(firstMessage({ out: '' })).toBe(zh(PERFORM_OUT_MESSAGE));
    expect(firstMessage({ structure: '4D' })).toBe(zh(PERFORM_STRUCTURE_MESSAGE));
  });

  it('typed SMILES need at least one line and are read as 2D', () => {
    expect(firstMessage({ mole_type: 'molecule' })).toBe(zh(TYPED_MOLECULES_MISSING));
    expect(firstMessage({ mole_type: 'molecule', molecules: 'CCO', structure: '3D' })).toBe(zh(PERFORM_TYPED_NEEDS_2D));
    expect(performParams.safeParse({ mole_type: 'molecule', molecules: 'CCO ethanol' }).success).toBe(true);
  });

  it('knows which extensions each structure takes', () => {
    expect(performAccepts('2D', 'a.SMI')).toBe(true);
    expect(performAccepts('2D', 'a.pdb')).toBe(false);
    expect(performAccepts('3D', 'a.mol2')).toBe(true);
    expect(performAccepts('3D', 'a.csv')).toBe(false);
    expect(performModule.files[0]!.extensions).toEqual(
      expect.arrayContaining(['.mol', '.sdf', '.sd', '.smi', '.csv', '.tsv', '.txt', '.mol2', '.pdb']),
    );
  });
});

describe('perform engine (RDKit)', () => {
  it('builds 3D MMFF94-minimised conformers from 2D SMILES', async () => {
    const run = await runModule(performModule, { structure: '2D', out: 'drugs.sdf' }, [
      { field: 'input', originalName: 'drugs.smi', source: example('perform', 'drugs.smi') },
    ]);
    expect(run.error).toBeUndefined();
    const records = sdfRecords(await run.read('output.sdf'));
    expect(records.map((r) => r.split('\n')[0])).toEqual(['aspirin', 'ibuprofen', 'caffeine']);
    for (const rec of records) {
      const atoms = molBlockAtoms(rec);
      expect(atoms.some((a) => a.element === 'H')).toBe(true);
      expect(atoms.some((a) => Math.abs(a.z) > 0.1)).toBe(true);
      const before = Number(sdfProp(rec, 'energy_before_kcal_mol'));
      const after = Number(sdfProp(rec, 'energy_after_kcal_mol'));
      expect(Number.isFinite(before) && Number.isFinite(after)).toBe(true);
      expect(after).toBeLessThanOrEqual(before);
      expect(sdfProp(rec, 'force_field')).toBe('MMFF94');
      expect(sdfProp(rec, 'converged')).toBe('true');
    }
    const rows = run.result!.rows;
    expect(rows).toHaveLength(3);
    expect(rows[1]).toMatchObject({ ID: 'ibuprofen', converged: true, SMILES: expect.stringContaining('@') });
    for (const r of rows) expect(r.energy_after as number).toBeLessThanOrEqual(r.energy_before as number);
    expect(run.result!.summary).toMatchObject({ structure: '2D', total: 3, optimised: 3, energyUnit: 'kcal/mol' });
    expect(run.result!.out).toBe('drugs.sdf');
  });

  it('keeps given 3D coordinates, adds hydrogens and minimises (SDF + MOL2 + PDB)', async () => {
    const sdf = example('perform', 'bzr-2.sdf');
    const run = await runModule(performModule, { structure: '3D' }, [
      { field: 'input', originalName: 'bzr.sdf', source: sdf },
      { field: 'input', originalName: 'demoxepam.mol2', source: example('perform', 'demoxepam.mol2') },
    ]);
    expect(run.error).toBeUndefined();
    const out = sdfRecords(await run.read('output.sdf'));
    expect(out).toHaveLength(3);
    const inputs = sdfRecords(readFileSync(sdf, 'utf8'));
    for (const [i, input] of inputs.entries()) {
      const a = heavyAtoms(input);
      const b = heavyAtoms(out[i]!);
      expect(b).toHaveLength(a.length);
      // a rough optimisation moves atoms a little, not a new conformer
      const rmsd = Math.sqrt(a.reduce((s, p, k) => s + (p.x - b[k]!.x) ** 2 + (p.y - b[k]!.y) ** 2 + (p.z - b[k]!.z) ** 2, 0) / a.length);
      expect(rmsd).toBeLessThan(1.0);
      expect(molBlockAtoms(out[i]!).length).toBeGreaterThan(a.length);
    }
    for (const r of run.result!.rows) expect(r.energy_after as number).toBeLessThanOrEqual(r.energy_before as number);
    expect(run.result!.rows.map((r) => r.ID)).toEqual(['Clorazepate', 'Delorazepam', 'Demoxepam']);
    expect(run.result!.out).toBe('optimized.sdf');

    const pdb = await runModule(performModule, { structure: '3D', out: 'p.sdf' }, [
      { field: 'input', originalName: 'lig.pdb', source: example('perform', 'desmethylclobazam.pdb') },
    ]);
    expect(pdb.error).toBeUndefined();
    expect(pdb.result!.rows[0]).toMatchObject({ ID: 'Desmethylclobazam', SMILES: 'O=C1CC(=O)N(c2ccccc2)c2cc(Cl)ccc2N1' });
  });

  it('rejects a file that does not fit the chosen structure with the format message', async () => {
    const run = await runModule(performModule, { structure: '3D' }, [
      { field: 'input', originalName: 'drugs.smi', source: example('perform', 'drugs.smi') },
    ]);
    expect(run.ok).toBe(false);
    expect(run.steps[0]!.exitCode).not.toBe(0);
    expect(run.error?.startsWith(zh(PERFORM_FORMAT_MESSAGE)!)).toBe(true);
    expect(run.error).toContain('drugs.smi');
  });

  it('fails on a chemically invalid record, naming the file and record', async () => {
    const run = await runModule(performModule, { structure: '2D' }, [
      { field: 'input', originalName: 'good.smi', source: example('perform', 'drugs.smi') },
      { field: 'input', originalName: 'bad.csv', source: example('perform', 'bad.csv') },
    ]);
    expect(run.ok).toBe(false);
    expect(run.error).toMatch(/^输入文件 bad\.csv 第 2 条记录无法解析：.*valence/);
  });
});

describe('perform with one molecule that cannot be embedded', () => {
  it('makes it its own error row and keeps the others', async () => {
    // Two fluorines cis on a bicyclo[1.1.0]butane bridgehead pair: the stereo cannot be built in 3D, ETKDG gives up.
    const molecules = 'CCO ethanol\nF[C@]12C[C@@]1(F)C2 strained\nc1ccccc1O phenol';
    const run = await runModule(performModule, { mole_type: 'molecule', molecules, out: 'typed.sdf' }, [
      { field: 'input', originalName: TYPED_MOLECULES_FILE_NAME, content: typedMoleculesCsv(molecules) },
    ]);
    expect(run.error).toBeUndefined();
    const records = sdfRecords(await run.read(run.result!.outputs[0]!.path));
    expect(records.map((r) => r.split('\n')[0]!.trim())).toEqual(['ethanol', 'phenol']);
    const rows = run.result!.rows;
    // The row keeps the reason as a message id; a reader gets it in Chinese.
    expect(rows.map((r) => [r.ID, r.error && renderMessage(r.error as string, 'zh')])).toEqual([
      ['ethanol', null],
      ['strained', expect.stringMatching(/[\u4e00-\u9fff]/)],
      ['phenol', null],
    ]);
    expect(rows[1]).toMatchObject({ SMILES: expect.stringContaining('F'), energy_after: null });
  });
});

describe('perform on typed or drawn SMILES', () => {
  it('embeds and minimises each typed molecule under its name, as the server stages them (molecules.csv)', async () => {
    const molecules = 'CCO ethanol\nc1ccccc1O phenol';
    const run = await runModule(performModule, { mole_type: 'molecule', molecules, out: 'typed.sdf' }, [
      { field: 'input', originalName: TYPED_MOLECULES_FILE_NAME, content: typedMoleculesCsv(molecules) },
    ]);
    expect(run.error).toBeUndefined();
    const records = sdfRecords(await run.read(run.result!.outputs[0]!.path));
    expect(records.map((r) => r.split('\n')[0]!.trim())).toEqual(['ethanol', 'phenol']);
    for (const record of records) expect(molBlockAtoms(record).some((a) => Math.abs(a.z) > 0.1)).toBe(true);
    expect(heavyAtoms(records[1]!)).toHaveLength(7);
  });
});
