import { describe, expect, expectTypeOf, it } from 'vitest';
import { z } from 'zod';
import { RequestError, type CallOptions, createApiClient, endpointUrl } from './client.ts';
import { endpoint } from './endpoint.ts';

/** What the client ignores: the documentation side of an endpoint. */
const doc = { auth: true, tag: 'test', summary: 'test' } as const;

const taskFile = endpoint({
  ...doc,
  method: 'GET',
  path: '/api/tasks/:id/files/:name',
  params: z.object({ id: z.coerce.number(), name: z.string() }),
  query: z.object({ page: z.number().optional(), filter: z.string().optional(), tags: z.array(z.string()).optional(), all: z.boolean().optional() }),
  response: z.object({ name: z.string(), size: z.number() }),
});
const rename = endpoint({ ...doc, method: 'POST', path: '/api/files/rename', body: z.object({ id: z.number(), name: z.string() }), response: z.null() });
const upload = endpoint({
  ...doc,
  method: 'POST',
  path: '/api/files',
  body: z.object({ type: z.string(), file: z.instanceof(Blob), ligands: z.array(z.instanceof(Blob)).optional() }),
  response: z.object({ id: z.number() }),
  reads: 'multipart',
});
const archive = endpoint({ ...doc, method: 'GET', path: '/api/tasks/download/:id', params: z.object({ id: z.number() }), response: z.unknown(), answers: 'download' });
const molecules = endpoint({
  ...doc,
  method: 'GET',
  path: '/api/molecule/filter',
  query: z.object({ source: z.string() }),
  response: z.array(z.object({ smiles: z.string() })),
  csv: true,
});

interface Sent {
  url: string;
  method: string | undefined;
  headers: Record<string, string>;
  body: BodyInit | null | undefined;
}

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** A fetch that records each request and answers from the list, in turn. */
function fakeFetch(...answers: Response[]) {
  const sent: Sent[] = [];
  const fetch = async (input: string | URL | Request, init?: RequestInit): Promise<Response> => {
    sent.push({ url: String(input), method: init?.method, headers: Object.fromEntries(new Headers(init?.headers)), body: init?.body });
    const answer = answers.shift();
    if (!answer) throw new Error('no answer left');
    return answer;
  };
  return { fetch, sent };
}

describe('endpointUrl', () => {
  it('fills path parameters, encoded', () => {
    expect(endpointUrl(taskFile, { params: { id: 7, name: 'out/a b.sdf' } })).toBe('/api/tasks/7/files/out%2Fa%20b.sdf');
  });

  it('encodes the query, leaving out undefined, null and empty values and repeating lists', () => {
    const query = { page: 2, filter: '', missing: undefined, none: null, tags: ['a', 'b&c'], all: false };
    expect(endpointUrl({ path: '/api/x' }, { query })).toBe('/api/x?page=2&tags=a&tags=b%26c&all=false');
    expect(endpointUrl({ path: '/api/x' }, { query: { filter: '' } })).toBe('/api/x');
  });

  it('refuses a missing path parameter rather than calling a wrong URL', () => {
    expect(() => endpointUrl(taskFile, { params: { id: 7 } })).toThrow(/name/);
  });
});

describe('createApiClient', () => {
  it('lets a call leave out arguments the endpoint does not need', async () => {
    const { fetch, sent } = fakeFetch(json({ errno: 0, errmsg: 'success', data: { name: 'a', size: 1 } }));
    const optional = endpoint({ ...doc, method: 'GET', path: '/api/x', query: z.object({ page: z.number().optional() }), response: z.object({ name: z.string(), size: z.number() }) });
    expect(await createApiClient({ fetch }).call(optional)).toEqual({ name: 'a', size: 1 });
    expect(sent[0]!.url).toBe('/api/x');
    // @ts-expect-error a body this endpoint does not declare
    void (() => createApiClient({ fetch }).call(optional, { body: { id: 1 } }));
    // @ts-expect-error path parameters are required where the path has them
    void (() => createApiClient({ fetch }).call(taskFile, { query: {} }));
  });

  it('answers the typed data, sending the method, base URL and bearer token', async () => {
    const { fetch, sent } = fakeFetch(json({ errno: 0, errmsg: 'success', data: { name: 'a.sdf', size: 12 } }));
    const client = createApiClient({ baseUrl: 'http://api.test/', token: () => 'secret', fetch });
    const file = await client.call(taskFile, { params: { id: 7, name: 'a.sdf' }, query: { page: 1 } });
    expectTypeOf(file).toEqualTypeOf<{ name: string; size: number }>();
    expect(file).toEqual({ name: 'a.sdf', size: 12 });
    expect(sent).toEqual([{ url: 'http://api.test/api/tasks/7/files/a.sdf?page=1', method: 'GET', headers: { authorization: 'Bearer secret' }, body: undefined }]);
  });

  it("sends the caller's language as Accept-Language, read at each call", async () => {
    const { fetch, sent } = fakeFetch(json({ errno: 0, errmsg: 'success', data: null }), json({ errno: 0, errmsg: 'success', data: null }));
    let language = 'en';
    const client = createApiClient({ fetch, language: () => language });
    await client.call(rename, { body: { id: 3, name: 'x' } });
    language = 'zh-CN';
    await client.call(rename, { body: { id: 3, name: 'x' } });
    expect(sent.map((s) => s.headers['accept-language'])).toEqual(['en', 'zh-CN']);
  });

  it('sends a JSON body and no authorization without a token', async () => {
    const { fetch, sent } = fakeFetch(json({ errno: 0, errmsg: '修改成功!', data: null }));
    const client = createApiClient({ fetch });
    const answer = await client.envelope(rename, { body: { id: 3, name: 'x' } });
    expect(answer).toEqual({ errno: 0, errmsg: '修改成功!', data: null });
    expect(sent[0]).toMatchObject({ url: '/api/files/rename', method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"id":3,"name":"x"}' });
  });

  it('sends a multipart body as a form, files kept with their names and lists repeated', async () => {
    const { fetch, sent } = fakeFetch(json({ errno: 0, errmsg: 'success', data: { id: 9 } }));
    const file = new File(['CCO'], 'ethanol.smi');
    const ligands = [new File(['C'], 'a.sdf'), new File(['N'], 'b.sdf')];
    expect(await createApiClient({ fetch }).call(upload, { body: { type: 'smi', file, ligands } })).toEqual({ id: 9 });
    const form = sent[0]!.body;
    expect(form).toBeInstanceOf(FormData);
    if (!(form instanceof FormData)) return;
    expect(form.get('type')).toBe('smi');
    expect(form.get('file')).toMatchObject({ name: 'ethanol.smi' });
    expect(form.getAll('ligands').map((f) => (f instanceof File ? f.name : f))).toEqual(['a.sdf', 'b.sdf']);
    expect(sent[0]!.headers).toEqual({});
  });

  it('throws the envelope error with its errno, status and message', async () => {
    const { fetch } = fakeFetch(json({ errno: 40201, errmsg: '余额不足，请充值后再提交任务！', data: null }, 402));
    const error = await createApiClient({ fetch })
      .call(rename, { body: { id: 3, name: 'x' } })
      .catch((err: unknown) => err);
    expect(error).toBeInstanceOf(RequestError);
    expect(error).toMatchObject({ errno: 40201, status: 402, message: '余额不足，请充值后再提交任务！' });
  });

  it('throws on a non-zero errno even when the HTTP status is 200', async () => {
    const { fetch } = fakeFetch(json({ errno: 40000, errmsg: '请输入名称', data: null }));
    await expect(createApiClient({ fetch }).call(rename, { body: { id: 3, name: '' } })).rejects.toMatchObject({ errno: 40000, status: 200 });
  });

  it('throws without an errno when the answer is not an envelope', async () => {
    const { fetch } = fakeFetch(new Response('Bad Gateway', { status: 502, statusText: 'Bad Gateway' }));
    await expect(createApiClient({ fetch }).call(rename, { body: { id: 3, name: 'x' } })).rejects.toMatchObject({ errno: null, status: 502, message: 'Bad Gateway' });
  });

  it('refuses data outside the endpoint response schema', async () => {
    const { fetch } = fakeFetch(json({ errno: 0, errmsg: 'success', data: { name: 'a.sdf' } }));
    await expect(createApiClient({ fetch }).call(taskFile, { params: { id: 1, name: 'a.sdf' }, query: {} })).rejects.toThrow(/outside its contract/);
  });

  it('lets onError restate what a call throws, seeing the caller options', async () => {
    const { fetch } = fakeFetch(json({ errno: 40000, errmsg: 'bad', data: null }, 400));
    const seen: unknown[] = [];
    const client = createApiClient<CallOptions & { silent?: boolean }>({
      fetch,
      onError: (error, call) => {
        seen.push({ errno: error instanceof RequestError ? error.errno : 'none', path: call.endpoint.path, download: call.download, silent: call.options?.silent });
        return new Error('restated');
      },
    });
    await expect(client.call(rename, { body: { id: 1, name: 'x' } }, { silent: true })).rejects.toThrow('restated');
    await expect(client.call(rename, { body: { id: 1, name: 'x' } })).rejects.toThrow('restated');
    expect(seen).toEqual([
      { errno: 40000, path: '/api/files/rename', download: false, silent: true },
      { errno: 'none', path: '/api/files/rename', download: false, silent: undefined },
    ]);
  });

  it('passes on the fetch error when no answer came', async () => {
    const { fetch } = fakeFetch();
    await expect(createApiClient({ fetch }).call(rename, { body: { id: 1, name: 'x' } })).rejects.toThrow('no answer left');
  });

  it('sends the call once more when retry mends the refusal', async () => {
    const { fetch, sent } = fakeFetch(json({ errno: 50014, errmsg: 'token expired', data: null }, 401), json({ errno: 0, errmsg: 'ok', data: null }));
    let token = 'old';
    const retried: (number | null)[] = [];
    const retry = async (error: RequestError) => {
      retried.push(error.errno);
      token = 'new';
      return true;
    };
    await createApiClient({ fetch, token: () => token, retry }).call(rename, { body: { id: 1, name: 'x' } });
    expect(retried).toEqual([50014]);
    expect(sent.map((s) => s.headers.authorization)).toEqual(['Bearer old', 'Bearer new']);
  });

  it('answers a download endpoint with the response, or throws its envelope error', async () => {
    const { fetch, sent } = fakeFetch(new Response('tar bytes'), json({ errno: 40300, errmsg: 'forbidden', data: null }, 403));
    const client = createApiClient({ fetch });
    expect(await (await client.download(archive, { params: { id: 4 } })).text()).toBe('tar bytes');
    expect(sent[0]!.url).toBe('/api/tasks/download/4');
    await expect(client.download(archive, { params: { id: 5 } })).rejects.toMatchObject({ errno: 40300, status: 403 });
  });

  it('downloads a csv endpoint as CSV, and refuses a JSON-only one', async () => {
    const { fetch, sent } = fakeFetch(new Response('smiles\nCCO\n'));
    const client = createApiClient({ fetch });
    expect(await (await client.download(molecules, { query: { source: 'fda' } })).text()).toBe('smiles\nCCO\n');
    expect(sent[0]!.url).toBe('/api/molecule/filter?source=fda&type=csv');
    expect(() => client.download(rename, { body: { id: 1, name: 'x' } })).toThrow(/answers JSON/);
    // @ts-expect-error a download endpoint answers no envelope, so call() refuses it when compiling
    void (() => client.call(archive, { params: { id: 4 } }));
  });
});
