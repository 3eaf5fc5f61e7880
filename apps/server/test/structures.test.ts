import { existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixturePath } from '../../../test-fixtures/fixtures.ts';
import { newUser, startTestPlatform, type TestPlatform } from './support/harness.ts';

// A real structure, served by the stand-in archives as both an RCSB entry and an AlphaFold model.
const REAL_PDB = fixturePath('pdb/5dpv.pdb');
const CONNECTION_MESSAGE = (archive: string) => `无法连接结构数据库（${archive}），请稍后重试或上传 PDB 文件`;

interface Archive {
  url: string;
  hits: string[];
  server: Server;
}

async function listen(handler: (req: IncomingMessage, res: ServerResponse) => void): Promise<{ server: Server; url: string }> {
  const server = createServer(handler);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

async function close(server: Server): Promise<void> {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
}

/** RCSB download + search and AlphaFold files on one loopback server. */
async function startArchive(pdbText: string): Promise<Archive> {
  const hits: string[] = [];
  const { server, url } = await listen((req, res) => {
    hits.push(`${req.method} ${req.url}`);
    if (req.method === 'GET' && req.url === '/download/5DPV.pdb') return res.writeHead(200, { 'content-type': 'text/plain' }).end(pdbText);
    if (req.method === 'GET' && req.url === '/af/AF-P69905-F1-model_v4.pdb') return res.writeHead(200).end(pdbText);
    if (req.method === 'POST' && req.url === '/search') {
      let body = '';
      req.on('data', (c: Buffer) => (body += c.toString()));
      req.on('end', () => {
        const value = (JSON.parse(body) as { query: { parameters: { value: string } } }).query.parameters.value;
        // Full-text hits include ids that do not start with the prefix; the service must drop them.
        const ids = value === '5D' ? ['5DPV', '5DT0', '1D5X', '5DQA'] : [];
        if (!ids.length) return res.writeHead(204).end();
        res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ result_set: ids.map((identifier) => ({ identifier, score: 1 })) }));
      });
      return;
    }
    res.writeHead(404).end('not found');
  });
  return { url, hits, server };
}

async function getText(t: TestPlatform, path: string, token: string): Promise<{ status: number; type: string | null; text: string }> {
  const res = await fetch(`${t.url}${path}`, { headers: { authorization: `Bearer ${token}` } });
  return { status: res.status, type: res.headers.get('content-type'), text: await res.text() };
}

describe('protein structures from the public archives', () => {
  const pdbText = readFileSync(REAL_PDB, 'utf8');
  const tmp = mkdtempSync(join(tmpdir(), 'yunyao-structures-'));
  let archive: Archive;
  let t: TestPlatform;
  let token: string;
  const mirror = join(tmp, 'mirror');

  beforeAll(async () => {
    archive = await startArchive(pdbText);
    mkdirSync(join(mirror, 'pdb'), { recursive: true });
    // A mirror-only entry whose text differs from what the remote would serve.
    writeFileSync(join(mirror, 'pdb', '1ABC.pdb'), 'HEADER    MIRROR COPY\nATOM      1  CA  GLY A   1       0.000   0.000   0.000  1.00  0.00           C\nEND\n');
    writeFileSync(join(mirror, 'pdb', '5dzz.pdb'), 'ATOM      1  CA  GLY A   1       0.000   0.000   0.000  1.00  0.00           C\nEND\n');
    t = await startTestPlatform(
      {
        LIBRARY_SEED_FILE: '',
        RCSB_DOWNLOAD_URL: `${archive.url}/download/`,
        RCSB_SEARCH_URL: `${archive.url}/search`,
        ALPHAFOLD_URL: `${archive.url}/af`,
        STRUCTURE_MIRROR_DIR: mirror,
        STRUCTURE_FETCH_TIMEOUT_MS: '3000',
      },
      { worker: false },
    );
    token = (await newUser(t, 'structures@example.com', 0)).token;
  });

  afterAll(async () => {
    await t?.close();
    if (archive) await close(archive.server);
    rmSync(tmp, { recursive: true, force: true });
  });

  it('needs a login', async () => {
    const res = await fetch(`${t.url}/api/protein/pdb/5DPV`);
    expect(res.status).toBe(401);
  });

  it('downloads an entry, caches it in the mirror and then serves the mirror copy', async () => {
    const first = await getText(t, '/api/protein/pdb/5dpv', token);
    expect(first.status).toBe(200);
    expect(first.type).toMatch(/^chemical\/x-pdb/);
    expect(first.text).toBe(pdbText);
    expect(archive.hits.filter((h) => h === 'GET /download/5DPV.pdb')).toHaveLength(1);
    const cached = join(mirror, 'pdb', '5DPV.pdb');
    expect(readFileSync(cached, 'utf8')).toBe(pdbText);
    expect(readdirSync(join(mirror, 'pdb')).filter((n) => n.endsWith('.tmp'))).toEqual([]);

    const second = await getText(t, '/api/protein/pdb/5DPV', token);
    expect(second.text).toBe(pdbText);
    expect(archive.hits.filter((h) => h === 'GET /download/5DPV.pdb')).toHaveLength(1);
  });

  it('reads the mirror first without calling the archive (upper- or lower-case file names)', async () => {
    const before = archive.hits.length;
    const mirrored = await getText(t, '/api/protein/pdb/1abc', token);
    expect(mirrored.status).toBe(200);
    expect(mirrored.text).toContain('MIRROR COPY');
    expect((await getText(t, '/api/protein/pdb/5DZZ', token)).status).toBe(200);
    expect(archive.hits.length).toBe(before);
  });

  it('gives our own download path for an existing entry', async () => {
    const { status, body } = await t.api<{ url: string; pdb_id: string }>('/api/protein/pdburl?pdb_id=5dpv', { token });
    expect(status).toBe(200);
    expect(body.data).toEqual({ url: '/api/protein/pdb/5DPV', pdb_id: '5DPV' });
    expect((await getText(t, body.data.url, token)).text).toBe(pdbText);
  });

  it('answers an unknown entry with its id', async () => {
    const link = await t.api('/api/protein/pdburl?pdb_id=9ZZZ', { token });
    expect(link.status).toBe(404);
    expect(link.body.errmsg).toBe('未找到 PDB 条目 9ZZZ');
    const direct = await t.api('/api/protein/pdb/9zzz', { token });
    expect(direct.status).toBe(404);
    expect(direct.body.errmsg).toBe('未找到 PDB 条目 9ZZZ');
    expect(existsSync(join(mirror, 'pdb', '9ZZZ.pdb'))).toBe(false);
  });

  it('validates ids with the pages’ messages', async () => {
    const msg = async (path: string) => (await t.api(path, { token })).body.errmsg;
    expect(await msg('/api/protein/pdburl')).toBe('请输入需要下载的PDB文件序列！');
    expect(await msg('/api/protein/pdburl?pdb_id=%20')).toBe('请输入需要下载的PDB文件序列！');
    expect(await msg('/api/protein/pdburl?pdb_id=1AB')).toBe('请输入蛋白质pdbid！');
    expect(await msg('/api/protein/pdburl?pdb_id=ABCD')).toBe('请输入蛋白质pdbid！');
    expect(await msg('/api/protein/pdb/1ABCD')).toBe('请输入蛋白质pdbid！');
    expect(await msg('/api/protein/pdb/..%2F..')).toBe('请输入蛋白质pdbid！');
    expect(await msg('/api/uniprot/P6990')).toBe('请输入六位蛋白质pdbid！');
    expect(await msg('/api/uniprot/1234567')).toBe('请输入六位蛋白质pdbid！');
    const before = archive.hits.length;
    expect((await t.api('/api/uniprot/P6990', { token })).status).toBe(400);
    expect(archive.hits.length).toBe(before);
  });

  it('serves an AlphaFold model by UniProt id and caches it', async () => {
    const model = await getText(t, '/api/uniprot/p69905', token);
    expect(model.status).toBe(200);
    expect(model.type).toMatch(/^chemical\/x-pdb/);
    expect(model.text).toBe(pdbText);
    expect(existsSync(join(mirror, 'alphafold', 'AF-P69905-F1-model_v4.pdb'))).toBe(true);
    const missing = await t.api('/api/uniprot/Q9Y2X3', { token });
    expect(missing.status).toBe(404);
    expect(missing.body.errmsg).toBe('未找到 UniProt Q9Y2X3 的 AlphaFold 结构');
  });

  it('suggests mirror ids first, then remote ids with the typed prefix', async () => {
    const { body } = await t.api<{ name: string }[]>('/api/uniprot/match?entry=5d', { token });
    expect(body.errno).toBe(0);
    // Mirror: 5DPV (cached above), 5DZZ; remote adds 5DT0 and 5DQA but not 1D5X.
    expect(body.data.map((s) => s.name)).toEqual(['5DPV', '5DZZ', '5DT0', '5DQA']);
    expect((await t.api<unknown[]>('/api/uniprot/match?entry=', { token })).body.data).toEqual([]);
    expect((await t.api<unknown[]>('/api/uniprot/match?entry=XYZ', { token })).body.data).toEqual([]);
  });
});

describe('protein structures when the archives are down', () => {
  const tmp = mkdtempSync(join(tmpdir(), 'yunyao-structures-down-'));
  const mirror = join(tmp, 'mirror');
  const TIMEOUT_MS = 600;
  let slow: { server: Server; url: string };
  let t: TestPlatform;
  let token: string;

  beforeAll(async () => {
    // Accepts the request and never answers.
    slow = await listen(() => undefined);
    const closed = await listen(() => undefined);
    await close(closed.server);
    mkdirSync(join(mirror, 'pdb'), { recursive: true });
    writeFileSync(join(mirror, 'pdb', '3PTB.pdb'), 'ATOM      1  CA  GLY A   1       0.000   0.000   0.000  1.00  0.00           C\nEND\n');
    t = await startTestPlatform(
      {
        LIBRARY_SEED_FILE: '',
        RCSB_DOWNLOAD_URL: slow.url,
        RCSB_SEARCH_URL: `${closed.url}/search`,
        ALPHAFOLD_URL: closed.url,
        STRUCTURE_MIRROR_DIR: mirror,
        STRUCTURE_FETCH_TIMEOUT_MS: String(TIMEOUT_MS),
      },
      { worker: false },
    );
    token = (await newUser(t, 'structures-down@example.com', 0)).token;
  });

  afterAll(async () => {
    await t?.close();
    if (slow) await close(slow.server);
    rmSync(tmp, { recursive: true, force: true });
  });

  it('a server that never answers gives the connection message once the timeout has passed', async () => {
    const started = Date.now();
    const { status, body } = await t.api('/api/protein/pdburl?pdb_id=5DPV', { token });
    const elapsed = Date.now() - started;
    expect(status).toBe(502);
    expect(body.errmsg).toBe(CONNECTION_MESSAGE('RCSB'));
    expect(elapsed).toBeGreaterThanOrEqual(TIMEOUT_MS - 50);
    expect(elapsed).toBeLessThan(TIMEOUT_MS + 2000);
    expect(readdirSync(join(mirror, 'pdb'))).toEqual(['3PTB.pdb']);
  });

  it('a closed port gives the connection message at once', async () => {
    const started = Date.now();
    const { status, body } = await t.api('/api/uniprot/P69905', { token });
    expect(status).toBe(502);
    expect(body.errmsg).toBe(CONNECTION_MESSAGE('AlphaFold'));
    expect(Date.now() - started).toBeLessThan(TIMEOUT_MS + 2000);
  });

  it('the mirror still serves entries', async () => {
    expect((await getText(t, '/api/protein/pdb/3ptb', token)).status).toBe(200);
  });

  it('autocomplete falls back to mirror results without an error', async () => {
    const { status, body } = await t.api<{ name: string }[]>('/api/uniprot/match?entry=3P', { token });
    expect(status).toBe(200);
    expect(body.errno).toBe(0);
    expect(body.data).toEqual([{ name: '3PTB' }]);
    expect((await t.api<unknown[]>('/api/uniprot/match?entry=4', { token })).body.data).toEqual([]);
  });
});
