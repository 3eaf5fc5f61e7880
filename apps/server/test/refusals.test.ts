import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newUser, startTestPlatform, type TestPlatform } from './support/harness.ts';
import { openApiDocumentSchema, type Field } from './support/openapi-document.ts';

let t: TestPlatform;
beforeAll(async () => {
  t = await startTestPlatform({}, { worker: false });
});
afterAll(() => t?.close());

/** Sends `request` as raw bytes and reads the answer until the server closes the connection. */
function rawExchange(url: string, request: string): Promise<string> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), hostname, () => socket.write(request));
    const chunks: Buffer[] = [];
    socket.on('data', (chunk) => chunks.push(chunk));
    socket.on('close', () => resolve(Buffer.concat(chunks).toString('utf8')));
    socket.on('error', reject);
  });
}

describe('refusals the framework makes answer the catalogue in Chinese', () => {
  it('a body that is not JSON', async () => {
    const res = await t.api('/api/user/login', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"account": "a@example.com",' });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ errno: 40007, errmsg: '请求格式错误，无法解析！', data: null });
  });

  it('a content type no route reads', async () => {
    const res = await t.api('/api/user/login', { method: 'POST', headers: { 'content-type': 'application/xml' }, body: '<login/>' });
    expect(res.status).toBe(415);
    expect(res.body).toEqual({ errno: 41500, errmsg: '不支持该请求内容类型！', data: null });
  });

  it('headers larger than the HTTP parser takes', async () => {
    const answer = await rawExchange(t.url, `GET /api/health HTTP/1.1\r\nHost: localhost\r\nCookie: ${'a'.repeat(20_000)}\r\n\r\n`);
    expect(answer).toMatch(/^HTTP\/1\.1 431 /);
    expect(JSON.parse(answer.slice(answer.indexOf('\r\n\r\n') + 4))).toEqual({ errno: 43100, errmsg: '请求头过大，请清除本站 Cookie 后重试！', data: null });
  });

  it("a field whose schema has no message of its own reads the catalogue's, not zod's English", async () => {
    const res = await t.api('/api/user/register', { method: 'POST', json: { email: 'long@example.com', password: 'secret-123', invite_code: 'x'.repeat(65) } });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ errno: 40000, errmsg: '参数错误：invite_code 长度须不大于 64 个字符！', data: null });
  });

  it('a malformed path id names nothing: 404', async () => {
    const { token } = await newUser(t, 'paths@example.com');
    const res = await t.api('/api/tasks/not-a-number', { token });
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ errno: 40400, errmsg: '资源不存在！', data: null });
  });

  it('a multipart body without a boundary, on every multipart route the API document lists', async () => {
    const { token } = await newUser(t, 'boundary@example.com');
    const document = openApiDocumentSchema.parse((await t.api('/api/openapi.json')).body);
    const routes = Object.entries(document.paths).flatMap(([path, operations]) =>
      Object.entries(operations)
        .filter(([, op]) => op.requestBody?.content['multipart/form-data'])
        .map(([method]) => `${method.toUpperCase()} ${path}`),
    );
    // Every module's submit and estimate routes, uploads and feedback: a list that shrank would test nothing.
    expect(routes).toEqual(expect.arrayContaining(['POST /api/sign', 'POST /api/sign/estimate', 'POST /api/convert', 'POST /api/files', 'POST /api/feedback']));
    // No boundary at all; and, where the route takes files, a body cut off inside its first file field.
    const isFile = (f: Field) => f['format'] === 'binary' || (f['items'] as Field | undefined)?.['format'] === 'binary';
    const fileField = (path: string) => Object.entries(document.paths[path]!['post']!.requestBody!.content['multipart/form-data']!.schema.properties).find(([, f]) => isFile(f))?.[0];
    const bodies = (path: string) => {
      const field = fileField(path);
      const cutOff = `--x\r\nContent-Disposition: form-data; name="${field}"; filename="a.pdb"\r\n\r\nATOM`;
      return [{ contentType: 'multipart/form-data', body: '--x\r\n' }, ...(field ? [{ contentType: 'multipart/form-data; boundary=x', body: cutOff }] : [])];
    };
    const answers = [];
    const expected = [];
    for (const route of routes) {
      const [method, path] = route.split(' ') as [string, string];
      for (const { contentType, body } of bodies(path)) {
        const res = await t.api(path, { method, token, headers: { 'content-type': contentType }, body });
        answers.push({ route, contentType, status: res.status, body: res.body });
        expected.push({ route, contentType, status: 400, body: { errno: 40007, errmsg: '请求格式错误，无法解析！', data: null } });
      }
    }
    expect(answers).toEqual(expected);
  });
});

describe("refusals answer in the asker's language (Accept-Language), Chinese by default", () => {
  const english = { 'accept-language': 'en-US,en;q=0.9' };
  const form = (fields: Record<string, string>, file?: { field: string; name: string; data: string }) => {
    const body = new FormData();
    for (const [k, v] of Object.entries(fields)) body.append(k, v);
    if (file) body.append(file.field, new Blob([file.data]), file.name);
    return body;
  };

  it("a field without words of its own, in English: the catalogue's words name it", async () => {
    const json = { email: 'long-en@example.com', password: 'secret-123', invite_code: 'x'.repeat(65) };
    const res = await t.api('/api/user/register', { method: 'POST', headers: english, json });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ errno: 40000, errmsg: 'Invalid parameters: invite_code must be at most 64 characters long.', data: null });
    // Chinese preferred, or no language named: the spec's words.
    const chinese = await t.api('/api/user/register', { method: 'POST', headers: { 'accept-language': 'zh-CN,zh;q=0.9,en;q=0.8' }, json });
    expect(chinese.body.errmsg).toBe('参数错误：invite_code 长度须不大于 64 个字符！');
  });

  it("a module's own refusals, from its catalogue", async () => {
    const { token } = await newUser(t, 'english@example.com');
    const noFile = await t.api('/api/convert', { method: 'POST', token, headers: english, body: form({ out: 'result.mol2' }) });
    expect([noFile.status, noFile.body.errmsg]).toEqual([400, 'Please upload an input file.']);
    const noOut = await t.api('/api/convert', { method: 'POST', token, headers: english, body: form({}, { field: 'input', name: 'a.smi', data: 'CCO ethanol\n' }) });
    expect(noOut.body.errmsg).toBe('Please enter the output file name and format.');
    const sameInChinese = await t.api('/api/convert', { method: 'POST', token, body: form({}, { field: 'input', name: 'a.smi', data: 'CCO ethanol\n' }) });
    expect(sameInChinese.body.errmsg).toBe('请输入输出文件名称及格式！');
  });

  it("the framework's and the catalogue's refusals", async () => {
    const res = await t.api('/api/user/login', { method: 'POST', headers: { ...english, 'content-type': 'application/json' }, body: '{"account": "a@example.com",' });
    expect(res.body).toEqual({ errno: 40007, errmsg: 'The request is malformed and cannot be read', data: null });
    const { token } = await newUser(t, 'english-paths@example.com');
    expect((await t.api('/api/tasks/not-a-number', { token, headers: english })).body.errmsg).toBe('Not found');
  });
});
