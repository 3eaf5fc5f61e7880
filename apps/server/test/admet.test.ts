import { spawnSync } from 'node:child_process';
import type { AdmetDetail, AdmetFilterResponse, AdmetModelCard, AdmetResultItem } from '@yunyao/contract';
import { typedMoleculesCsv } from '@yunyao/modules';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newUser, startTestPlatform, submitFiles, waitForTask, type TestPlatform } from './support/harness.ts';

const ASPIRIN = 'CC(=O)Oc1ccccc1C(=O)O';
const CAFFEINE = 'Cn1cnc2c1c(=O)n(C)c(=O)n2C';
const DRUGS: [string, string][] = [
  [ASPIRIN, 'aspirin'],
  [CAFFEINE, 'caffeine'],
  ['CN1CCC[C@H]1c1cccnc1', 'nicotine'],
  ['CC(C)Cc1ccc(cc1)C(C)C(=O)O', 'ibuprofen'],
  ['CN(C)CCCN1c2ccccc2CCc2ccccc21', 'imipramine'],
  ['OC[C@H]1OC(O)[C@H](O)[C@@H](O)[C@@H]1O', 'glucose'],
];
const BROKEN = 'C1CC(';

// The independent computation: RDKit's own Crippen logP and molecular weight.
const RDKIT_REFERENCE = `
import json, sys
from rdkit import Chem
from rdkit.Chem import Crippen, Descriptors
out = {}
for s in sys.argv[1:]:
    m = Chem.MolFromSmiles(s)
    out[s] = dict(logP=Crippen.MolLogP(m), mw=Descriptors.MolWt(m))
print(json.dumps(out))
`;

let t: TestPlatform;
let token: string;
let taskId: number;
let rows: AdmetResultItem[];
let reference: Record<string, { logP: number; mw: number }>;

const filter = (fields: Record<string, string | number>, who = token) =>
  t.api<AdmetFilterResponse>('/api/admet/filter', { method: 'POST', token: who, json: { task_id: taskId, limit: 200, ...fields } });
const num = (row: AdmetResultItem, key: string) => row[key] as number;

beforeAll(async () => {
  t = await startTestPlatform();
  token = (await newUser(t, 'medchem@example.com')).token;
  const res = spawnSync('/usr/bin/python3', ['-c', RDKIT_REFERENCE, ...DRUGS.map(([s]) => s)], { encoding: 'utf8' });
  reference = JSON.parse(res.stdout);
  // The user chose to skip the unreadable line the submission named: the step reports it in its row.
  const csv = typedMoleculesCsv([...DRUGS.map(([s, n]) => `${s} ${n}`), BROKEN].join('\n'));
  const submitted = await submitFiles(t, token, '/api/admet', [{ field: 'smiles', name: 'drugs.csv', data: csv }], { mole_type: 'file', skip_unreadable: '1' });
  expect(submitted.body.errmsg).toBe('任务提交成功!');
  taskId = submitted.body.data.task_id;
  const done = await waitForTask(t, token, taskId, 120_000);
  expect(done.status_text, done.result ?? '').toBe('已完成');
  rows = (await t.api<AdmetResultItem[]>(`/api/tasks/output/${taskId}`, { token })).body.data;
}, 180_000);
afterAll(() => t?.close());

describe('ADMET submissions', () => {
  it('check each molecule source with the spec messages', async () => {
    // RDKit reads every typed line at submission: a typo is named with its line and reason, and nothing is held.
    const typed = { mole_type: 'molecule', molecules: 'CCO ethanol\nxyz broken\n\nC1CC ring' };
    const typo = await submitFiles(t, token, '/api/admet', [], typed);
    expect(typo.body.errmsg).toBe(
      "输入的分子中有 2 行无法解析（第 2 行 xyz：SMILES Parse Error: syntax error while parsing: xyz；SMILES Parse Error: Failed parsing SMILES 'xyz' for input: 'xyz'；第 4 行 C1CC：SMILES Parse Error: unclosed ring for input: 'C1CC'），请修改或删除这些行后重新提交！",
    );
    expect(typo.body).toMatchObject({ errno: 40008, data: { file: null, molecules: 3, lines: [{ line: 2, smiles: 'xyz' }, { line: 4, smiles: 'C1CC' }] } });
    // Told to skip them, the submission keeps the readable molecule only, under its own name.
    const skipped = await submitFiles(t, token, '/api/admet', [], { ...typed, skip_unreadable: '1' });
    expect(skipped.body.errno, skipped.body.errmsg).toBe(0);
    const skippedTask = await waitForTask(t, token, skipped.body.data.task_id, 120_000);
    expect(skippedTask.status_text, skippedTask.result ?? '').toBe('已完成');
    const kept = (await t.api<AdmetResultItem[]>(`/api/tasks/output/${skipped.body.data.task_id}`, { token })).body.data;
    expect(kept.map((r) => [r.name, r.Smiles])).toEqual([['ethanol', 'CCO']]);
    const badTable = await submitFiles(t, token, '/api/admet', [{ field: 'smiles', name: 'bad.csv', data: 'smiles,name\nCCO,ethanol\nC1CC(,broken\n' }], { mole_type: 'file' });
    expect(badTable.body).toMatchObject({ errno: 40008, data: { file: 'bad.csv', molecules: 2, lines: [{ line: 3, smiles: 'C1CC(' }] } });
    expect(badTable.body.errmsg).toMatch(/^文件 bad\.csv 中有 1 行无法解析（第 3 行 C1CC\(：/);
    const noSmilesColumn = await submitFiles(t, token, '/api/admet', [{ field: 'smiles', name: 'cols.csv', data: 'name,weight\nethanol,46\n' }], { mole_type: 'file' });
    expect(noSmilesColumn.body).toMatchObject({ errno: 40000 });
    expect(noSmilesColumn.body.errmsg).toMatch(/cols\.csv/);
    const empty = await submitFiles(t, token, '/api/admet', [], { mole_type: 'molecule', molecules: '  \n ' });
    expect(empty.body.errmsg).toBe('请输入化合物分子式！');
    const many = await submitFiles(t, token, '/api/admet', [], { mole_type: 'molecule', molecules: Array(101).fill('CCO').join('\n') });
    expect(many.body.errmsg).toBe('最多输入 100 个分子，更多分子请上传 .csv 文件！');
    const noCos = await submitFiles(t, token, '/api/admet', [], { mole_type: 'cos' });
    expect(noCos.body.errmsg).toBe('请选择数据中心小分子文件！');
    const noFile = await submitFiles(t, token, '/api/admet', [], { mole_type: 'file' });
    expect(noFile.body.errmsg).toBe('请上传.csv格式的小分子文件！');
    const wrongType = await submitFiles(t, token, '/api/admet', [{ field: 'smiles', name: 'a.sdf', data: 'x' }], { mole_type: 'file' });
    expect(wrongType.body.errmsg).toBe('文件格式错误,请确认文件格式并重新上传!（a.sdf：支持 .csv）');
  });

  it('predicts every molecule, reporting the unreadable one without failing the batch', () => {
    expect(rows).toHaveLength(DRUGS.length + 1);
    expect(rows.map((r) => r.name)).toEqual([...DRUGS.map(([, n]) => n), 'mol_7']);
    const broken = rows.at(-1)!;
    expect(broken.error).toMatch(/SMILES/);
    expect(broken.BBB_Martins ?? null).toBeNull();
    for (const row of rows.slice(0, -1)) {
      expect(row.error ?? null).toBeNull();
      for (const key of ['HIA_Hou', 'PAMPA_NCATS', 'BBB_Martins', 'hERG', 'ClinTox']) {
        expect(num(row, key)).toBeGreaterThanOrEqual(0);
        expect(num(row, key)).toBeLessThanOrEqual(1);
      }
      expect(Number.isFinite(num(row, 'Solubility_AqSolDB'))).toBe(true);
      expect(num(row, 'Half_Life_Obach')).toBeGreaterThan(0);
      expect(Array.isArray(row.out_of_domain)).toBe(true);
    }
  });

  it('gives sane values for known drugs', () => {
    const byName = new Map(rows.map((r) => [r.name, r]));
    expect(num(byName.get('caffeine')!, 'BBB_Martins')).toBeGreaterThan(0.5);
    expect(num(byName.get('aspirin')!, 'logP')).toBeCloseTo(reference[ASPIRIN]!.logP, 1);
    expect(Math.abs(num(byName.get('aspirin')!, 'logP') - reference[ASPIRIN]!.logP)).toBeLessThanOrEqual(0.1);
    expect(num(byName.get('aspirin')!, 'molecular_weight')).toBeCloseTo(reference[ASPIRIN]!.mw, 1);
    // Glucose dissolves in water far better than imipramine's free base (AqSolDB: about 0.7 vs −4.2 log mol/L).
    expect(num(byName.get('glucose')!, 'Solubility_AqSolDB')).toBeGreaterThan(num(byName.get('imipramine')!, 'Solubility_AqSolDB'));
  });

  it('reads molecules from a data-center csv', async () => {
    const form = new FormData();
    form.append('type', 'smiles');
    form.append('file', new Blob(['name,smiles\nethanol,CCO\nphenol,Oc1ccccc1\n']), 'two.csv');
    const uploaded = await t.api<{ id: number }>('/api/files', { method: 'POST', token, body: form });
    expect(uploaded.body.errno).toBe(0);
    const submitted = await submitFiles(t, token, '/api/admet', [], { mole_type: 'cos', smiles_cos: String(uploaded.body.data.id) });
    const done = await waitForTask(t, token, submitted.body.data.task_id, 120_000);
    expect(done.status_text, done.result ?? '').toBe('已完成');
    const out = (await t.api<AdmetResultItem[]>(`/api/tasks/output/${submitted.body.data.task_id}`, { token })).body.data;
    expect(out.map((r) => [r.name, r.Smiles])).toEqual([
      ['ethanol', 'CCO'],
      ['phenol', 'Oc1ccccc1'],
    ]);
  }, 150_000);
});

describe('POST /api/admet/filter', () => {
  it('returns every row without conditions, paged', async () => {
    const all = await filter({});
    expect(all.body.data.totalCount).toBe(rows.length);
    const page2 = await filter({ page: 2, limit: 3 });
    expect(page2.body.data.admets.map((r) => r.index)).toEqual([4, 5, 6]);
  });

  it('applies ranges, thresholds and the BBB / hERG cuts exactly as the rows say', async () => {
    const ok = rows.filter((r) => !r.error);
    const cases: [Record<string, string | number>, (r: AdmetResultItem) => boolean][] = [
      [{ logP: '0,3' }, (r) => num(r, 'logP') >= 0 && num(r, 'logP') <= 3],
      [{ molecular_weight: '150,200', tpsa: '0,140' }, (r) => num(r, 'molecular_weight') >= 150 && num(r, 'molecular_weight') <= 200 && num(r, 'tpsa') <= 140],
      [{ QED: 0.5 }, (r) => num(r, 'QED') >= 0.5],
      [{ ClinTox: 0.3 }, (r) => num(r, 'ClinTox') <= 0.3],
      [{ BBB_Martins: 1 }, (r) => num(r, 'BBB_Martins') >= 0.5],
      [{ BBB_Martins: 2 }, (r) => num(r, 'BBB_Martins') < 0.5],
      [{ hERG: 1 }, (r) => num(r, 'hERG') >= 0.3],
      [{ hERG: 2, Half_Life_Obach: '0,240' }, (r) => num(r, 'hERG') < 0.3 && num(r, 'Half_Life_Obach') <= 240],
      [{ Solubility_AqSolDB: 0.5 }, (r) => num(r, 'soluble_probability') >= 0.5],
    ];
    for (const [fields, keep] of cases) {
      const res = await filter(fields);
      const expected = ok.filter(keep).map((r) => r.index);
      expect(res.body.data.admets.map((r) => r.index), JSON.stringify(fields)).toEqual(expected);
      expect(res.body.data.totalCount).toBe(expected.length);
    }
  });

  it('rejects malformed ranges and values with a message', async () => {
    expect((await filter({ logP: '3,1' })).body.errmsg).toBe('logP 范围的最小值不能大于最大值');
    expect((await filter({ QED: 2 })).body.errmsg).toBe('QED 必须是 0 到 1 之间的数字');
    expect((await filter({ hERG: 3 })).body.errmsg).toBe('hERG 只能为 1（阳性）或 2（阴性）');
  });

  it("hides another user's task", async () => {
    const other = (await newUser(t, 'someone-else@example.com')).token;
    const res = await filter({}, other);
    expect(res.body.errno).not.toBe(0);
  });

  it('downloads the filtered rows as CSV', async () => {
    const res = await fetch(`${t.url}/api/admet/filter?task_id=${taskId}&BBB_Martins=1&type=csv`, { headers: { authorization: `Bearer ${token}` } });
    expect(res.headers.get('content-type')).toMatch(/text\/csv/);
    const lines = (await res.text()).trim().split('\n');
    const expected = rows.filter((r) => !r.error && num(r, 'BBB_Martins') >= 0.5);
    expect(lines).toHaveLength(expected.length + 1);
    expect(lines[0]).toMatch(/^index,name,Smiles,molecular_weight,logP,/);
    // Each row names its endpoints with a red and an amber verdict, as the dialog colours them.
    const header = lines[0]!.split(',');
    const caffeine = lines.find((l) => l.includes(',caffeine,'))!.split(',');
    const verdicts = rows.find((r) => r.name === 'caffeine')!.verdicts ?? {};
    const named = (verdict: string) => Object.keys(verdicts).filter((k) => verdicts[k] === verdict);
    expect(named('red').length).toBeGreaterThan(0);
    expect(caffeine[header.indexOf('unfavourable')]).toBe(named('red').join(';'));
    expect(caffeine[header.indexOf('caution')]).toBe(named('amber').join(';'));
  });
});

describe('GET /api/admet/detail', () => {
  it("groups a task's molecule into the six lists", async () => {
    const res = await t.api<AdmetDetail>(`/api/admet/detail?smiles=${encodeURIComponent(ASPIRIN)}&task_id=${taskId}`, { token });
    const detail = res.body.data;
    expect(Object.keys(detail)).toEqual(expect.arrayContaining(['Smiles', 'Physicochemical', 'Absorption', 'Distribution', 'Metabolism', 'Excretion', 'Toxicity']));
    const mw = detail.Physicochemical.find((e) => e.property === 'molecular_weight');
    expect(mw?.predict).toBeCloseTo(180.16, 1);
    expect(detail.Absorption.map((e) => e.property)).toContain('HIA_Hou');
    expect(detail.Distribution.map((e) => e.property)).toContain('BBB_Martins');
    expect(detail.Toxicity.find((e) => e.property === 'hERG')?.in_domain).toBeTypeOf('boolean');
    // Each learned endpoint has its light and percentile among approved drugs; exact RDKit values have neither.
    const herg = detail.Toxicity.find((e) => e.property === 'hERG');
    expect(['green', 'amber', 'red']).toContain(herg?.verdict);
    expect(herg?.percentile).toBeGreaterThanOrEqual(0);
    expect(mw?.verdict).toBeUndefined();
  });

  it("carries the molecule's alerts, rules and BOILED-Egg place, from the task's row and when predicted afresh", async () => {
    const known = (await t.api<AdmetDetail>(`/api/admet/detail?smiles=${encodeURIComponent(ASPIRIN)}&task_id=${taskId}`, { token })).body.data;
    expect(known.alerts?.map((a) => `${a.catalog}:${a.name}`)).toEqual(['Brenk:phenol_ester']);
    expect(known.rules?.Lipinski).toEqual({ pass: true, violations: [] });
    expect(known.boiled_egg).toEqual({ wlogp: 1.31, tpsa: 63.6, region: 'yolk' });
    const fresh = (await t.api<AdmetDetail>(`/api/admet/detail?smiles=${encodeURIComponent('CCN(CC)CC')}`, { token })).body.data;
    expect(fresh.rules?.Muegge.violations).toContain('MW 101.19 < 200');
    expect(fresh.boiled_egg?.region).toBeDefined();
  }, 60_000);

  it('predicts a molecule no task has seen, and refuses an unreadable one', async () => {
    const res = await t.api<AdmetDetail>(`/api/admet/detail?smiles=${encodeURIComponent('CCN(CC)CC')}`, { token });
    expect(res.body.errno).toBe(0);
    expect(res.body.data.Physicochemical.find((e) => e.property === 'hydrogen_bond_acceptors')?.predict).toBe(1);
    const bad = await t.api(`/api/admet/detail?smiles=${encodeURIComponent(BROKEN)}`, { token });
    expect(bad.body.errno).toBe(40040);
  }, 60_000);
});

describe('GET /api/admet/models', () => {
  it("gives every endpoint its validation on TDC-style splits, held-out metric, verdict bands, calibration and known limitation", async () => {
    const res = await t.api<AdmetModelCard>('/api/admet/models', { token });
    expect(res.body.errno).toBe(0);
    const card = new Map(res.body.data.endpoints.map((e) => [e.name, e]));
    expect(card.size).toBe(36);
    expect(card.get('hERG')).toMatchObject({ metric: 'AUROC', rule: { favourable: [null, 0.3], caution: [null, 0.7] } });
    expect(card.get('hERG')?.calibration?.heldout.molecules).toBeGreaterThan(50);
    expect(card.get('hERG')?.validation).toMatchObject({ split: expect.stringContaining('TDC scaffold split'), scores: expect.any(Array) });
    expect(card.get('hERG')?.validation?.sd).toBeGreaterThan(0);
    expect(card.get('Solubility_AqSolDB')?.calibration).toBeNull();
    expect(card.get('hERG')?.limitation?.zh).toContain('咖啡因');
    expect(res.body.data.reference?.molecules).toBeGreaterThan(1800);
    const unsigned = await t.api('/api/admet/models');
    expect(unsigned.status).toBe(401);
  }, 60_000);
});
