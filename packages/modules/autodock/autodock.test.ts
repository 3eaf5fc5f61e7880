import { afterAll, describe, expect, it } from 'vitest';
import { autodockModule } from './autodock.module.ts';
import { autodockParams, BLIND_WITH_SITE, dockingSites, siteCount, SITE_MISSING } from './autodock.form.ts';
import { cleanupStaged, runModule } from '../shared/run-steps.testing.ts';
import { renderMessage } from '@yunyao/contract';

/** A refusal as the Chinese page reads it (schemas give message ids). */
const zh = (id: string | undefined) => (id === undefined ? undefined : renderMessage(id, 'zh'));

afterAll(cleanupStaged);

// Aurora A kinase without its inhibitor (Debian rdkit-data); the detector ranks its ATP site first.
const AURKA = '/usr/share/RDKit/Contrib/CalcLigRMSD/data/aurka_protein_2c6e.pdb';

const issue = (input: unknown) => zh(autodockParams.safeParse(input).error?.issues[0]?.message);

describe('docking params', () => {
  const base = { protein_source: 'file', mole_type: 'molecule', molecules: 'CCO' };

  it('need a pocket or a whole manual box', () => {
    expect(issue(base)).toBe(zh(SITE_MISSING));
    expect(issue({ ...base, center_x: 1, center_y: 2, center_z: 3, size_x: 20, size_y: 20 })).toBe(zh(SITE_MISSING));
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

describe('blind docking params', () => {
  const base = { protein_source: 'file', mole_type: 'molecule', molecules: 'CCO' };

  it('need no site, take 1–5 pockets (3 by default) and refuse a site given as well', () => {
    expect(siteCount(autodockParams.parse({ ...base, blind: 'true' }))).toBe(3);
    expect(siteCount(autodockParams.parse({ ...base, blind: 'true', blind_pockets: '5' }))).toBe(5);
    expect(issue({ ...base, blind: 'true', blind_pockets: 6 })).toBe('盲对接口袋数须为 1–5 的整数！');
    expect(issue({ ...base, blind: 'true', pockets: [{ name: 'p', center: [0, 0, 0], size: [9, 9, 9] }] })).toBe(zh(BLIND_WITH_SITE));
    expect(issue({ ...base, blind: 'false' })).toBe(zh(SITE_MISSING));
  });

  it('hold a cost that grows with the number of pockets', () => {
    const inputs = { protein: [{ name: 'p.pdb', bytes: 1e5, records: 1, atoms: 2000 }], smiles: [{ name: 'm.csv', bytes: 500, records: 10, atoms: 250 }] };
    const cost = (n: number) => autodockModule.estimateCoreHours(autodockParams.parse({ ...base, blind: 'true', blind_pockets: n }), inputs);
    expect(cost(5)).toBeGreaterThan(cost(3));
    expect(cost(3)).toBeGreaterThan(cost(1));
  });
});

// Docking into a chosen site runs through the platform in apps/server/test/docking.test.ts (rows, poses, complex,
// provenance) and in the browser journey; blind docking, here.
describe('docking engine (PDBFixer + pdb2pqr + Open Babel + AutoDock Vina)', () => {
  it('docks blind into the top two detected pockets and reads every pose’s interactions', async () => {
    const run = await runModule(
      autodockModule,
      { protein_source: 'file', mole_type: 'file', blind: 'true', blind_pockets: 2, accuracy: 1, posture: 1, seed: 7 },
      [
        { field: 'protein', originalName: 'aurka.pdb', source: AURKA },
        { field: 'smiles', originalName: 'indole.csv', content: 'smiles,name\nc1ccc2[nH]ccc2c1,indole\n' },
      ],
      { timeoutMs: 300_000 },
    );
    expect(run.error, run.steps.map((s) => s.stderr).join('\n')).toBeUndefined();
    const rows = run.result!.rows as { ID: string; pocket: string; LE: number; heavy_atoms: number; contacts: string[] }[];
    // One row per pocket: the best pose of the ligand in each.
    expect(rows.map((r) => r.pocket).sort()).toEqual(['pocket1', 'pocket2']);
    for (const r of rows) {
      expect(r.heavy_atoms).toBe(9);
      expect(r.LE).toBeGreaterThan(0.3);
      expect(r.contacts.length).toBeGreaterThan(2);
    }
    const summary = run.result!.summary as { blindPockets: { name: string }[]; sites: number; interactions: { posesAnalysed: number; failures: number } };
    expect(summary.blindPockets.map((p) => p.name)).toEqual(['pocket1', 'pocket2']);
    expect(summary.sites).toBe(2);
    expect(summary.interactions).toMatchObject({ posesAnalysed: 2, failures: 0 });
    const interactions = JSON.parse(await run.read('interactions.json')) as { poses: { id: string; interactions: { type: string; residue: string }[] }[] };
    expect(interactions.poses.some((p) => p.interactions.length > 0)).toBe(true);
    expect((await run.read('scores.csv')).split(/\r?\n/)[0]).toBe('\uFEFFID,ligand,pocket,SMILES,score,heavy_atoms,LE,FQ,contacts,pb_valid,pb_failed,error');
    // Every pose's PoseBusters-style checks: the best pose's flag in the row, every pose's in the SD tags.
    const checked = run.result!.rows as { pb_valid: boolean | null; pb_failed: string[]; pb_poses: (boolean | null)[] }[];
    for (const r of checked) {
      expect(typeof r.pb_valid, JSON.stringify(r)).toBe('boolean');
      expect(r.pb_poses).toEqual([r.pb_valid]);
      expect(r.pb_failed.length === 0).toBe(r.pb_valid);
    }
    expect((await run.read('poses.sdf')).match(/> {2}<pb_valid>/g)).toHaveLength(2);
    console.log('pose checks', JSON.stringify(checked.map((r) => [r.pb_valid, r.pb_failed])), JSON.stringify((run.result!.summary as { poseChecks: unknown }).poseChecks));
  }, 400_000);
});
