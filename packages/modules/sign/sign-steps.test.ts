import { describe, expect, it } from 'vitest';
import type { StagedInput } from '../types.ts';
import { signModule } from './sign.module.ts';
import { signParams } from './sign.form.ts';

const PROTEIN: StagedInput = { path: 'inputs/0_p.pdb', originalName: 'p.pdb' };
const LIGANDS: StagedInput = { path: 'inputs/1_l.zip', originalName: 'l.zip' };
const SITE: StagedInput = { path: 'inputs/2_site.csv', originalName: 'site.csv' };
const POCKET = { name: 'pocket1', center: [1, 2, 3], size: [10, 10, 10] };

function steps(params: Record<string, unknown>, inputs: Record<string, StagedInput[]>) {
  return signModule.buildSteps({ params: signParams.parse(params), inputs, python: '/usr/bin/python3', pythonPath: '/repo/python', licensed: {}, cores: 2 });
}
const scoreArgs = (built: ReturnType<typeof steps>) => built.find((s) => s.argv.includes('yunyao.sign'))!.argv;

describe('3D affinity steps', () => {
  it('prepare the receptor, then score files in an uploaded site', () => {
    const built = steps({ ligand_source: 'file', pocket_source: 'file' }, { protein: [PROTEIN], ligand: [LIGANDS], pocket: [SITE] });
    expect(built.map((s) => s.argv[2])).toEqual(['yunyao.protein_prep', 'yunyao.sign']);
    const args = scoreArgs(built);
    expect(args).toContain(`--ligands-json=${JSON.stringify([{ path: LIGANDS.path, name: 'l.zip' }])}`);
    expect(args).toContain(`--site-file-json=${JSON.stringify([{ path: SITE.path, name: 'site.csv' }])}`);
    expect(args).toEqual(expect.arrayContaining(['--receptor-pdb=protein_prepared.pdb', '--receptor-pdbqt=protein.pdbqt', '--params=params.json', '--cpu=2', '--checkpoint-dir=checkpoint', '--progress=progress.json']));
    // A screen splits by ligand, each chunk docking and scoring into the checkpoint, where its marker goes too.
    const score = built.find((s) => s.argv.includes('yunyao.sign'))!;
    expect(score.chunks?.args(1, 4)).toEqual(['--chunk=1/4', '--progress=.progress-1.json']);
    expect(score.chunks?.markerDir).toBe('checkpoint');
    expect(score.chunks?.progress?.chunkFile(1)).toBe('.progress-1.json');
    // The parameters reach the step through params.json alone, the seed filled in when the user gave none.
    expect(args.some((a) => /^--(exhaustiveness|seed|preset)=/.test(a))).toBe(false);
    expect(signModule.resolveParams!(signParams.parse({}))).toMatchObject({ accuracy: 8, seed: 42 });
  });

  it("checkpoint into a resumable task's own checkpoint dir, the prepared receptor too", () => {
    const built = signModule.buildSteps({ params: signParams.parse({}), inputs: { protein: [PROTEIN], ligand: [LIGANDS], pocket: [SITE] }, python: '/usr/bin/python3', pythonPath: '/repo/python', licensed: {}, cores: 2, checkpointDir: '/scratch/task-1-checkpoint' });
    expect(built[0]!.argv).toContain('--reuse-dir=/scratch/task-1-checkpoint/receptor');
    expect(scoreArgs(built)).toContain('--checkpoint-dir=/scratch/task-1-checkpoint');
    expect(built[1]!.chunks?.markerDir).toBe('/scratch/task-1-checkpoint');
  });

  it('dock a preset into a predicted pocket written as sites.json', () => {
    const built = steps({ ligand_source: 'preset', smiles_preset: 'approved', pocket_source: 'predicted', pockets: [JSON.stringify(POCKET)], accuracy: 4, seed: 9 }, { protein: [PROTEIN] });
    const score = built.find((s) => s.argv.includes('yunyao.sign'))!;
    expect(score.argv).toEqual(expect.arrayContaining(['--site-json=sites.json', '--params=params.json']));
    expect(score.argv.some((a) => a.startsWith('--ligands-json'))).toBe(false);
    expect(signModule.resolveParams!(signParams.parse({ ligand_source: 'preset', smiles_preset: 'approved', accuracy: 4, seed: 9 }))).toMatchObject({ smiles_preset: 'approved', accuracy: 4, seed: 9 });
    const sites = JSON.parse(score.files!['sites.json']!) as { center: number[] }[];
    expect(sites[0]!.center).toEqual([1, 2, 3]);
  });
});
