import { afterAll, describe, expect, it } from 'vitest';
import { detectPocketsFromFile } from '@yunyao/pockets/node';
import { autodockModule } from './autodock.module.ts';
import { autodockParams, dockingSites, SITE_MISSING } from './autodock.form.ts';
import { cleanupStaged, runModule, sdfProp, sdfRecords } from '../shared/run-steps.testing.ts';

afterAll(cleanupStaged);

// Aurora A kinase without its inhibitor (Debian rdkit-data); the detector ranks its ATP site first.
const AURKA = '/usr/share/RDKit/Contrib/CalcLigRMSD/data/aurka_protein_2c6e.pdb';

const issue = (input: unknown) => autodockParams.safeParse(input).error?.issues[0]?.message;

describe('docking params', () => {
  const base = { protein_source: 'file', mole_type: 'molecule', molecules: 'CCO' };

  it('need a pocket or a whole manual box', () => {
    expect(issue(base)).toBe(SITE_MISSING);
    expect(issue({ ...base, center_x: 1, center_y: 2, center_z: 3, size_x: 20, size_y: 20 })).toBe(SITE_MISSING);
    expect(issue({ ...base, center_x: 1, center_y: 2, center_z: 3, size_x: 20, size_y: 20, size_z: 200 })).toBe('对接盒子尺寸须在 1–126 Å 之间！');
    const manual = autodockParams.parse({ ...base, center_x: '1', center_y: '2', center_z: '3', size_x: '20', size_y: '22', size_z: '24' });
    expect(dockingSites(manual)).toEqual([{ name: 'manual', center: [1, 2, 3], size: [20, 22, 24] }]);
  });

  it('read pockets[] as JSON and give each a box with margin', () => {
    const pocket = JSON.stringify({ name: 'pocket1', center: [1, 2, 3], size: [4, 12, 30] });
    const p = autodockParams.parse({ ...base, pockets: [pocket] });
    expect(dockingSites(p)).toEqual([{ name: 'pocket1', center: [1, 2, 3], size: [16, 22, 40] }]);
    expect(issue({ ...base, pockets: ['{not json'] })).toBe('对接口袋数据格式错误，请重新选择口袋！');
  });

  it('keep the spec bounds and defaults of accuracy, poses and retention', () => {
    const p = autodockParams.parse({ ...base, pockets: [{ name: 'p', center: [0, 0, 0], size: [1, 1, 1] }] });
    expect([p.accuracy, p.posture, p.filter]).toEqual([10, 9, 50]);
    expect(issue({ ...base, center_x: 0, center_y: 0, center_z: 0, size_x: 9, size_y: 9, size_z: 9, accuracy: 65 })).toBe('精确度须为 1–64 的整数！');
    expect(issue({ ...base, center_x: 0, center_y: 0, center_z: 0, size_x: 9, size_y: 9, size_z: 9, filter: 0 })).toBe('结果保留排名须为 1–2000 的整数！');
  });
});

describe('docking engine (PDBFixer + pdb2pqr + Open Babel + AutoDock Vina)', () => {
  it('docks two ligands into the detected ATP site and reports the malformed one', async () => {
    const [atpSite] = detectPocketsFromFile(AURKA);
    const pocket = { name: atpSite!.name, center: atpSite!.box.center, size: atpSite!.box.size };
    const csv = 'smiles,name\nCc1ccc(Nc2nccc(-c3cccnc3)n2)cc1,anilinopyrimidine\nnot_a_smiles,broken\nc1ccc2[nH]ccc2c1,indole\n';
    const run = await runModule(
      autodockModule,
      { protein_source: 'file', mole_type: 'file', pockets: [JSON.stringify(pocket)], accuracy: 1, posture: 2, filter: 50, seed: 7 },
      [
        { field: 'protein', originalName: 'aurka.pdb', source: AURKA },
        { field: 'smiles', originalName: 'three.csv', content: csv },
      ],
      { timeoutMs: 300_000 },
    );
    expect(run.error, run.steps.map((s) => s.stderr).join('\n')).toBeUndefined();
    const rows = run.result!.rows as { ID: string; pocket: string; score: number[]; error?: string }[];
    const docked = rows.filter((r) => !r.error);
    expect(docked.map((r) => r.ID).sort()).toEqual(['pocket1_anilinopyrimidine', 'pocket1_indole']);
    for (const r of docked) {
      expect(r.pocket).toBe('pocket1');
      expect(r.score[0]).toBeLessThan(-3);
      expect(r.score.length).toBeLessThanOrEqual(2);
    }
    expect(rows.find((r) => r.error)?.error).toMatch(/SMILES/);
    const poses = sdfRecords(await run.read('poses.sdf'));
    expect(poses.length).toBeGreaterThanOrEqual(2);
    expect(sdfProp(poses[0]!, 'rank')).toBe('1');
    const parts = JSON.parse(await run.read('part_to_IDs.json')) as { part: string; IDs: string[] }[];
    expect(parts).toEqual([{ part: 'pocket1', IDs: expect.arrayContaining(['pocket1_indole', 'pocket1_anilinopyrimidine']) }]);
    const statis = JSON.parse(await run.read('statis.json')) as Record<string, unknown>;
    expect(statis).toMatchObject({ valid_count: 2 });
    expect(await run.read('complex.pdb')).toMatch(/HETATM.*LIG/);
    expect(run.result!.summary).toMatchObject({ seed: expect.any(Number) });
  }, 400_000);
});
