import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SKIP_UNREADABLE_FIELD } from '@yunyao/contract/api';
import { newUser, startTestPlatform, submitFiles, waitForTask, type TestPlatform } from './support/harness.ts';

/**
 * A training table of small molecules labelled with their heavy-atom count and whether they hold an
 * oxygen: labels the structures determine, so even a two-trial build learns them.
 */
const MOLECULES = [
  'CC', 'CCC', 'CCCC', 'CCCCC', 'CCCCCC', 'CCCCCCC', 'CCO', 'CCCO', 'CCCCO', 'CCCCCO', 'CC(C)O', 'CC(C)CO', 'c1ccccc1', 'Cc1ccccc1',
  'CCc1ccccc1', 'Oc1ccccc1', 'OCc1ccccc1', 'CC(=O)O', 'CCC(=O)O', 'CCCC(=O)O', 'C1CCCCC1', 'CC1CCCCC1', 'OC1CCCCC1', 'CC(C)C',
  'CC(C)CC', 'CCOC', 'CCOCC', 'COc1ccccc1', 'CC(=O)C', 'CCC(=O)C', 'c1ccc2ccccc2c1', 'Oc1ccc2ccccc2c1',
];
const heavyAtoms = (smiles: string) => smiles.replace(/[^A-Za-z]/g, '').replace(/[HR]/g, '').length;
const table = (rows: string[][]) => `${rows.map((r) => r.join(',')).join('\n')}\n`;
const TRAINING = table([['smiles', 'heavy_atoms', 'has_oxygen'], ...MOLECULES.map((s) => [s, String(heavyAtoms(s)), s.includes('O') ? 'yes' : 'no'])]);

let t: TestPlatform;
let token: string;
let other: string;
beforeAll(async () => {
  t = await startTestPlatform();
  token = (await newUser(t, 'qsar@example.com', 50)).token;
  other = (await newUser(t, 'qsar-other@example.com', 50)).token;
});
afterAll(() => t?.close());

const build = (fields: Record<string, string>, data = TRAINING) =>
  submitFiles(t, token, '/api/qsartuna', [{ field: 'smiles', name: 'train.csv', data }], {
    mode: 'regression',
    smiles_col: 'smiles',
    labels_col: 'heavy_atoms',
    trials: '2',
    time_budget: '1',
    ...fields,
  });

describe('QSAR build form: the table read for its columns, and every refusal before anything is held', () => {
  it('answers the column names (the spec call) and the proposals (inspect)', async () => {
    const headers = await submitFiles<string[]>(t, token, '/api/qsartuna/headers', [{ field: 'file', name: 'train.csv', data: TRAINING }]);
    expect(headers.body.errno, headers.body.errmsg).toBe(0);
    expect(headers.body.data).toEqual(['smiles', 'heavy_atoms', 'has_oxygen']);
    const inspect = await submitFiles<{ smiles_col: string; labels_col: string; mode: string; rows: number }>(t, token, '/api/qsartuna/inspect', [
      { field: 'file', name: 'train.csv', data: TRAINING },
    ]);
    expect(inspect.body.data).toMatchObject({ smiles_col: 'smiles', rows: MOLECULES.length });
  });

  it('refuses with the spec messages, the unavailable descriptors with why, and bad labels with the line', async () => {
    const none = await submitFiles(t, token, '/api/qsartuna', [], { mode: 'regression', smiles_col: 'smiles', labels_col: 'heavy_atoms' });
    expect(none.body.errmsg).toBe('请上传csv/sdf文件！');
    const cos = await submitFiles(t, token, '/api/qsartuna', [], { mole_type: 'cos', mode: 'regression', smiles_col: 'smiles', labels_col: 'heavy_atoms' });
    expect(cos.body.errmsg).toBe('请选择数据中心csv/sdf文件！');
    expect((await build({ descriptors: 'ECFP,Avalon' })).body.errmsg).toBe('描述符 Avalon 在本平台不可用：Debian 打包的 RDKit 未编译 Avalon 工具包');
    expect((await build({ algorithms: 'SVC' })).body.errmsg).toBe('算法 SVC 不适用于回归模型！');
    const constant = table([['smiles', 'y'], ...MOLECULES.map((s) => [s, '1.5'])]);
    expect((await build({ labels_col: 'y' }, constant)).body.errno).not.toBe(0);
    const words = table([['smiles', 'y'], ...MOLECULES.map((s, i) => [s, i === 3 ? 'high' : String(i)])]);
    expect((await build({ labels_col: 'y' }, words)).body.errmsg).toMatch(/high/);
    const few = table([['smiles', 'y'], ...MOLECULES.slice(0, 5).map((s, i) => [s, String(i)])]);
    expect((await build({ labels_col: 'y' }, few)).body.errno).not.toBe(0);
    const tasks = await t.api<{ total: number }>('/api/tasks?module=qsartuna', { token });
    expect(tasks.body.data.total).toBe(0);
  });
});

describe('QSAR build → registry → prediction', () => {
  it('builds a model (unreadable rows skipped at the user’s word), lists, renames and serves it, and predicts with it', async () => {
    const withBroken = `${TRAINING}C1CC,3,no\n`;
    const refused = await build({}, withBroken);
    expect(refused.body.errmsg).toMatch(/C1CC/);
    // Heavy atoms are one of the physicochemical descriptors: a forest learns them in two trials.
    const sub = await build({ [SKIP_UNREADABLE_FIELD]: '1', descriptors: 'UnscaledPhyschemDescriptors', algorithms: 'RandomForestRegressor' }, withBroken);
    expect(sub.body.errno, sub.body.errmsg).toBe(0);
    const done = await waitForTask(t, token, sub.body.data.task_id, 120_000);
    expect(done.status_text, JSON.stringify(done)).toBe('已完成');
    const tunaId = sub.body.data.task_id;

    const models = await t.api<{ tuna_id: number; name: string; mode: string; label: string }[]>('/api/qsartuna/models', { token });
    expect(models.body.data).toEqual([expect.objectContaining({ tuna_id: tunaId, name: 'heavy_atoms', mode: 'regression', label: 'heavy_atoms' })]);
    expect((await t.api<unknown[]>('/api/qsartuna/models', { token: other })).body.data).toEqual([]);
    const renamed = await t.api('/api/qsartuna/models/rename', { method: 'POST', token, json: { id: tunaId, name: '重原子数' } });
    expect(renamed.body.errno).toBe(0);
    const card = await t.api<{ name: string; card: { data: { skipped: unknown[] } } }>(`/api/qsartuna/models/${tunaId}`, { token });
    expect(card.body.data.name).toBe('重原子数');
    expect(card.body.data.card.data.skipped).toHaveLength(1);
    expect((await t.api(`/api/qsartuna/models/${tunaId}`, { token: other })).status).toBe(404);

    const file = await fetch(`${t.url}/api/qsartuna/models/${tunaId}/download`, { headers: { authorization: `Bearer ${token}` } });
    const artefact = JSON.parse(gunzipSync(Buffer.from(await file.arrayBuffer())).toString('utf8')) as { format: string };
    expect(artefact.format).toBe('yunyao-qsar/2');

    const predict = (auth: string, tuna_id: number) =>
      submitFiles(t, auth, '/api/qsarpred', [{ field: 'model', name: 'forged.json.gz', data: 'not a model' }], { mole_type: 'molecule', molecules: 'CCCCCCCC octane\nOCCO glycol', tuna_id: String(tuna_id) });
    expect((await predict(other, tunaId)).body.errmsg).toBe('QSAR 模型不存在或已删除！');
    const pred = await predict(token, tunaId);
    expect(pred.body.errno, pred.body.errmsg).toBe(0);
    expect((await waitForTask(t, token, pred.body.data.task_id)).status_text).toBe('已完成');
    const rows = await t.api<{ ID: string; prediction: number; lower: number; upper: number; atom_weights: number[] }[]>(`/api/tasks/output/${pred.body.data.task_id}`, { token });
    const [octane, glycol] = rows.body.data;
    expect(octane).toMatchObject({ ID: 'octane' });
    expect(octane!.prediction).toBeGreaterThan(glycol!.prediction);
    expect(octane!.lower).toBeLessThan(octane!.prediction);
    expect(octane!.upper).toBeGreaterThan(octane!.prediction);
    expect(octane!.atom_weights).toHaveLength(8);

    expect((await t.api(`/api/qsartuna/models/${tunaId}`, { method: 'DELETE', token })).body.errno).toBe(0);
    expect((await t.api('/api/qsartuna/models', { token })).body.data).toEqual([]);
    expect((await predict(token, tunaId)).body.errmsg).toBe('QSAR 模型不存在或已删除！');
  }, 240_000);
});
