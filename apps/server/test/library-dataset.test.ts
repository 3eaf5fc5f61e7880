/**
 * The fda library from the shared datasets (here the committed fixture shaped like approved_drugs.csv, never the
 * real file), its precomputed metal and PAINS flags, name search, and substructure search with paging, on
 * whichever database the project runs (the cartridge on PostgreSQL, the fingerprint screen on PGlite).
 */
import type { FastifyBaseLogger } from 'fastify';
import { sql } from 'drizzle-orm';
import { listLibrarySources } from '@yunyao/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixturePath } from '../../../test-fixtures/fixtures.ts';
import { seedLibraryInBackground } from '../src/library-seed.ts';
import { runOpsCommand } from '../src/ops/commands.ts';
import { dbKind, newUser, startTestPlatform, type TestPlatform } from './support/harness.ts';

// The fixture's known membership (test-fixtures/README.md): 32 rows, 28 of them FDA-approved.
const METALS = ['cisplatin', 'lithium carbonate', 'valproate sodium', 'gallium nitrate', 'sodium chloride'];
const PAINS = { levodopa: 'catechol_A(92)', methyldopa: 'catechol_A(92)', dopamine: 'catechol_A(92)', phenazopyridine: 'azo_A(324)', menadione: 'quinone_A(370)' };
const BENZENE = [
  'acetylsalicylic acid', 'ibuprofen', 'paracetamol', 'levodopa', 'methyldopa', 'dopamine', 'phenazopyridine', 'menadione',
  'warfarin', 'diazepam', 'bortezomib', 'benzoic acid', 'naproxen', 'tacrine',
];
const ACIDS = ['acetylsalicylic acid', 'ibuprofen', 'levodopa', 'methyldopa', 'valproic acid', 'gabapentin', 'benzoic acid', 'naproxen'];
const ADAMANTANES = ['amantadine', 'memantine', 'rimantadine'];
const NOT_FDA = ['rebamipide', 'tolperisone', 'piracetam', 'zinc pyrithione'];

interface Row {
  name: string;
  has_metal: boolean | null;
  pains: string | null;
}

let t: TestPlatform;
let token: string;
let staffToken: string;
const get = async <T>(path: string) => (await t.api<T>(path, { token })).body;
const names = async (query: string) => (await get<Row[]>(`/api/molecule/filter?source=fda&${query}`)).data.map((r) => r.name);
const count = async (query: string) => (await get<number>(`/api/molecule/count?source=fda&${query}`)).data;
const sorted = (list: string[]) => [...list].sort();

beforeAll(async () => {
  t = await startTestPlatform({ YUNYAO_DATASETS: fixturePath('datasets'), STAFF_EMAILS: 'Staff@example.com' }, { worker: false });
  token = (await newUser(t, 'librarian@example.com', 0)).token;
  staffToken = (await newUser(t, 'staff@example.com', 0)).token;
});
afterAll(() => t?.close());

describe('the fda library from the datasets folder', () => {
  it('imports the FDA-approved rows with their names, and says how many it skipped', async () => {
    const res = await runOpsCommand(t.platform.deps.database, t.config, ['library:import-dataset', 'fda']);
    expect(res.code, res.lines.join('\n')).toBe(0);
    expect(res.lines.at(-1)).toMatch(/into fda: 28 molecules, 0 rejected, 4 skipped by --keep, 32 records/);
    expect(await count('')).toBe(28);
    const all = await names('');
    expect(all.slice(0, 3)).toEqual(['acetylsalicylic acid', 'ibuprofen', 'paracetamol']);
    for (const name of NOT_FDA) expect(all).not.toContain(name);
    expect((await runOpsCommand(t.platform.deps.database, t.config, ['library:import-dataset', 'chembl'])).lines[0]).toMatch(/needs one of: fda/);
  });

  it('shows each molecule’s metal and PAINS flags, and filters on them', async () => {
    const rows = (await get<Row[]>('/api/molecule/filter?source=fda')).data;
    expect(sorted(rows.filter((r) => r.has_metal).map((r) => r.name))).toEqual(sorted(METALS));
    expect(Object.fromEntries(rows.filter((r) => r.pains).map((r) => [r.name, r.pains]))).toEqual(PAINS);
    expect(sorted(await names('no_metal=true'))).toEqual(sorted(rows.map((r) => r.name).filter((n) => !METALS.includes(n))));
    expect(await count('no_pains=true')).toBe(23);
    expect(await count('no_metal=true&no_pains=1')).toBe(18);
    expect(await count('no_metal=false')).toBe(28);
    expect((await get('/api/molecule/count?no_metal=maybe')).errmsg).toBe('“排除含金属”只能是 true 或 false');
  });

  it('finds names containing the text, with wildcards taken literally', async () => {
    expect(await names('name=DOPA')).toEqual(['levodopa', 'methyldopa', 'dopamine']);
    expect(await count('name=%25')).toBe(0);
    expect(await names('name=dopa&no_pains=true')).toEqual([]);
  });

  it('searches substructures: a benzene ring, a carboxylic acid, a rare scaffold, with the PAINS filter', async () => {
    const sub = (pattern: string) => `substructure=${encodeURIComponent(pattern)}`;
    expect(await names(sub('c1ccccc1'))).toEqual(BENZENE);
    expect(await names(sub('C1=CC=CC=C1'))).toEqual(BENZENE);
    expect(await names(sub('[CX3](=O)[OX2H1]'))).toEqual(ACIDS);
    expect(await names(sub('C1C2CC3CC1CC(C2)C3'))).toEqual(ADAMANTANES);
    expect(await names(`${sub('c1ccccc1')}&no_pains=true`)).toEqual(BENZENE.filter((n) => !(n in PAINS)));
    expect(await count(`${sub('c1ccccc1')}&no_pains=true`)).toBe(BENZENE.length - 5);
    expect(await count(`${sub('[Pt]')}`)).toBe(1);
  });

  it('pages through a substructure result and the plain list alike', async () => {
    const sub = `substructure=${encodeURIComponent('c1ccccc1')}`;
    expect(await names(`${sub}&limit=4&offset=4`)).toEqual(BENZENE.slice(4, 8));
    expect(await names(`${sub}&limit=4&offset=12`)).toEqual(BENZENE.slice(12));
    expect(await names('limit=2&offset=1')).toEqual(['ibuprofen', 'paracetamol']);
    expect((await get('/api/molecule/filter?offset=-1')).errmsg).toBe('跳过的结果数量不能为负');
  });

  it('downloads the flags with the molecules', async () => {
    const res = await fetch(`${t.url}/api/molecule/filter?source=fda&type=csv&name=levodopa`, { headers: { authorization: `Bearer ${token}` } });
    const lines = (await res.text()).trim().split('\n');
    expect(lines[0]).toBe('name,smiles,tpsa,logp,n_ring,n_rot,mw,hbd,hba,has_metal,pains');
    expect(lines[1]).toMatch(/^levodopa,.*,false,catechol_A\(92\)$/);
  });
});

// PGlite's substructure search matches in the server and caches the matching row ids; PostgreSQL's cartridge matches in SQL.
describe.runIf(dbKind === 'pglite')('another platform in the same process', () => {
  it('answers a substructure search from its own database, not from the first one’s recent match', async () => {
    const benzene = `/api/molecule/filter?source=fda&substructure=${encodeURIComponent('c1ccccc1')}`;
    const namesOn = async (p: TestPlatform, as: string) => (await p.api<Row[]>(benzene, { token: as })).body.data.map((r) => r.name);
    expect(await namesOn(t, token)).toEqual(BENZENE); // the first platform's match, now cached
    const other = await startTestPlatform({ YUNYAO_DATASETS: fixturePath('datasets') }, { worker: false });
    try {
      expect((await runOpsCommand(other.platform.deps.database, other.config, ['library:import-dataset', 'fda'])).code).toBe(0);
      // The same molecules under other row ids: the first database's ids name nothing here.
      await other.platform.deps.database.db.execute(sql`update library_molecules set id = id + 1000 where source = 'fda'`);
      expect(await namesOn(other, (await newUser(other, 'other@example.com', 0)).token)).toEqual(BENZENE);
    } finally {
      await other.close();
    }
  });
});

describe('molecules imported before the flags existed', () => {
  it('are left out by the flag filters until library:annotate computes their flags', async () => {
    const db = t.platform.deps.database.db;
    await db.execute(sql`update library_molecules set has_metal = null, pains = null, pattern_fp = null where source = 'fda'`);
    expect(await count('no_metal=true')).toBe(0);
    expect(await count('no_pains=true')).toBe(0);
    // Without fingerprints every molecule is a candidate: the exact match still answers correctly (a pattern not searched before, so no cached match).
    expect(await names(`substructure=${encodeURIComponent('NC12CC3CC(CC(C3)C1)C2')}`)).toEqual(['amantadine', 'memantine']);
    const ops = () => runOpsCommand(t.platform.deps.database, t.config, ['library:annotate']);
    expect((await ops()).lines).toEqual(['annotated 28 molecules']);
    expect(await count('no_metal=true')).toBe(23);
    expect(await count('no_metal=true&no_pains=true')).toBe(18);
    expect((await ops()).lines).toEqual(['every molecule has its flags; nothing to do']);
  });
});

describe('libraries not imported yet', () => {
  it('are listed with their import command for staff only', async () => {
    const unimported = async (as: string) => (await t.api<{ source: string; command: string; dataset_found: boolean | null }[]>('/api/molecule/unimported', { token: as })).body.data;
    expect(await unimported(token)).toEqual([]);
    const staff = await unimported(staffToken);
    expect(staff.map((s) => s.source)).toEqual(['lead-like', 'nature-products', 'drugbank', 'chembl']);
    expect(staff[0]).toEqual({ source: 'lead-like', command: 'npm run ops -- library:import --source lead-like FILE', dataset_found: null });
    await t.platform.deps.database.db.execute(sql`delete from library_imports where source = 'fda'`);
    expect((await unimported(staffToken)).find((s) => s.source === 'fda')).toEqual({ source: 'fda', command: 'npm run ops -- library:import-dataset fda', dataset_found: true });
  });
});

describe('the first start', () => {
  it('imports the datasets it finds and the configured seed, then leaves libraries to staff', async () => {
    const log = { info: () => undefined, warn: () => undefined, error: () => undefined } as unknown as FastifyBaseLogger;
    const deps = { ...t.platform.deps, config: { ...t.config, librarySeed: { file: '/usr/share/RDKit/Data/NCI/first_200.props.sdf', source: 'nci' } } };
    await seedLibraryInBackground(deps, log);
    expect(await listLibrarySources(t.platform.deps.database.db)).toEqual([
      { source: 'fda', count: 28 },
      { source: 'nci', count: 200 },
    ]);
  });
});
