import { readFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { selectRows } from '@yunyao/db';
import { typedMoleculesCsv } from '@yunyao/modules';
import { detectPocketsFromFile } from '@yunyao/pockets/node';
import type { TaskRow } from '@yunyao/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sdfRecords, sdfTag } from '../../../packages/modules/group/run/sdf-records.ts';
import { newUser, outputText, processesUnder, startTestPlatform, submitFiles, waitForTask, type TestPlatform } from './support/harness.ts';

// Aurora A kinase without its inhibitor (Debian rdkit-data); the detector ranks its ATP site first.
const AURKA = '/usr/share/RDKit/Contrib/CalcLigRMSD/data/aurka_protein_2c6e.pdb';
// 20 residues of p38 around a ligand: its receptor is prepared in a fraction of AURKA's time.
const P38_POCKET = 'test-fixtures/mmgbsa/p38_pocket.pdb';
const LIGANDS = ['Cc1ccc(Nc2nccc(-c3cccnc3)n2)cc1 anilinopyrimidine', 'c1ccc2[nH]ccc2c1 indole', 'C1CC( broken'];

let t: TestPlatform;
let token: string;
let pocket: string;

const firstPocket = (pdb: string) => {
  const [site] = detectPocketsFromFile(pdb);
  return JSON.stringify({ name: site!.name, center: site!.box.center, size: site!.box.size });
};

// Uploaded as a table, not typed: typed lines RDKit cannot read are refused at submission, an uploaded file's per molecule.
const dock = (molecules: string[], extra: Record<string, string> = {}, protein = AURKA) =>
  submitFiles(t, token, '/api/autodock/v2', [
    { field: 'protein', name: 'receptor.pdb', data: readFileSync(protein) },
    { field: 'smiles', name: 'ligands.csv', data: typedMoleculesCsv(molecules.join('\n')) },
  ], {
    protein_source: 'file',
    mole_type: 'file',
    'pockets[]': pocket,
    accuracy: '1',
    posture: '2',
    seed: '11',
    ...extra,
  });

beforeAll(async () => {
  t = await startTestPlatform();
  token = (await newUser(t, 'docking@example.com')).token;
  pocket = firstPocket(AURKA);
});
afterAll(() => t?.close());

describe('docking through the API', () => {
  it('validates the protein source, the molecules and the site with the spec messages', async () => {
    const noProtein = await submitFiles(t, token, '/api/autodock', [], { protein_source: 'file', mole_type: 'molecule', molecules: 'CCO', 'pockets[]': pocket });
    expect(noProtein.body.errmsg).toBe('请上传蛋白质文件！');
    const noPdbId = await submitFiles(t, token, '/api/autodock', [], { protein_source: 'rcsb', pdb_id: '12', mole_type: 'molecule', molecules: 'CCO', 'pockets[]': pocket });
    expect(noPdbId.body.errmsg).toBe('请输入蛋白质pdbid！');
    const protein = { field: 'protein', name: 'aurka.pdb', data: readFileSync(AURKA) };
    const noMolecules = await submitFiles(t, token, '/api/autodock/v2', [protein], { protein_source: 'file', mole_type: 'molecule', molecules: '', 'pockets[]': pocket });
    expect(noMolecules.body.errmsg).toBe('请输入化合物分子式！');
    const noSite = await submitFiles(t, token, '/api/autodock', [{ field: 'protein', name: 'a.pdb', data: readFileSync(AURKA) }], { protein_source: 'file', mole_type: 'molecule', molecules: 'CCO' });
    expect(noSite.body.errmsg).toBe('请选择对接口袋，或填写对接盒子的中心与尺寸！');
    const badCofactor = await dock(['CCO ethanol'], { keep_hetero: 'HEME' });
    expect(badCofactor.body.errmsg).toBe('保留的杂原子基团须为 1–3 位字母或数字的残基名（如 HEM、ZN），用逗号分隔！');
  });

  it('docks three ligands into a detected pocket, the malformed one skipped at the user\'s word and reported per molecule', async () => {
    const refused = await dock(LIGANDS);
    expect(refused.body).toMatchObject({ errno: 40008, data: { file: 'ligands.csv', molecules: 3, lines: [{ line: expect.any(Number), reason: expect.stringMatching(/SMILES/) }] } });
    // Into the small p38 pocket (a kinase's ATP site, as Aurora A's): the cofactors asked for make this
    // receptor one of its own, prepared afresh, in seconds rather than Aurora A's tens.
    const res = await dock(LIGANDS, { skip_unreadable: '1', keep_hetero: 'zn,MG', 'pockets[]': firstPocket(P38_POCKET) }, P38_POCKET);
    expect(res.body.errno, res.body.errmsg).toBe(0);
    const id = res.body.data.task_id;
    const done = await waitForTask(t, token, id, 300_000);
    expect(done.status_text, done.result ?? '').toBe('已完成');
    // The engine's one run on a chosen site outside the browser journey (packages/modules/autodock/autodock.test.ts checks
    // the forms and costs): each docked molecule's best poses (posture 2) in its pocket, ranked, and the complex.
    const rows = (await t.api<{ ID: string; pocket: string; score: number[]; error?: string }[]>(`/api/tasks/output/${id}`, { token })).body.data;
    const docked = rows.filter((r) => !r.error);
    expect(docked.map((r) => r.ID).sort()).toEqual(['pocket1_anilinopyrimidine', 'pocket1_indole']);
    for (const r of docked) {
      expect(r.pocket).toBe('pocket1');
      expect(r.score[0]).toBeLessThan(-3);
      expect(r.score.length).toBeLessThanOrEqual(2);
    }
    expect(rows.find((r) => r.error)?.error).toMatch(/SMILES/);
    const poses = sdfRecords(await outputText(t, token, id, 'poses.sdf'));
    expect(poses.length).toBeGreaterThanOrEqual(2);
    expect(sdfTag(poses[0]!, 'rank')).toBe('1');
    expect(JSON.parse(await outputText(t, token, id, 'part_to_IDs.json'))).toEqual([{ part: 'pocket1', IDs: expect.arrayContaining(['pocket1_indole', 'pocket1_anilinopyrimidine']) }]);
    expect(await outputText(t, token, id, 'complex.pdb')).toMatch(/HETATM.*LIG/);
    const files = (await t.api<{ outputs: { name: string }[] }>(`/api/tasks/files/${id}`, { token })).body.data.outputs.map((f) => f.name);
    expect(files).toEqual(expect.arrayContaining(['result.json', 'part_to_IDs.json', 'poses.sdf', 'complex.pdb', 'statis.json', 'protein_prepared.pdb', 'prep.log']));
    type Provenance = { engines: { id: string; version: string }[]; seed: number; statis: { valid_count: number }; preparation: { keepHeteroRequested: string[]; warnings: string[] } };
    const result = (await t.api<Provenance>(`/api/tasks/json/${id}`, { token })).body.data;
    expect(result.engines.map((e) => e.id)).toEqual(expect.arrayContaining(['vina', 'openbabel', 'rdkit']));
    // The cofactor choice reached the receptor preparation and is part of the result's provenance.
    expect(result.preparation.keepHeteroRequested).toEqual(['MG', 'ZN']);
    expect(result.preparation.warnings).toEqual(expect.arrayContaining([expect.stringContaining('要求保留的辅因子 MG 在结构中不存在')]));
    expect(result.seed).toBe(11);
    expect(result.statis.valid_count).toBe(2);
    const row = (await t.api<TaskRow>(`/api/tasks/${id}`, { token })).body.data;
    expect(row.statis).toMatchObject({ valid_count: 2, total_count: expect.any(Number), count: expect.any(Array), interval: expect.any(Array) });
  }, 400_000);

  it('refuses a table with no readable molecule at submission, even when told to skip, holding nothing', async () => {
    const before = await selectRows(t.platform.deps.database.db, sql`select id from tasks`);
    const asked: Record<string, string>[] = [{}, { skip_unreadable: '1' }];
    for (const extra of asked) {
      const res = await dock(['C1CC( broken', 'c1cccc1 not-aromatic'], extra);
      expect(res.body).toMatchObject({ errno: 40000, errmsg: '文件 ligands.csv 中的分子都无法解析，请检查 SMILES 后重新提交！' });
    }
    expect(await selectRows(t.platform.deps.database.db, sql`select id from tasks`)).toEqual(before);
  });

  it('shows progress while screening and stops every Vina process on cancel', async () => {
    const many = Array.from({ length: 12 }, (_, i) => `${'C'.repeat(i + 4)}O alcohol${i}`);
    // Into the small p38 pocket: the screen starts after seconds of receptor preparation rather than tens.
    const id = (await dock(many, { accuracy: '4', 'pockets[]': firstPocket(P38_POCKET) }, P38_POCKET)).body.data.task_id;
    let row: TaskRow | undefined;
    for (let i = 0; i < 600; i++) {
      row = (await t.api<TaskRow>(`/api/tasks/${id}`, { token })).body.data;
      if (row.progress && row.progress.done >= 1) break;
      await new Promise((r) => setTimeout(r, 500));
    }
    expect(row?.progress).toMatchObject({ total: 12, unit: 'ligands' });
    expect(row!.progress!.done).toBeLessThan(12);
    expect((await t.api('/api/tasks/cancel', { method: 'POST', token, json: { task_id: id } })).body.errno).toBe(0);
    expect(await waitForTask(t, token, id)).toMatchObject({ status_text: '已取消' });
    // Every engine is gone within 5 s of the task showing cancelled.
    const deadline = Date.now() + 5000;
    while (processesUnder(t.config.scratchDir).length && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
    expect(processesUnder(t.config.scratchDir)).toEqual([]);
  }, 400_000);
});
