import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OPENAPI_PATH } from '../src/openapi/document.ts';
import { newUser, startTestPlatform, type TestPlatform } from './support/harness.ts';
import { openApiDocumentSchema, sample, type Field } from './support/openapi-document.ts';

/**
 * Every id a route takes (path and query parameters named `id` or `…_id`, the same in JSON
 * bodies, and the modules' data-center `…_cos` fields), read from the checked-in OpenAPI
 * document so that a new route is covered without touching this test. Each is sent ids just
 * past a 32-bit column (2^31) and at the end of JS's safe integers (2^53 − 1): neither names a
 * row, so the answer is a refusal in Chinese, never the database's out-of-range error as a 500.
 */
const OUT_OF_RANGE_IDS = ['2147483648', '9007199254740991'];

const isIdField = (name: string, property: Field) => property.type === 'integer' && (name === 'id' || name.endsWith('_id'));

interface IdCase {
  label: string;
  method: string;
  /** Builds the request with `id` in the tested field. */
  request(id: string): { url: string; json?: Record<string, unknown>; form?: FormData };
}

function idCases(): IdCase[] {
  const document = openApiDocumentSchema.parse(JSON.parse(readFileSync(OPENAPI_PATH, 'utf8')));
  const cases: IdCase[] = [];
  for (const [path, operations] of Object.entries(document.paths)) {
    for (const [method, op] of Object.entries(operations)) {
      const url = (pathValues: Record<string, string>, query: Record<string, string>) => {
        const search = new URLSearchParams(query).toString();
        return path.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(pathValues[name] ?? '1')) + (search ? `?${search}` : '');
      };
      const requiredQuery = Object.fromEntries(op.parameters.filter((p) => p.in === 'query' && p.required).map((p) => [p.name, String(sample(p.schema))]));
      const jsonBody = op.requestBody?.content['application/json']?.schema;
      const requiredJson = jsonBody ? Object.fromEntries(jsonBody.required.map((name) => [name, sample(jsonBody.properties[name] ?? {})])) : undefined;
      const base = { url: url({}, requiredQuery), ...(requiredJson ? { json: requiredJson } : {}) };
      const add = (label: string, request: IdCase['request']) => cases.push({ label: `${method.toUpperCase()} ${path} ${label}`, method: method.toUpperCase(), request });

      for (const p of op.parameters.filter((p) => isIdField(p.name, p.schema))) {
        if (p.in === 'path') add(`path ${p.name}`, (id) => ({ ...base, url: url({ [p.name]: id }, requiredQuery) }));
        if (p.in === 'query') add(`query ${p.name}`, (id) => ({ ...base, url: url({}, { ...requiredQuery, [p.name]: id }) }));
      }
      for (const [name, property] of Object.entries(jsonBody?.properties ?? {})) {
        if (isIdField(name, property)) add(`body ${name}`, (id) => ({ ...base, json: { ...requiredJson, [name]: Number(id) } }));
      }
      const multipart = op.requestBody?.content['multipart/form-data']?.schema;
      for (const name of Object.keys(multipart?.properties ?? {}).filter((n) => n.endsWith('_cos'))) {
        add(`form ${name}`, (id) => {
          const form = new FormData();
          for (const [field, property] of Object.entries(multipart?.properties ?? {})) {
            const chosen = property.enum?.includes('cos') || multipart?.required.includes(field);
            if (chosen && property.type !== 'array') form.append(field, String(sample(property)));
          }
          form.append(name, id);
          return { url: url({}, requiredQuery), form };
        });
      }
    }
  }
  return cases;
}

const cases = idCases();

describe('ids beyond their columns', () => {
  let t: TestPlatform;
  let token: string;
  beforeAll(async () => {
    t = await startTestPlatform({}, { worker: false });
    ({ token } = await newUser(t, 'ids@example.com'));
  });
  afterAll(() => t?.close());

  it('finds the id-taking routes in openapi.json: paths, queries, bodies and data-center fields', () => {
    const labels = cases.map((c) => c.label);
    expect(labels).toEqual(
      expect.arrayContaining(['GET /api/tasks/{id} path id', 'DELETE /api/files/{id} path id', 'GET /api/files/csvpage query id', 'POST /api/feedback/revoke body id', 'POST /api/admet form smiles_cos']),
    );
    expect(cases.length).toBeGreaterThan(25);
  });

  it.each(cases.flatMap((c) => OUT_OF_RANGE_IDS.map((id) => [c.label, id, c] as const)))('%s = %s is refused in Chinese, never a 500', async (_label, id, idCase) => {
    const { url, json, form } = idCase.request(id);
    const res = await t.api(url, { method: idCase.method, token, ...(json ? { json } : {}), ...(form ? { body: form } : {}) });
    expect([400, 404], `answered ${res.status}: ${res.body.errmsg}`).toContain(res.status);
    expect(res.body.errmsg).toMatch(/\p{Script=Han}/u);
  });
});
