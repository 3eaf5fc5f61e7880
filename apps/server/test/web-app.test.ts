/**
 * How the platform serves the built web app on a slow link: the build's precompressed
 * siblings by Accept-Encoding, content-hashed files cached for good, index.html (also for
 * client-side routes) revalidated. The web build takes minutes, so this serves a small
 * build of the same shape: a hashed script with its .br/.gz, index.html with its own, and
 * an unhashed file with none.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { get, type IncomingHttpHeaders } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestPlatform, type TestPlatform } from './support/harness.ts';

const SCRIPT_PATH = 'assets/index-B3x_k9Qz.js';
const SCRIPT = Buffer.from('console.log("云药 Yunyao");\n'.repeat(200));
const INDEX = Buffer.from(`<!doctype html><html><body><div id="root">云药</div><script type="module" src="/${SCRIPT_PATH}"></script>${' '.repeat(2000)}</body></html>`);
const FAVICON = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>');

const IMMUTABLE = 'public, max-age=31536000, immutable';

interface RawResponse {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

/** A GET whose body is left as sent: fetch would decode it, and always sends Accept-Encoding. */
function rawGet(url: string, headers: Record<string, string> = {}): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    get(url, { headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
      res.on('error', reject);
    }).on('error', reject);
  });
}

describe('the built web app', () => {
  let t: TestPlatform;
  const webRoot = mkdtempSync(join(tmpdir(), 'yunyao-web-dist-'));

  beforeAll(async () => {
    mkdirSync(join(webRoot, 'assets'));
    for (const [path, bytes] of [
      [SCRIPT_PATH, SCRIPT],
      ['index.html', INDEX],
    ] as const) {
      writeFileSync(join(webRoot, path), bytes);
      writeFileSync(join(webRoot, `${path}.br`), brotliCompressSync(bytes));
      writeFileSync(join(webRoot, `${path}.gz`), gzipSync(bytes));
    }
    writeFileSync(join(webRoot, 'favicon.svg'), FAVICON);
    t = await startTestPlatform({}, { worker: false, webRoot });
  });
  afterAll(async () => {
    await t.close();
    rmSync(webRoot, { recursive: true, force: true });
  });

  it('sends a hashed script as brotli to a browser, cached for good', async () => {
    const res = await rawGet(`${t.url}/${SCRIPT_PATH}`, { 'accept-encoding': 'gzip, deflate, br, zstd' });
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toBe('application/javascript; charset=utf-8');
    expect(res.headers['cache-control']).toBe(IMMUTABLE);
    expect(res.headers.vary).toBe('Accept-Encoding');
    expect(res.body.length).toBeLessThan(SCRIPT.length / 10);
    expect(res.body).toEqual(brotliCompressSync(SCRIPT));
  });

  it('sends gzip to a client without brotli, and the file itself to one that accepts neither', async () => {
    const gzip = await rawGet(`${t.url}/${SCRIPT_PATH}`, { 'accept-encoding': 'gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gzip.body).toEqual(gzipSync(SCRIPT));

    const plain = await rawGet(`${t.url}/${SCRIPT_PATH}`);
    expect(plain.status).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toBe('Accept-Encoding');
    expect(plain.headers['cache-control']).toBe(IMMUTABLE);
    expect(plain.body).toEqual(SCRIPT);
  });

  it('revalidates index.html, also when it answers a client-side route', async () => {
    for (const path of ['/', '/index.html', '/calculate/admet']) {
      const res = await rawGet(`${t.url}${path}`, { 'accept-encoding': 'br' });
      expect(res.status, path).toBe(200);
      expect(res.headers['content-type'], path).toBe('text/html; charset=utf-8');
      expect(res.headers['content-encoding'], path).toBe('br');
      expect(res.headers['cache-control'], path).toBe('no-cache');
      expect(res.body, path).toEqual(brotliCompressSync(INDEX));
    }
    const first = await rawGet(`${t.url}/calculate/admet`, { 'accept-encoding': 'br' });
    expect(first.headers.etag).toBeTruthy();
    const again = await rawGet(`${t.url}/calculate/admet`, { 'accept-encoding': 'br', 'if-none-match': first.headers.etag ?? '' });
    expect(again.status).toBe(304);
    expect(again.body.length).toBe(0);
  });

  it('revalidates unhashed files and sends those it has no compressed copy of as they are', async () => {
    const res = await rawGet(`${t.url}/favicon.svg`, { 'accept-encoding': 'br, gzip' });
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.body).toEqual(FAVICON);
  });

  it('leaves unknown API paths to the API', async () => {
    const res = await rawGet(`${t.url}/api/no-such-route`, { 'accept-encoding': 'br' });
    expect(res.status).toBe(404);
    expect(JSON.parse(res.body.toString()).errno).not.toBe(0);
  });
});
