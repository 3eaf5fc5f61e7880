import { readFileSync } from 'node:fs';
import path from 'node:path';
import { detectPocketsFromFile } from '@yunyao/pockets/node';
import type { GraphDtaRow } from '@yunyao/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newUser, startTestPlatform, submitFiles, waitForTask, type TestPlatform } from './support/harness.ts';

const FIXTURES = path.resolve(import.meta.dirname, '../../../python/tests/fixtures');
// Aurora A kinase without its inhibitor (Debian rdkit-data), and an anilinopyrimidine docked in its ATP site.
const AURKA = '/usr/share/RDKit/Contrib/CalcLigRMSD/data/aurka_protein_2c6e.pdb';
const POSE = readFileSync(path.join(FIXTURES, 'aurka_pose.sdf'));
// PIM2, a Davis kinase, and staurosporine, which binds it tightly (pKd 8.72).
const PIM2 = readFileSync(path.join(FIXTURES, 'pim2.fasta'));
const STAUROSPORINE = 'CC12C(C(CC(O1)N3C4=CC=CC=C4C5=C6C(=C7C8=CC=CC=C8N2C7=C53)CNC6=O)NC)OC';


let t: TestPlatform;
let token: string;
let pocket: string;

beforeAll(async () => {
  t = await startTestPlatform();
  token = (await newUser(t, 'affinity@example.com')).token;
  const [site] = detectPocketsFromFile(AURKA);
  pocket = JSON.stringify({ name: site!.name, center: site!.box.center, size: site!.box.size });
});
afterAll(() => t?.close());

describe('2D affinity (graph_dta) through the API', () => {
  const sequence = { field: 'protein', name: 'pim2.fasta', data: PIM2 };

  it('checks the sequence, the molecules and the model with the spec messages', async () => {
    const cases: [Parameters<typeof submitFiles>[3], Record<string, string>, string][] = [
      [[], { mole_type: 'molecule', molecules: 'CCO' }, '请上传氨基酸序列文件！'],
      [[], { protein_source: 'cos', mole_type: 'molecule', molecules: 'CCO' }, '请选择数据中心氨基酸序列文件！'],
      [[sequence], { mole_type: 'molecule', molecules: ' ' }, '请输入化合物分子式！'],
      [[sequence], { mole_type: 'file' }, '请上传.csv格式的小分子文件！'],
      [[sequence], { mole_type: 'molecule', molecules: 'CCO', model: 'bindingdb' }, '请选择预测模型（Davis 或 KIBA）！'],
      [[{ field: 'protein', name: 'pim2.docx', data: 'x' }], { mole_type: 'molecule', molecules: 'CCO' }, '文件格式错误,请确认文件格式并重新上传!（pim2.docx：支持 .fasta、.fa、.txt、.pdb）'],
    ];
    for (const [files, fields, message] of cases) expect((await submitFiles(t, token, '/api/graphdta', files, fields)).body.errmsg).toBe(message);
  });

  // The Davis network on typed molecules runs once through the platform, in e2e/affinity.e2e.ts, which checks
  // through the API what this file checked of it (the strong binder first, the summary, the files).

  it('reports a malformed row of an uploaded table in its row, with the KIBA model', async () => {
    const table = { field: 'smiles', name: 'mols.csv', data: `smiles,name\n${STAUROSPORINE},staurosporine\nC1CC(,broken\n` };
    const refused = await submitFiles(t, token, '/api/graphdta', [sequence, table], { mole_type: 'file', model: 'kiba' });
    expect(refused.body).toMatchObject({ errno: 40008, data: { file: 'mols.csv', lines: [{ line: 3 }] } });
    const res = await submitFiles(t, token, '/api/graphdta', [sequence, table], { mole_type: 'file', model: 'kiba', skip_unreadable: '1' });
    const done = await waitForTask(t, token, res.body.data.task_id, 120_000);
    expect(done.status_text, done.result ?? '').toBe('已完成');
    const rows = (await t.api<GraphDtaRow[]>(`/api/tasks/output/${done.id}`, { token })).body.data;
    expect(rows.find((r) => r.ID === 'staurosporine')).toMatchObject({ Kd: null, error: null, affinity: expect.any(Number) });
    expect(rows.find((r) => r.ID === 'broken')).toMatchObject({ affinity: null, error: expect.any(String) });
  }, 150_000);

  it('refuses a sequence that is not amino acids at submission, with a Chinese reason', async () => {
    const res = await submitFiles(t, token, '/api/graphdta', [{ field: 'protein', name: 'bad.fasta', data: '>bad\nMKTAYJJJ123\n' }], { mole_type: 'molecule', molecules: 'CCO' });
    expect(res.status).toBe(400);
    expect(res.body.errmsg).toBe('文件 bad.fasta 的蛋白序列第 6 位是“J”，不是氨基酸单字母代码（应为 ACDEFGHIKLMNPQRSTVWXY）');
  }, 150_000);
});

describe('3D affinity (sign) through the API', () => {
  const protein = { field: 'protein', name: 'aurka.pdb', data: readFileSync(AURKA) };
  const posed = { field: 'ligand', name: 'pose.sdf', data: POSE };

  it('checks the protein, ligand and site sources with the spec messages', async () => {
    const predicted = { pocket_source: 'predicted', 'pockets[]': pocket };
    const cases: [Parameters<typeof submitFiles>[3], Record<string, string>, string][] = [
      [[posed], { protein_source: 'file', ...predicted }, '请上传蛋白质文件！'],
      [[posed], { protein_source: 'rcsb', pdb_id: '12', ...predicted }, '请输入蛋白质pdbid！'],
      [[protein], { ligand_source: 'file', ...predicted }, '请上传小分子文件！'],
      [[protein], { ligand_source: 'cos', ...predicted }, '请选择数据中心小分子文件！'],
      [[protein], { ligand_source: 'preset', ...predicted }, '请选择预设小分子库（ZINC 或 APPROVED）！'],
      [[protein, posed], { pocket_source: 'predicted' }, '请在口袋表格中选择一个预测口袋！'],
      [[protein, posed], { pocket_source: 'file' }, '请上传结合位点文件！'],
      [[protein, posed], { pocket_source: 'cos' }, '请选择数据中心结合位点文件！'],
      [[protein, posed], { ...predicted, accuracy: '65' }, '精确度须为 1–64 的整数！'],
      [[protein, { field: 'ligand', name: 'big.zip', data: Buffer.alloc(10 * 1024 * 1024 + 1) }], predicted, '请上传10M以内的.zip文件！'],
    ];
    for (const [files, fields, message] of cases) expect((await submitFiles(t, token, '/api/sign', files, fields)).body.errmsg).toBe(message);
  });

  // The engine runs once in the suite, through the platform in e2e/affinity.e2e.ts, which checks through the API
  // what this file checked of it: the posed ligand scored as it is, the flat one docked, the unreadable one's row,
  // the poses, summary and files.
});
