import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpoints } from '@yunyao/contract/api';
import { OPENAPI_PATH } from '../src/openapi/document.ts';
import { clientOf, newUser, startTestPlatform, submitFiles, waitForTask, type TestPlatform } from './support/harness.ts';
import { openApiDocumentSchema, sample, type Field } from './support/openapi-document.ts';

/**
 * The cross-user matrix: every route of the checked-in OpenAPI document that takes an id of
 * something a user owns is called by Bob with Alice's id, and must refuse (403 or 404). The
 * routes come from the document, so a new route that takes an id is walked without being
 * listed here; an id parameter this file cannot classify fails the test until it is added to
 * the table below (or marked public).
 */

type Kind = 'task' | 'taskFile' | 'dataFile' | 'invoice' | 'feedback' | 'order' | 'token';

/** A path's `id` parameter, by the path's first segments. */
const PATH_ID_KINDS: [prefix: string, kind: Kind | 'public'][] = [
  ['/api/tasks', 'task'],
  ['/api/files', 'dataFile'],
  ['/api/invoices', 'invoice'],
  ['/api/feedback', 'feedback'],
  ['/api/recharges', 'order'],
  ['/api/user/tokens', 'token'],
  // A QSAR model's tuna_id is the id of the build task that made it (qsar.test.ts refuses another user's real model).
  ['/api/qsartuna', 'task'],
  // PDB and UniProt accessions name public structures, not anything a user owns.
  ['/api/protein', 'public'],
  ['/api/uniprot', 'public'],
];

/** Query and body fields that carry an owned id wherever they appear. */
const FIELD_KINDS: Record<string, Kind | 'public'> = {
  task_id: 'task',
  file: 'taskFile',
  order_id: 'order',
  invoice_id: 'invoice',
  pdb_id: 'public',
  uniprod_id: 'public',
};

const document = openApiDocumentSchema.parse(JSON.parse(readFileSync(OPENAPI_PATH, 'utf8')));

function kindOf(path: string, name: string): Kind | 'public' | undefined {
  if (name.endsWith('_cos')) return 'dataFile';
  if (name in FIELD_KINDS) return FIELD_KINDS[name];
  if (name === 'id') return PATH_ID_KINDS.find(([prefix]) => path.startsWith(prefix))?.[1];
  return undefined;
}

const idLike = (name: string) => name === 'id' || name === 'file' || name.endsWith('_id') || name.endsWith('_cos');

/** A value for a field that is not under test (the id must be what is refused); SMILES fields get a molecule. */
const filler = (name: string, property: Field): unknown => (name === 'smiles' ? 'CCO' : sample(property));

type Operation = (typeof document.paths)[string][string];

interface Case {
  method: string;
  path: string;
  fields: { in: string; name: string; kind: Kind; schema: Field }[];
  query: Operation['parameters'];
  body?: NonNullable<Operation['requestBody']>['content'][string]['schema'];
}

/** Every JSON operation with at least one owned id; multipart submit forms are covered below. */
function cases(): { owned: Case[]; unclassified: string[] } {
  const owned: Case[] = [];
  const unclassified: string[] = [];
  for (const [path, operations] of Object.entries(document.paths)) {
    for (const [method, op] of Object.entries(operations)) {
      const body = op.requestBody?.content['application/json']?.schema;
      const named = [
        ...op.parameters.map((p) => ({ in: p.in, name: p.name, schema: p.schema })),
        ...Object.entries(body?.properties ?? {}).map(([name, schema]) => ({ in: 'body', name, schema })),
      ].filter((f) => idLike(f.name));
      const fields: Case['fields'] = [];
      for (const f of named) {
        const kind = kindOf(path, f.name);
        if (kind === undefined) unclassified.push(`${method.toUpperCase()} ${path} ${f.in} ${f.name}`);
        else if (kind !== 'public') fields.push({ ...f, kind });
      }
      if (fields.length) owned.push({ method: method.toUpperCase(), path, fields, query: op.parameters.filter((p) => p.in === 'query'), body });
    }
  }
  return { owned, unclassified };
}

let t: TestPlatform;
let bobToken = '';
const aliceIds = {} as Record<Kind, string | number>;

beforeAll(async () => {
  t = await startTestPlatform();
  const alice = await newUser(t, 'alice@example.com', 200);
  bobToken = (await newUser(t, 'bob@example.com', 200)).token;
  const asAlice = clientOf(t, alice.token);
  const sdf = readFileSync(new URL('../../../packages/modules/convert/examples/bzr-3.sdf', import.meta.url), 'utf8');
  const submitted = await submitFiles(t, alice.token, '/api/convert', [{ field: 'input', name: 'bzr.sdf', data: sdf }], { out: 'bzr.mol2' });
  const taskId = submitted.body.data.task_id;
  await waitForTask(t, alice.token, taskId);
  const files = await asAlice.call(endpoints.tasks.files, { params: { id: taskId } });
  const order = await asAlice.call(endpoints.payments.recharge, { body: { amount: 100 } });
  const invoice = await asAlice.call(endpoints.personal.saveInvoiceInfo, {
    body: { header: '云药', serial_num: '91310000MA1K000000', user_name: '张三', cell_phone: '13800000000', user_address: '上海', zip_code: '201203' },
  });
  const form = new FormData();
  form.append('type', '1');
  form.append('content', '计算结果下载很慢');
  const feedback = await t.api<{ id: number }>('/api/feedback', { method: 'POST', token: alice.token, body: form });
  Object.assign(aliceIds, {
    task: taskId,
    taskFile: files.outputs[0]!.file,
    dataFile: (await asAlice.call(endpoints.files.smiles, { body: { name: 'mine', smiles: 'CCO' } })).id,
    order: order.order_id,
    invoice: invoice.id,
    feedback: feedback.body.data.id,
    token: (await asAlice.call(endpoints.tokens.create, { body: { name: 'script' } })).id,
  });
});
afterAll(() => t?.close());

describe('cross-user matrix (every id-taking route of openapi.json)', () => {
  it('knows what every id parameter names', () => {
    expect(cases().unclassified, 'id parameters this test cannot classify: add them to PATH_ID_KINDS or FIELD_KINDS').toEqual([]);
  });

  it("refuses each of Alice's ids to Bob with 403 or 404", async () => {
    const { owned } = cases();
    expect(owned.length).toBeGreaterThan(15);
    const answers: string[] = [];
    for (const c of owned) {
      let path = c.path;
      const query = new URLSearchParams();
      const body: Record<string, unknown> = {};
      for (const p of c.query) if (p.required) query.set(p.name, String(filler(p.name, p.schema)));
      for (const name of c.body?.required ?? []) body[name] = filler(name, c.body?.properties[name] ?? {});
      for (const f of c.fields) {
        const id = aliceIds[f.kind];
        if (f.in === 'path') path = path.replace(`{${f.name}}`, encodeURIComponent(String(id)));
        else if (f.in === 'query') query.set(f.name, String(id));
        else body[f.name] = f.schema.type === 'array' ? [id] : id;
      }
      const search = query.size ? `?${query}` : '';
      const res = await t.api(`${path}${search}`, { method: c.method, token: bobToken, ...(c.body ? { json: body } : {}) });
      answers.push(`${c.method} ${c.path}: ${res.status} ${res.body.errno} ${res.body.errmsg}`);
    }
    const leaked = answers.filter((a) => !/: (403|404) [1-9]\d* /.test(a));
    expect(leaked, answers.join('\n')).toEqual([]);
  });

  it("refuses Alice's data-center file in a module's submit form", async () => {
    const form = new FormData();
    form.append('out', 'mine.mol2');
    form.append('input_cos', String(aliceIds.dataFile));
    const res = await t.api('/api/convert', { method: 'POST', token: bobToken, body: form });
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(res.body.errno).not.toBe(0);
    expect((await clientOf(t, bobToken).call(endpoints.tasks.list, { query: {} })).total).toBe(0);
  });
});
