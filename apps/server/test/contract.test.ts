import { readFileSync } from 'node:fs';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpoints, estimateEndpoint, previewEndpoint, submitEndpoint, type Endpoint } from '@yunyao/contract';
import { modules, submitRoutes } from '@yunyao/modules';
import { OPENAPI_PATH, openApiDocumentText } from '../src/openapi/document.ts';
import { API_DOC_PATH, withErrorTable } from '../src/openapi/error-table.ts';
import { requireContractEndpoint } from '../src/routes/contract-guard.ts';
import { startTestPlatform, type TestPlatform } from './support/harness.ts';
import { openApiDocumentSchema } from './support/openapi-document.ts';

const declared: Endpoint[] = [
  ...Object.values(endpoints).flatMap((group) => Object.values(group)),
  ...submitRoutes(modules.values()).flatMap(({ path, modules: taking }) => [submitEndpoint(taking, path), estimateEndpoint(taking, path)]),
  ...[...modules.values()].flatMap(({ route, preview }) => (preview ? [previewEndpoint({ route, preview })] : [])),
];

describe('the API contract', () => {
  let t: TestPlatform;
  beforeAll(async () => {
    t = await startTestPlatform({}, { worker: false });
  });
  afterAll(() => t.close());

  it('is packages/contract/openapi.json, as npm run openapi writes it', () => {
    const fresh = openApiDocumentText(t.platform.app);
    const checkedIn = readFileSync(OPENAPI_PATH, 'utf8');
    expect(checkedIn === fresh, 'packages/contract/openapi.json is stale: run npm run openapi and commit the result').toBe(true);
  });

  it('has every declared endpoint registered by the server', () => {
    const missing = declared.filter((e) => !t.platform.app.hasRoute({ method: e.method, url: e.path })).map((e) => `${e.method} ${e.path}`);
    expect(missing).toEqual([]);
  });

  it('documents every visible endpoint with its 200 answer, and nothing else', async () => {
    const document = openApiDocumentSchema.parse((await t.api('/api/openapi.json')).body);
    const operations = Object.entries(document.paths).flatMap(([path, ops]) => Object.entries(ops).map(([method, op]) => ({ key: `${method.toUpperCase()} ${path}`, op })));
    const openApiPath = (path: string) => path.replace(/:(\w+)/g, '{$1}');
    expect(operations.map((o) => o.key).sort()).toEqual(declared.filter((e) => !e.hidden).map((e) => `${e.method} ${openApiPath(e.path)}`).sort());
    expect(operations.filter((o) => !o.op.responses['200']?.content).map((o) => o.key)).toEqual([]);
  });

  it("documents each module's submit form, files included", async () => {
    const document = openApiDocumentSchema.parse((await t.api('/api/openapi.json')).body);
    const form = document.paths['/api/orca']?.post?.requestBody?.content['multipart/form-data']?.schema;
    expect(form?.properties.keyword).toMatchObject({ type: 'string' });
    expect(form?.properties.xyzs).toMatchObject({ type: 'array', items: { type: 'string', format: 'binary' }, minItems: 1 });
  });
});

describe('the contract guard', () => {
  it('refuses an API route that no endpoint declares, or one without a response schema', async () => {
    const app = Fastify();
    app.addHook('onRoute', requireContractEndpoint);
    expect(() => app.get('/api/rogue', async () => 'hi')).toThrow(/GET \/api\/rogue is not declared in the contract/);
    expect(() => app.get('/api/bare', { config: { endpoint: endpoints.system.health } }, async () => 'hi')).toThrow(/has no response schema/);
    expect(() => app.get('/index.html', async () => 'web')).not.toThrow();
    await app.close();
  });
});

describe('generated files', () => {
  it('the error table of docs/api.md is the error catalogue', () => {
    const doc = readFileSync(API_DOC_PATH, 'utf8');
    expect(withErrorTable(doc) === doc, 'the error table of docs/api.md is stale: run npm run openapi and commit the result').toBe(true);
  });
});
