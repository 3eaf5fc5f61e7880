import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyBaseLogger } from 'fastify';
import { listLibrarySources } from '@yunyao/db';
import { seedLibraryInBackground } from '../src/library-seed.ts';
import { dbKind, startTestPlatform, type TestPlatform } from './support/harness.ts';

let t: TestPlatform;
beforeAll(async () => {
  t = await startTestPlatform({}, { worker: false });
});
afterAll(() => t?.close());

describe('platform', () => {
  it('reports database, queue, storage and engines with versions', async () => {
    const { status, body } = await t.api<{
      status: string;
      database: { ok: boolean; kind: string; version: string };
      queue: { ok: boolean };
      storage: { ok: boolean; kind: string };
      engines: { id: string; found: boolean; version: string | null }[];
    }>('/api/health');
    expect(status).toBe(200);
    expect(body.data.status).toBe('ok');
    expect(body.data.database).toMatchObject({ ok: true, kind: dbKind });
    expect(body.data.database.version).toMatch(/PostgreSQL/);
    expect(body.data.queue.ok).toBe(true);
    expect(body.data.storage).toMatchObject({ ok: true, kind: 'local' });
    const engines = Object.fromEntries(body.data.engines.map((e) => [e.id, e]));
    expect(engines.openbabel).toMatchObject({ found: true, version: expect.stringMatching(/^3\.\d/) });
    expect(engines.rdkit).toMatchObject({ found: true, version: expect.stringMatching(/^20\d\d\./) });
  });

  it('publishes OpenAPI with every module submit route', async () => {
    const res = await fetch(`${t.url}/api/openapi.json`);
    const doc = (await res.json()) as { openapi: string; paths: Record<string, unknown> };
    expect(doc.openapi).toMatch(/^3\./);
    for (const path of ['/api/convert', '/api/perform', '/api/merge', '/api/user/login', '/api/tasks', '/api/files/csvpage']) {
      expect(doc.paths).toHaveProperty([path]);
    }
  });

  it('answers unknown API paths with the envelope and serves the web app for page routes', async () => {
    const missing = await t.api('/api/nope');
    expect(missing).toMatchObject({ status: 404, body: { errno: 40400 } });
    const page = await fetch(`${t.url}/calculate/home`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('云药');
  });
});

describe('library seed on first start', () => {
  it('imports the configured library once, and leaves libraries alone once staff imported their own', async () => {
    const log = { info: () => undefined, warn: () => undefined, error: () => undefined } as unknown as FastifyBaseLogger;
    const withSeed = (source: string) => ({ ...t.platform.deps, config: { ...t.config, librarySeed: { file: '/usr/share/RDKit/Data/NCI/first_200.props.sdf', source } } });
    await seedLibraryInBackground(withSeed('nci'), log);
    await seedLibraryInBackground(withSeed('nci'), log);
    expect(await listLibrarySources(t.platform.deps.database.db)).toEqual([{ source: 'nci', count: 200 }]);
    // Another source present (here: the seed under a new name is not run because nci exists).
    await seedLibraryInBackground(withSeed('other'), log);
    expect((await listLibrarySources(t.platform.deps.database.db)).map((s) => s.source)).toEqual(['nci']);
  });
});
