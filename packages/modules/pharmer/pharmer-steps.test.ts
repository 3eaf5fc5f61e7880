import { describe, expect, it } from 'vitest';
import type { StagedInput } from '../types.ts';
import { pharmerModule } from './pharmer.module.ts';
import { rescoredCount } from './pharmer-cost.ts';
import { FEATURES_INVALID, FILTER_INVALID, PDB_ID_4_MISSING, pharmerParams, pharmerPreview, REFERENCE_COS_MISSING, REFERENCE_FILE_MISSING, REFERENCE_TYPE_INVALID } from './pharmer.form.ts';
import { ligandSourceProblem } from '../shared/ligand-source.ts';
import { renderMessage } from '@yunyao/contract';

/** A refusal as the Chinese page reads it (schemas give message ids). */
const zh = (id: string | undefined) => (id === undefined ? undefined : renderMessage(id, 'zh'));

const PROTEIN: StagedInput = { path: 'inputs/0_p.pdb', originalName: 'p.pdb' };
const MOLECULES: StagedInput = { path: 'inputs/1_molecules.csv', originalName: 'molecules.csv' };
const REFERENCE: StagedInput = { path: 'inputs/2_ref.sdf', originalName: 'ref.sdf' };

const issue = (input: unknown) => zh(pharmerParams.safeParse(input).error?.issues[0]?.message);
const previewIssue = (input: unknown) => zh(pharmerPreview.body.safeParse(input).error?.issues[0]?.message);

function steps(params: Record<string, unknown>, cacheDir?: string) {
  return pharmerModule.buildSteps({
    params: pharmerParams.parse(params),
    inputs: { protein: [PROTEIN], smiles: [MOLECULES], ligand: [REFERENCE] },
    python: '/usr/bin/python3',
    pythonPath: '/repo/python',
    licensed: {},
    cores: 2,
    ...(cacheDir ? { cacheDir } : {}),
  });
}

describe('pharmacophore params', () => {
  it("answer with the page's own spec messages", () => {
    expect(issue({ protein_source: 'rcsb', pdb_id: '12', mole_type: 'molecule', molecules: 'CCO' })).toBe(zh(PDB_ID_4_MISSING));
    // The spec gives the empty textarea of this page the data-center ligand message.
    expect(issue({ mole_type: 'molecule', molecules: '  ' })).toBe(zh(REFERENCE_COS_MISSING));
    expect(issue({ mole_type: 'molecule', molecules: 'CCO', features: 'F1' })).toBe(zh(FEATURES_INVALID));
    expect(issue({ mole_type: 'molecule', molecules: 'CCO', features: 'F1,F1' })).toBe(zh(FEATURES_INVALID));
    expect(issue({ mole_type: 'molecule', molecules: 'CCO', features: 'donor,F2' })).toBe(zh(FEATURES_INVALID));
    expect(issue({ mole_type: 'molecule', molecules: 'CCO', filter: 0 })).toBe(zh(FILTER_INVALID));
    expect(pharmerParams.safeParse({ protein_source: 'uniprod', mole_type: 'molecule', molecules: 'CCO' }).success).toBe(false);
    expect(pharmerParams.parse({ mole_type: 'molecule', molecules: 'CCO', features: '' })).toMatchObject({ filter: 50, features: undefined, ligand_source: 'file' });
  });

  it('name the missing reference of the chosen source', () => {
    const source = (ligand_source: string) => pharmerParams.parse({ mole_type: 'molecule', molecules: 'CCO', ligand_source }).ligand_source;
    expect(ligandSourceProblem(source('file'), 0)).toBe(REFERENCE_FILE_MISSING);
    expect(ligandSourceProblem(source('cos'), 0)).toBe(REFERENCE_COS_MISSING);
    expect(ligandSourceProblem(source('cos'), 2)).toBeNull();
  });

  it('hold more for a larger screen, charging the rescoring only for the molecules it rescores', () => {
    const params = pharmerParams.parse({ mole_type: 'file' });
    const cost = (records: number) => pharmerModule.estimateCoreHours(params, { smiles: [{ name: 'm.csv', bytes: 1, records, atoms: records * 25 }] });
    // Past the receptor's preparation and the query, a fixed cost: a small screen rescores every molecule (4 s each) ...
    expect(cost(50) - cost(0)).toBeCloseTo(5 * (cost(10) - cost(0)), 9);
    expect((cost(10) - cost(0)) * 3600).toBeCloseTo(40, 9);
    // ... a large one the best 10 %, at least 300: 2,000 molecules, 1.5 s each plus 300 rescored at 2.5 s.
    expect([50, 247, 300, 2000, 3001, 5000].map(rescoredCount)).toEqual([50, 247, 300, 300, 301, 500]);
    expect((cost(2000) - cost(0)) * 3600).toBeCloseTo(2000 * 1.5 + 300 * 2.5, 6);
  });
});

describe('pharmacophore steps', () => {
  it('prepare the receptor, build the query from the references, then screen the molecules with the kept features, the module cache and Vina rescoring', () => {
    const built = steps({ mole_type: 'file', features: 'F1,F3', filter: 20, seed: 5 }, '/data/module-cache/pharmer');
    expect(built.map((s) => s.argv[2])).toEqual(['yunyao.protein_prep', 'yunyao.pharmer.query', 'yunyao.pharmer.screen']);
    expect(built[0]!.argv).toEqual(expect.arrayContaining(['--input=inputs/0_p.pdb', '--out-pdbqt=protein.pdbqt']));
    expect(built[1]!.argv).toEqual(expect.arrayContaining(['--receptor=inputs/0_p.pdb', `--reference-json=${JSON.stringify([{ path: REFERENCE.path, name: 'ref.sdf' }])}`, '--out=query.json']));
    expect(built[2]!.argv).toEqual(
      expect.arrayContaining([
        '--query=query.json',
        '--receptor-pdbqt=protein.pdbqt',
        '--checkpoint-dir=checkpoint',
        `--ligands-json=${JSON.stringify([{ path: MOLECULES.path, name: 'molecules.csv' }])}`,
        '--params=params.json',
        '--conformers=30',
        '--rescore-at-least=300',
        '--rescore-percent=10',
        '--cpu=2',
        '--cache-dir=/data/module-cache/pharmer',
      ]),
    );
    // The kept features, the hits kept and the seed are parameters: params.json carries them, not argv.
    expect(built[2]!.argv.some((a) => /^--(enabled|keep|seed)=/.test(a))).toBe(false);
    // With the shared cache the screen splits (each chunk screens its molecules into the checkpoint, the whole step gathers them and rescores the best).
    expect(built[2]!.chunks?.args(1, 4)).toEqual(['--chunk=1/4', '--progress=.progress-1.json']);
    expect(built[2]!.chunks?.markerDir).toBe('checkpoint');
  });

  it("leave the query's own defaults and skip the cache when none is given", () => {
    const screen = steps({ mole_type: 'file' })[2]!.argv;
    expect(screen.some((a) => a.startsWith('--cache-dir'))).toBe(false);
    expect(steps({ mole_type: 'file' })[2]!.chunks).toBeUndefined();
    const params = pharmerModule.resolveParams!(pharmerParams.parse({ mole_type: 'file' }));
    expect(params).toMatchObject({ filter: 50, seed: 42 });
    expect(params.features).toBeUndefined();
  });
});

describe('pharmacophore preview', () => {
  it('refuses a missing protein or reference, and a reference of another format, with the spec messages', () => {
    expect(previewIssue({ protein: '', references: [{ name: 'a.sdf', text: 'x' }] })).toBe('请上传蛋白质文件！');
    expect(previewIssue({ protein: 'ATOM', references: [] })).toBe(zh(REFERENCE_FILE_MISSING));
    expect(previewIssue({ protein: 'ATOM', references: [{ name: 'a.docx', text: 'x' }] })).toBe(zh(REFERENCE_TYPE_INVALID));
  });

  it('writes the texts as files named by format and runs the query program on them', () => {
    const step = pharmerModule.previewStep!({ protein: 'ATOM  …', references: [{ name: 'Ligand.SDF', text: 'sdf' }, { name: 'b.mol2', text: 'mol2' }] });
    expect(step.program).toBe('pharmer.query');
    expect(Object.keys(step.files).sort()).toEqual(['protein.pdb', 'reference_1.sdf', 'reference_2.mol2']);
    expect(step.args).toEqual([
      '--receptor=protein.pdb',
      `--reference-json=${JSON.stringify([{ path: 'reference_1.sdf', name: 'Ligand.SDF' }, { path: 'reference_2.mol2', name: 'b.mol2' }])}`,
      '--out=-',
    ]);
  });
});
