import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { selectRows } from '@yunyao/db';
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
    expect((await t.api<number>('/api/molecule/count?source=chembl', { token })).body.data).toBe(0);
  });

  it('downloads the filtered molecules as csv', async () => {
    const res = await fetch(`${t.url}/api/molecule/filter?source=fda&type=csv&mw=0,300`, { headers: { authorization: `Bearer ${token}` } });
    expect(res.headers.get('content-type')).toMatch(/text\/csv/);
    const lines = (await res.text()).trim().split('\n');
    expect(lines[0]).toBe('name,smiles');
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
  });
});
