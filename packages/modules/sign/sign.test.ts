import { describe, expect, it } from 'vitest';
import { signModule } from './sign.module.ts';
import { LIGAND_COS_MISSING, LIGAND_FILE_MISSING, POCKET_FILE_MISSING, PREDICTED_POCKET_MISSING, PRESET_MISSING, signParams, signSourceProblem } from './sign.form.ts';
import { renderMessage } from '@yunyao/contract';

/** A refusal as the Chinese page reads it (schemas give message ids). */
const zh = (id: string | undefined) => (id === undefined ? undefined : renderMessage(id, 'zh'));

// The engine (protein_prep + AutoDock Vina + the trained correction) runs once in the suite, through the platform
// in apps/server/test/affinity.test.ts, which checks its rows, poses, summary and result table.

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
