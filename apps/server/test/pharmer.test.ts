import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newUser, startTestPlatform, submitFiles, waitForTask, type TestPlatform } from './support/harness.ts';

const FIXTURES = path.resolve(import.meta.dirname, '../../../python/tests/fixtures');
// Aurora A kinase (Debian rdkit-data) and an anilinopyrimidine posed in its ATP site: a real protein with a bound ligand.
const AURKA = readFileSync('/usr/share/RDKit/Contrib/CalcLigRMSD/data/aurka_protein_2c6e.pdb');
const POSE = readFileSync(path.join(FIXTURES, 'aurka_pose.sdf'), 'utf8');
// The posed ligand's own molecule, and molecules that share few of its features.
const LIGAND_SMILES = 'Cc1ccc(Nc2nccc(-c3cccnc3)n2)cc1';
const DECOYS = ['CCCCCCCCCC', 'OCC(O)CO', 'CC(C)(C)C(=O)OC', 'ClC(Cl)(Cl)Cl'];

interface Feature { id: string; family: string; interacting: boolean; enabled: boolean }
interface Query { features: Feature[]; excluded: unknown[]; reference: { smiles: string; molblock: string } }
interface HitRow { ID: string; SMILES: string; vina: number | null; score: number | null; matched: number | null; total: number | null; error?: string | null }
interface Summary { molecules: number; cache: { hits: number; misses: number }; query: Query }

let t: TestPlatform;
let token: string;

beforeAll(async () => {
  t = await startTestPlatform();
  token = (await newUser(t, 'pharmer@example.com')).token;
});
afterAll(() => t?.close());

const protein = { field: 'protein', name: 'aurka.pdb', data: AURKA };
const reference = { field: 'ligand', name: 'pose.sdf', data: POSE };
const typed = { mole_type: 'molecule', molecules: `${LIGAND_SMILES} reference\n${DECOYS.map((s, i) => `${s} decoy${i + 1}`).join('\n')}` };
const preview = (json: unknown) => t.api<Query>('/api/pharmer/preview', { method: 'POST', token, json });

describe('pharmacophore (pharmer) through the API', () => {
  it('checks the protein, reference and molecule sources with the spec messages', async () => {
    const cases: [Parameters<typeof submitFiles>[3], Record<string, string>, string][] = [
      [[reference], typed, '请上传蛋白质文件！'],
      [[reference], { ...typed, protein_source: 'rcsb', pdb_id: '1a' }, '请输入4位PDB ID！'],
      [[reference], { ...typed, protein_source: 'cos' }, '请选择数据中心蛋白质文件！'],
      [[protein], typed, '请上传配体文件！'],
      [[protein], { ...typed, ligand_source: 'cos' }, '请选择数据中心配体文件！'],
      [[protein, reference], { mole_type: 'file' }, '请上传.csv格式的小分子文件！'],
      [[protein, reference], { mole_type: 'molecule', molecules: '' }, '请选择数据中心配体文件！'],
      [[protein, reference], { mole_type: 'cos' }, '请选择数据中心小分子文件！'],
      [[protein, reference], { ...typed, features: 'F1' }, '请至少保留 2 个药效团特征！'],
      [[protein, reference, reference, reference], typed, '最多上传 2 个文件'],
    ];
    for (const [files, fields, message] of cases) expect((await submitFiles(t, token, '/api/pharmer', files, fields)).body.errmsg).toContain(message);
  });

  it('previews the query of a protein and its posed ligand: features with ids, the interacting ones on, excluded volumes', async () => {
    const res = await preview({ protein: AURKA.toString('utf8'), references: [{ name: 'pose.sdf', text: POSE }] });
    expect(res.body.errno).toBe(0);
    const query = res.body.data;
    expect(query.features.map((f) => f.id)).toEqual(query.features.map((_, i) => `F${i + 1}`));
    expect(query.features.filter((f) => f.enabled).length).toBeGreaterThanOrEqual(2);
    expect(query.features.some((f) => f.interacting && (f.family === 'Donor' || f.family === 'Acceptor'))).toBe(true);
    expect(query.excluded.length).toBeGreaterThan(20);
    expect(query.reference.molblock).toContain('M  END');
    // The same inputs give the same query: the task rebuilds it and the user's switches name its ids.
    expect((await preview({ protein: AURKA.toString('utf8'), references: [{ name: 'pose.sdf', text: POSE }] })).body.data).toEqual(query);
  }, 60_000);

  it('answers a malformed reference with its reason in Chinese, and refuses a missing one', async () => {
    const broken = await preview({ protein: AURKA.toString('utf8'), references: [{ name: 'broken.sdf', text: 'not a molecule\n' }] });
    expect(broken.body.errno).toBe(40000);
    expect(broken.body.errmsg).toMatch(/broken\.sdf/);
    expect(broken.body.errmsg).toMatch(/[\u4e00-\u9fff]/);
    expect((await preview({ protein: AURKA.toString('utf8'), references: [] })).body.errmsg).toBe('请上传配体文件！');
  }, 60_000);

  it('screens typed molecules, ranking the reference ligand first, and reuses the conformers on a repeat screen', async () => {
    const features = (await preview({ protein: AURKA.toString('utf8'), references: [{ name: 'pose.sdf', text: POSE }] })).body.data.features;
    const kept = features.filter((f) => f.enabled).map((f) => f.id).join(',');
    const run = async () => {
      const res = await submitFiles(t, token, '/api/pharmer', [protein, reference], { ...typed, features: kept });
      expect(res.body.errmsg).toBe('任务提交成功!');
      const done = await waitForTask(t, token, res.body.data.task_id, 240_000);
      expect(done.status_text, done.result ?? '').toBe('已完成');
      const rows = (await t.api<HitRow[]>(`/api/tasks/output/${done.id}`, { token })).body.data;
      const summary = (await t.api<Summary>(`/api/tasks/json/${done.id}`, { token })).body.data;
      const outputs = (await t.api<{ outputs: { name: string }[] }>(`/api/tasks/files/${done.id}`, { token })).body.data.outputs.map((f) => f.name);
      return { rows, summary, outputs };
    };
    const cold = await run();
    // Meeting the query first, each group by the Vina energy of the placements optimised in the receptor: the posed ligand first.
    expect(cold.rows[0]).toMatchObject({ ID: 'reference', score: expect.any(Number) });
    expect(cold.rows[0]!.vina).toBeLessThan(-5);
    expect(cold.rows[0]!.matched).toBe(cold.rows[0]!.total);
    expect(cold.summary.cache).toMatchObject({ hits: 0, misses: 5 });
    expect(cold.summary.query.features.filter((f) => f.enabled).map((f) => f.id).join(',')).toBe(kept);
    expect(cold.outputs).toEqual(expect.arrayContaining(['result.csv', 'hits.sdf', 'query.json', 'protein.pdb', 'summary.json']));
    const warm = await run();
    expect(warm.summary.cache).toMatchObject({ hits: 5, misses: 0 });
    expect(warm.rows.map((r) => [r.ID, r.vina, r.score])).toEqual(cold.rows.map((r) => [r.ID, r.vina, r.score]));
  }, 600_000);
});
