import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { libraryStructureSearchAvailable, selectRows } from '@yunyao/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runOpsCommand } from '../src/ops/commands.ts';
import { newUser, startTestPlatform, type TestPlatform } from './support/harness.ts';

const PUBCHEM = '/usr/share/RDKit/Projects/DbCLI/testData/pubchem.200.sdf';
const atom = (x: number, y: number) => `${x.toFixed(4).padStart(10)}${y.toFixed(4).padStart(10)}    0.0000 C   0  0  0  0  0  0  0  0  0  0  0  0\n`;
// Three malformed records: not a molfile, a truncated one, and a five-valent carbon.
const BROKEN = [
  'garbage\nthis is not a molfile\n',
  readFileSync(PUBCHEM, 'utf8').split('\n').slice(0, 12).join('\n') + '\n',
  'texas\n  manual\n\n  6  5  0  0  0  0  0  0  0  0999 V2000\n' +
    [atom(0, 0), atom(1, 0), atom(-1, 0), atom(0, 1), atom(0, -1), atom(0.5, 0.5)].join('') +
    [2, 3, 4, 5, 6].map((k) => `  1${String(k).padStart(3)}  1  0  0  0  0\n`).join('') +
    'M  END\n',
];

// The independent computation: RDKit's own SDF reader and descriptor functions.
const CHECK = `
import json, sys
from rdkit import Chem, RDLogger
from rdkit.Chem import Crippen, Descriptors, Lipinski, rdMolDescriptors
RDLogger.DisableLog('rdApp.*')
rows, bad = [], 0
for m in Chem.SDMolSupplier(sys.argv[1]):
    if m is None:
        bad += 1
        continue
    rows.append(dict(name=m.GetProp('_Name'), tpsa=rdMolDescriptors.CalcTPSA(m), logp=Crippen.MolLogP(m), n_ring=rdMolDescriptors.CalcNumRings(m),
        n_rot=rdMolDescriptors.CalcNumRotatableBonds(m), mw=Descriptors.MolWt(m), hbd=Lipinski.NumHDonors(m), hba=Lipinski.NumHAcceptors(m)))
print(json.dumps(dict(rows=rows, bad=bad)))
`;

// The independent structure search: RDKit's own substructure matching and Morgan fingerprints (radius 2, 512
// bits: the cartridge's morganbv_fp with its default rdkit.morgan_fp_size).
const STRUCTURE_CHECK = `
import json, sys
from rdkit import Chem, DataStructs, RDLogger
from rdkit.Chem import AllChem
RDLogger.DisableLog('rdApp.*')
data = json.load(sys.stdin)
mols = [Chem.MolFromSmiles(s) for s in data['smiles']]
fp = lambda m: AllChem.GetMorganFingerprintAsBitVect(m, 2, nBits=512)
sub, sim = {}, {}
for p in data['patterns']:
    q = Chem.MolFromSmiles(p)
    if q is None:
        q = Chem.MolFromSmarts(p)
    sub[p] = [m.HasSubstructMatch(q) for m in mols]
for s in data['similar']:
    ref = fp(Chem.MolFromSmiles(s))
    sim[s] = [DataStructs.TanimotoSimilarity(ref, fp(m)) for m in mols]
print(json.dumps(dict(sub=sub, sim=sim)))
`;

type Row = Record<'tpsa' | 'logp' | 'n_ring' | 'n_rot' | 'mw' | 'hbd' | 'hba', number> & { name: string };
type Ranges = Partial<Record<keyof Omit<Row, 'name'>, [number, number]>>;
const DEFAULTS: Ranges = { tpsa: [30, 60], logp: [0, 5], n_ring: [2, 3], n_rot: [2, 3], mw: [150, 500], hbd: [0, 5], hba: [0, 5] };
const inside = (r: Row, ranges: Ranges) => Object.entries(ranges).every(([k, [lo, hi]]) => r[k as keyof Ranges] >= lo && r[k as keyof Ranges] <= hi);
const query = (ranges: Ranges) => Object.entries(ranges).map(([k, [lo, hi]]) => `&${k}=${lo},${hi}`).join('');

let t: TestPlatform;
let token: string;
let dir: string;
let file: string;
let expected: { rows: Row[]; bad: number };
beforeAll(async () => {
  t = await startTestPlatform({}, { worker: false });
  token = (await newUser(t, 'chemist@example.com', 0)).token;
  dir = mkdtempSync(join(tmpdir(), 'yunyao-library-'));
  file = join(dir, 'pubchem-plus-broken.sdf');
  writeFileSync(file, readFileSync(PUBCHEM, 'utf8') + BROKEN.map((b) => `${b}$$$$\n`).join(''));
  const res = spawnSync('/usr/bin/python3', ['-c', CHECK, file], { encoding: 'utf8' });
  expected = JSON.parse(res.stdout);
});
afterAll(async () => {
  await t?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe('molecule library', () => {
  it('imports a real SDF, reporting malformed records without failing', async () => {
    expect(expected.rows).toHaveLength(200);
    // RDKit's SDMolSupplier runs the first two broken records together (it skips to the next $$$$ after a short atom line).
    expect(expected.bad).toBe(2);
    const started = Date.now();
    const res = await runOpsCommand(t.platform.deps.database, t.config, ['library:import', '--source', 'fda', file, '--batch', '64']);
    const secs = (Date.now() - started) / 1000;
    console.log(`library import: 203 records in ${secs.toFixed(2)} s (${Math.round(203 / secs)} records/s)`);
    expect(res.code).toBe(0);
    const text = res.lines.join('\n');
    expect(text).toMatch(/200 molecules, 3 rejected, 203 records/);
    expect(text).toMatch(/rejected record 201: cannot parse molfile record/);
    expect(text).toMatch(/rejected record 203 \(texas\): invalid structure: .*valence/i);

    const again = await runOpsCommand(t.platform.deps.database, t.config, ['library:import', '--source', 'fda', file]);
    expect(again.code).toBe(0);
    expect(again.lines[0]).toMatch(/already imported .*nothing added/);
    const sources = await t.api<{ source: string; count: number }[]>('/api/molecule/sources', { token });
    expect(sources.body.data).toEqual([{ source: 'fda', count: 200 }]);
  });

  it('counts and filters exactly as RDKit computes them', async () => {
    for (const ranges of [{}, DEFAULTS, { mw: [0, 350] }, { tpsa: [20, 80], hbd: [1, 2] }, { logp: [-2, 2.5], n_ring: [1, 4] }] as Ranges[]) {
      const want = expected.rows.filter((r) => inside(r, ranges));
      const count = await t.api<number>(`/api/molecule/count?source=fda${query(ranges)}`, { token });
      expect(count.body).toMatchObject({ errno: 0, data: want.length });
      const filter = await t.api<{ name: string; smiles: string }[]>(`/api/molecule/filter?source=fda${query(ranges)}`, { token });
      expect(filter.body.data.map((r) => r.name)).toEqual(want.map((r) => r.name));
    }
    expect((await t.api<number>(`/api/molecule/count?source=fda${query(DEFAULTS)}`, { token })).body.data).toBeGreaterThan(0);
    const limited = await t.api<unknown[]>('/api/molecule/filter?source=fda&limit=7', { token });
    expect(limited.body.data).toHaveLength(7);
    // Each row shows the descriptors it was filtered on, as RDKit computed them.
    const [first] = (await t.api<Row[]>('/api/molecule/filter?source=fda&limit=1', { token })).body.data;
    const want = expected.rows[0]!;
    for (const field of ['tpsa', 'logp', 'mw'] as const) expect(first![field]).toBeCloseTo(want[field], 3);
    expect([first!.n_ring, first!.n_rot, first!.hbd, first!.hba]).toEqual([want.n_ring, want.n_rot, want.hbd, want.hba]);
    expect((await t.api<number>('/api/molecule/count?source=chembl', { token })).body.data).toBe(0);
  });

  it('downloads the filtered molecules as csv', async () => {
    const res = await fetch(`${t.url}/api/molecule/filter?source=fda&type=csv&mw=0,300`, { headers: { authorization: `Bearer ${token}` } });
    expect(res.headers.get('content-type')).toMatch(/text\/csv/);
    const lines = (await res.text()).trim().split('\n');
    expect(lines[0]).toBe('name,smiles,tpsa,logp,n_ring,n_rot,mw,hbd,hba,has_metal,pains');
    const want = expected.rows.filter((r) => r.mw <= 300);
    expect(lines.slice(1).map((l) => l.split(',')[0])).toEqual(want.map((r) => r.name));
  });

  it('rejects bad ranges with clear messages and needs a login', async () => {
    const msg = async (q: string) => (await t.api(`/api/molecule/count?${q}`, { token })).body.errmsg;
    expect(await msg('tpsa=abc')).toMatch(/^TPSA 范围格式错误/);
    expect(await msg('mw=500,100')).toBe('MW 范围的最小值不能大于最大值');
    expect(await msg('logp=1,2,3')).toMatch(/^LOGP 范围格式错误/);
    expect((await t.api('/api/molecule/filter?limit=3000', { token })).body.errmsg).toBe('保留结果数量不能超过 2000');
    expect((await t.api('/api/molecule/count')).status).toBe(401);
  });
});

describe('structure search', () => {
  // SMILES (Kekulé and aromatic), and SMARTS that are not SMILES.
  const PATTERNS = ['c1ccccc1', 'C1=CC=CC=C1', 'C(=O)O', 'C(=O)N', '[#7;R]', '[OX2H]', '[Cl,Br,I]'];
  const features = async () => (await t.api<{ substructure_engine: string; similarity_search: boolean }>('/api/molecule/features', { token })).body.data;
  const postgres = () => t.platform.deps.database.kind === 'postgres';

  it('searches substructures on every database, similarity on PostgreSQL with the RDKit cartridge only', async () => {
    expect(await features()).toEqual({ substructure_engine: postgres() ? 'cartridge' : 'fingerprint-screen', similarity_search: postgres() });
    if (postgres()) return;
    const res = await t.api('/api/molecule/count?source=fda&similar_to=CCO&similarity=0.5', { token });
    expect(res.status).toBe(501);
    expect(res.body).toMatchObject({ errno: 50140, errmsg: expect.stringMatching(/^相似性检索.*PostgreSQL.*RDKit/) });
    expect((await t.api('/api/molecule/filter?source=fda&similar_to=CCO', { token })).body.errno).toBe(50140);
  });

  it('finds substructures exactly as RDKit does', async () => {
    const all = (await t.api<{ name: string; smiles: string }[]>('/api/molecule/filter?source=fda', { token })).body.data;
    expect(all).toHaveLength(200);
    const res = spawnSync('/usr/bin/python3', ['-c', STRUCTURE_CHECK], { input: JSON.stringify({ smiles: all.map((r) => r.smiles), patterns: PATTERNS, similar: [] }), encoding: 'utf8' });
    const ref = JSON.parse(res.stdout) as { sub: Record<string, boolean[]> };
    const byName = new Map(expected.rows.map((r) => [r.name, r]));
    const names = (rows: { name: string }[]) => rows.map((r) => r.name);
    for (const pattern of PATTERNS) {
      for (const ranges of [{}, DEFAULTS] as Ranges[]) {
        const want = all.filter((r, i) => ref.sub[pattern]![i] && inside(byName.get(r.name)!, ranges));
        const q = `source=fda&substructure=${encodeURIComponent(pattern)}${query(ranges)}`;
        expect((await t.api<number>(`/api/molecule/count?${q}`, { token })).body, `${pattern} ${query(ranges)}`).toMatchObject({ errno: 0, data: want.length });
        expect(names((await t.api<{ name: string }[]>(`/api/molecule/filter?${q}`, { token })).body.data)).toEqual(names(want));
      }
    }
    expect(ref.sub['c1ccccc1']!.filter(Boolean).length).toBeGreaterThan(0);
  });

  it.runIf(process.env.YY_TEST_DB === 'postgres')('finds similar molecules exactly as RDKit does, with substructures and ranges', async () => {
    const all = (await t.api<{ name: string; smiles: string }[]>('/api/molecule/filter?source=fda', { token })).body.data;
    expect(all).toHaveLength(200);
    const similar = [all[0]!.smiles, all[57]!.smiles];
    const res = spawnSync('/usr/bin/python3', ['-c', STRUCTURE_CHECK], {
      input: JSON.stringify({ smiles: all.map((r) => r.smiles), patterns: PATTERNS, similar }),
      encoding: 'utf8',
    });
    const ref = JSON.parse(res.stdout) as { sub: Record<string, boolean[]>; sim: Record<string, number[]> };
    const byName = new Map(expected.rows.map((r) => [r.name, r]));
    const names = (rows: { name: string }[]) => rows.map((r) => r.name);
    const enc = encodeURIComponent;

    for (const smiles of similar) {
      for (const threshold of [undefined, 0.3]) {
        const sims = ref.sim[smiles]!;
        const want = all
          .map((r, i) => ({ ...r, similarity: sims[i]! }))
          .filter((r) => r.similarity >= (threshold ?? 0.7))
          // Stable sort: equal similarities stay in import order, as the API orders them.
          .sort((a, b) => b.similarity - a.similarity);
        const q = `source=fda&similar_to=${enc(smiles)}${threshold ? `&similarity=${threshold}` : ''}`;
        expect((await t.api<number>(`/api/molecule/count?${q}`, { token })).body.data).toBe(want.length);
        const got = (await t.api<{ name: string; similarity: number }[]>(`/api/molecule/filter?${q}`, { token })).body.data;
        expect(names(got)).toEqual(names(want));
        got.forEach((r, i) => expect(r.similarity).toBeCloseTo(want[i]!.similarity, 12));
      }
    }
    // Both at once, with the ranges and a limit.
    const both = `source=fda&substructure=c1ccccc1&similar_to=${enc(similar[0]!)}&similarity=0.2&limit=3${query({ mw: [0, 400] })}`;
    const want = all
      .map((r, i) => ({ ...r, similarity: ref.sim[similar[0]!]![i]!, ring: ref.sub['c1ccccc1']![i] }))
      .filter((r) => r.ring && r.similarity >= 0.2 && byName.get(r.name)!.mw <= 400)
      .sort((a, b) => b.similarity - a.similarity);
    expect((await t.api<number>(`/api/molecule/count?${both}`, { token })).body.data).toBe(want.length);
    expect(names((await t.api<{ name: string }[]>(`/api/molecule/filter?${both}`, { token })).body.data)).toEqual(names(want.slice(0, 3)));

    const csv = await fetch(`${t.url}/api/molecule/filter?source=fda&type=csv&similar_to=${enc(similar[0]!)}`, { headers: { authorization: `Bearer ${token}` } });
    const lines = (await csv.text()).trim().split('\n');
    expect(lines[0]).toBe('name,smiles,tpsa,logp,n_ring,n_rot,mw,hbd,hba,has_metal,pains,similarity');
    expect(lines[1]).toMatch(/,1$/);
  });

  it('rejects patterns RDKit cannot read with a clear message', async () => {
    for (const path of ['count', 'filter']) {
      const res = await t.api(`/api/molecule/${path}?source=fda&substructure=%5BC%2C`, { token });
      expect(res.body).toMatchObject({ errno: 40041, errmsg: '无法解析该子结构，请输入有效的 SMILES 或 SMARTS！' });
    }
  });

  it.runIf(process.env.YY_TEST_DB === 'postgres')('rejects similarity SMILES RDKit cannot read, and bad thresholds, with clear messages', async () => {
    const body = async (q: string) => (await t.api(`/api/molecule/count?source=fda&${q}`, { token })).body;
    expect(await body('similar_to=C1CC')).toMatchObject({ errno: 40042, errmsg: '无法解析相似性检索的 SMILES，请检查后重试！' });
    expect((await body('similar_to=CCO&similarity=0.05')).errmsg).toBe('相似度阈值不能小于 0.1');
    expect((await body('similar_to=CCO&similarity=abc')).errmsg).toBe('相似度阈值必须是数字');
  });
});

describe('an interrupted import', () => {
  it('resumes after the last committed batch and ends with every molecule exactly once', async () => {
    const ops = (...args: string[]) => runOpsCommand(t.platform.deps.database, t.config, args);
    const db = t.platform.deps.database.db;
    expect((await ops('library:import', '--source', 'resume-test', '--batch', '50', file)).code).toBe(0);
    // Put the books back to where a kill after the second batch leaves them: 100 records committed, the rest never written.
    await db.execute(sql`
      delete from library_molecules where source = 'resume-test'
        and id not in (select id from library_molecules where source = 'resume-test' order by id limit 100)`);
    await db.execute(sql`
      update library_imports set records_done = 100, accepted = 100, rejected = 0, rejected_samples = '[]'::jsonb, status = 'running'
        where source = 'resume-test'`);

    const resumed = await ops('library:import', '--source', 'resume-test', '--batch', '50', file);
    expect(resumed.code).toBe(0);
    expect(resumed.lines.join('\n')).toContain('resuming import');
    const [row] = await selectRows<{ n: string; distinct_names: string }>(
      db,
      sql`select count(*) as n, count(distinct name) as distinct_names from library_molecules where source = 'resume-test'`,
    );
    expect(Number(row!.n)).toBe(expected.rows.length);
    expect(Number(row!.distinct_names)).toBe(new Set(expected.rows.map((r) => r.name)).size);
    const count = await t.api<number>(`/api/molecule/count?source=resume-test`, { token });
    expect(count.body.data).toBe(expected.rows.length);
    if (await libraryStructureSearchAvailable(db)) {
      const [structures] = await selectRows<{ n: string }>(
        db,
        sql`select count(*) as n from library_structures s join library_molecules m on m.id = s.molecule_id where m.source = 'resume-test'`,
      );
      expect(Number(structures!.n)).toBe(expected.rows.length);
    }
  });
});

describe('a file the descriptor program refuses', () => {
  it("stops with the program's declared reason (its YUNYAO_ERROR line)", async () => {
    const noSmiles = join(dir, 'no-smiles.csv');
    writeFileSync(noSmiles, 'name,formula\nethanol,C2H6O\n');
    const res = await runOpsCommand(t.platform.deps.database, t.config, ['library:import', '--source', 'refused', noSmiles]);
    expect(res.code).toBe(1);
    expect(res.lines.at(-1)).toBe('import stopped after record 0 (committed; run the same command again to resume): CSV 文件缺少 SMILES 列（表头：name,formula）');
  });
});
