import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { zipSync, strToU8 } from 'fflate';
import { afterAll, describe, expect, it } from 'vitest';
import { detectPocketsFromFile } from '@yunyao/pockets/node';
import { signRowSchema } from '@yunyao/contract';
import { signModule } from './sign.module.ts';
import { LIGAND_COS_MISSING, LIGAND_FILE_MISSING, POCKET_FILE_MISSING, PREDICTED_POCKET_MISSING, PRESET_MISSING, signParams, signSourceProblem } from './sign.form.ts';
import { cleanupStaged, REPO_ROOT, runModule, sdfProp, sdfRecords } from '../shared/run-steps.testing.ts';
import { renderMessage } from '@yunyao/contract';

/** A refusal as the Chinese page reads it (schemas give message ids). */
const zh = (id: string | undefined) => (id === undefined ? undefined : renderMessage(id, 'zh'));

afterAll(cleanupStaged);

// Aurora A kinase without its inhibitor (Debian rdkit-data), and an anilinopyrimidine posed in its ATP site.
const AURKA = '/usr/share/RDKit/Contrib/CalcLigRMSD/data/aurka_protein_2c6e.pdb';
const POSE = path.join(REPO_ROOT, 'python/tests/fixtures/aurka_pose.sdf');

const issue = (input: unknown) => zh(signParams.safeParse(input).error?.issues[0]?.message);

describe('3D affinity params', () => {
  it('need a preset name for the preset source and a pocket for the predicted-pocket source', () => {
    expect(issue({ ligand_source: 'preset', pocket_source: 'file' })).toBe(zh(PRESET_MISSING));
    expect(issue({ ligand_source: 'preset', smiles_preset: 'chembl' })).toBe(zh(PRESET_MISSING));
    expect(issue({ ligand_source: 'file', pocket_source: 'predicted' })).toBe(zh(PREDICTED_POCKET_MISSING));
    expect(issue({ protein_source: 'rcsb', pdb_id: '12' })).toBe('请输入蛋白质pdbid！');
    expect(signParams.parse({ ligand_source: 'preset', smiles_preset: 'zinc' }).accuracy).toBe(8);
  });

  it('name the missing ligand or site file of the chosen source', () => {
    const none = () => 0;
    const only = (field: string) => (f: string) => (f === field ? 1 : 0);
    expect(signSourceProblem(signParams.parse({}), none)).toBe(LIGAND_FILE_MISSING);
    expect(signSourceProblem(signParams.parse({ ligand_source: 'cos' }), only('pocket'))).toBe(LIGAND_COS_MISSING);
    expect(signSourceProblem(signParams.parse({ ligand_source: 'preset', smiles_preset: 'approved' }), none)).toBe(POCKET_FILE_MISSING);
    const predicted = signParams.parse({ ligand_source: 'preset', smiles_preset: 'approved', pocket_source: 'predicted', pockets: [{ name: 'p1', center: [0, 0, 0], size: [8, 8, 8] }] });
    expect(signSourceProblem(predicted, none)).toBeNull();
  });

  it('hold more for a preset, which is docked, than for one posed ligand', () => {
    const protein = [{ name: 'p.pdb', bytes: 1e5, records: 1, atoms: 2000 }];
    const posed = signModule.estimateCoreHours(signParams.parse({}), { protein, ligand: [{ name: 'l.zip', bytes: 1e4, records: 1, atoms: 25 }] });
    const preset = signModule.estimateCoreHours(signParams.parse({ ligand_source: 'preset', smiles_preset: 'zinc' }), { protein });
    expect(preset).toBeGreaterThan(posed * 10);
  });
});

describe('3D affinity engine (protein_prep + AutoDock Vina + the trained correction)', () => {
  it('scores a posed ligand as it is, docks a 2D one first and reports an unreadable one', async () => {
    const [atpSite] = detectPocketsFromFile(AURKA);
    const pocket = { name: atpSite!.name, center: atpSite!.box.center, size: atpSite!.box.size };
    // A zip of .mol2 files as the spec's upload: indole drawn flat (no pose) and a broken record.
    const flatIndole = readFileSync(path.join(REPO_ROOT, 'python/tests/fixtures/indole_2d.mol2'), 'utf8');
    const zip = path.join(mkdtempSync(path.join(tmpdir(), 'yunyao-sign-test-')), 'more.zip');
    writeFileSync(zip, zipSync({ 'indole.mol2': strToU8(flatIndole), 'broken.mol2': strToU8('@<TRIPOS>MOLECULE\nbroken\n 2 1\nSMALL\n\n@<TRIPOS>ATOM\n') }));
    const run = await runModule(
      signModule,
      { protein_source: 'file', ligand_source: 'file', pocket_source: 'predicted', pockets: [JSON.stringify(pocket)], accuracy: 1, seed: 7 },
      [
        { field: 'protein', originalName: 'aurka.pdb', source: AURKA },
        { field: 'ligand', originalName: 'pose.sdf', source: POSE },
        { field: 'ligand', originalName: 'more.zip', source: zip },
      ],
      { timeoutMs: 300_000 },
    );
    expect(run.error, run.steps.map((s) => s.stderr).join('\n')).toBeUndefined();
    const rows = run.result!.rows.map((r) => signRowSchema.parse(r));
    const posed = rows.find((r) => r.posed === 'input')!;
    expect(posed.ID).toBe('pocket1_anilinopyrimidine');
    expect(posed.score).toBeLessThan(-6);
    expect(posed.affinity).toBeGreaterThan(4);
    expect(posed.Kd! / 10 ** (9 - posed.affinity!)).toBeCloseTo(1, 2);
    expect(rows.find((r) => r.ID === 'indole')).toMatchObject({ posed: 'docked', error: null });
    expect(rows.filter((r) => r.error)).toHaveLength(1);
    const poses = sdfRecords(await run.read('poses.sdf'));
    expect(poses).toHaveLength(2);
    expect(sdfProp(poses[0]!, 'pk')).toBe(String(posed.affinity));
    const summary = run.result!.summary as { model: { version: string; data_sha256: string }; counts: { scored: number; docked: number } };
    expect(summary.model.data_sha256).toMatch(/^[0-9a-f]{64}$/);
    expect(summary.counts).toMatchObject({ scored: 2, docked: 1 });
    expect(await run.read('result.csv')).toMatch(/^index,ID,SMILES,Kd,affinity,score,posed,in_domain,error/);
  }, 400_000);
});
