import { execFile } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { eq } from 'drizzle-orm';
import { ACCESS_TOKEN_LIMIT, type AccessToken, type CreatedAccessToken } from '@yunyao/contract';
import { schema } from '@yunyao/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newUser, startTestPlatform, type TestPlatform } from './support/harness.ts';

const CLIENT_SCRIPT = new URL('../../../docs/examples/yunyao_client.py', import.meta.url).pathname;
const BZR_SDF = new URL('../../../packages/modules/convert/examples/bzr-3.sdf', import.meta.url).pathname;

let t: TestPlatform;
let session: string;
beforeAll(async () => {
  t = await startTestPlatform();
  session = (await newUser(t, 'scripter@example.com')).token;
});
afterAll(() => t?.close());

const createToken = (token: string, json: Record<string, unknown>) => t.api<CreatedAccessToken>('/api/user/tokens', { method: 'POST', token, json });
const listTokens = (token: string) => t.api<AccessToken[]>('/api/user/tokens', { token });
const revokeToken = (token: string, id: number) => t.api<null>(`/api/user/tokens/${id}`, { method: 'DELETE', token });

describe('personal access tokens', () => {
  it('are shown once, listed without their secret, work as a bearer until revoked', async () => {
    const created = await createToken(session, { name: 'laptop script' });
    expect(created.body.errno, created.body.errmsg).toBe(0);
    const { token, id, prefix } = created.body.data;
    expect(token).toMatch(/^yyp_[\w-]{43}$/);
    expect(prefix).toBe(token.slice(0, 12));
    expect(created.body.data.expires_at).toBeNull();

    const listed = await listTokens(session);
    expect(listed.body.data).toEqual([{ id, name: 'laptop script', prefix, created_at: expect.any(String), expires_at: null, last_used_at: null, expired: false }]);
    expect(JSON.stringify(listed.body)).not.toContain(token.slice(12));

    const info = await t.api<{ email: string }>('/api/user/info', { token });
    expect(info.body.data.email).toBe('scripter@example.com');
    expect((await listTokens(session)).body.data[0]?.last_used_at).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);

    expect((await revokeToken(session, id)).body).toMatchObject({ errno: 0, errmsg: '撤销成功！' });
    const refused = await t.api('/api/user/info', { token });
    expect(refused.status).toBe(401);
    expect(refused.body.errno).toBe(50008);
    expect((await listTokens(session)).body.data).toEqual([]);
  });

  it('expire after the chosen number of days', async () => {
    const created = (await createToken(session, { name: 'ci', expires_in_days: 7 })).body.data;
    const days = (Date.parse(created.expires_at!.replace(' ', 'T') + '+08:00') - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(6.99);
    expect(days).toBeLessThanOrEqual(7);
    expect((await t.api('/api/user/info', { token: created.token })).body.errno).toBe(0);

    const { db } = t.platform.deps.database;
    await db.update(schema.personalAccessTokens).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(schema.personalAccessTokens.id, created.id));
    const expired = await t.api('/api/user/info', { token: created.token });
    expect(expired.status).toBe(401);
    expect(expired.body.errno).toBe(50014);
    expect((await listTokens(session)).body.data.find((row) => row.id === created.id)?.expired).toBe(true);
    await revokeToken(session, created.id);
  });

  it('validate the name and the expiry with Chinese messages', async () => {
    expect((await createToken(session, { name: '  ' })).body).toMatchObject({ errno: 40000, errmsg: '请输入令牌名称！' });
    expect((await createToken(session, { name: 'x'.repeat(41) })).body.errmsg).toBe('令牌名称最多 40 个字符！');
    expect((await createToken(session, { name: 'ok', expires_in_days: 5 })).body.errmsg).toBe('有效期须为 7、30、90、365 天或永不过期！');
  });

  it('cannot manage tokens, log out, move money or close the account', async () => {
    const { token, id } = (await createToken(session, { name: 'limited' })).body.data;
    const attempts = [
      createToken(token, { name: 'minted by a token' }),
      listTokens(token),
      revokeToken(token, id),
      t.api('/api/user/logout', { method: 'POST', token }),
      t.api('/api/balance/refund', { method: 'POST', token, json: { amount: 10, name: 'x', account: 'y' } }),
      t.api('/api/recharges', { method: 'POST', token, json: { amount: 100 } }),
      t.api('/api/user/revoke', { method: 'POST', token }),
    ];
    for (const { status, body } of await Promise.all(attempts)) {
      expect(status).toBe(403);
      expect(body).toMatchObject({ errno: 40301, errmsg: '访问令牌不能用于此操作，请登录网页后操作！' });
    }
    expect((await t.api('/api/user/info', { token })).body.errno).toBe(0);
    await revokeToken(session, id);
  });

  it("answer 404 for another user's token and refuse an unknown one", async () => {
    const other = await newUser(t, 'other@example.com', 0);
    const theirs = (await createToken(other.token, { name: 'theirs' })).body.data;
    expect((await revokeToken(session, theirs.id)).body).toMatchObject({ errno: 40460, errmsg: '访问令牌不存在！' });
    expect((await t.api('/api/user/info', { token: theirs.token })).body.errno).toBe(0);
    const forged = await t.api('/api/user/info', { token: `yyp_${'A'.repeat(43)}` });
    expect(forged.status).toBe(401);
    expect(forged.body.errno).toBe(50012);
  });

  it(`are capped at ${ACCESS_TOKEN_LIMIT} live tokens per user`, async () => {
    const capped = await newUser(t, 'collector@example.com', 0);
    for (let i = 0; i < ACCESS_TOKEN_LIMIT; i++) expect((await createToken(capped.token, { name: `t${i}` })).body.errno).toBe(0);
    const over = await createToken(capped.token, { name: 'one too many' });
    expect(over.body).toMatchObject({ errno: 40060, errmsg: `访问令牌最多 ${ACCESS_TOKEN_LIMIT} 个，请先撤销不再使用的令牌！` });
    const [first] = (await listTokens(capped.token)).body.data;
    await revokeToken(capped.token, first!.id);
    expect((await createToken(capped.token, { name: 'room again' })).body.errno).toBe(0);
  });

  it('are all revoked by a password reset', async () => {
    const user = await newUser(t, 'forgetful@example.com', 0);
    const { token } = (await createToken(user.token, { name: 'before reset' })).body.data;
    await t.api('/api/user/forget', { method: 'POST', json: { email: 'forgetful@example.com' } });
    const mail = readdirSync(t.config.outboxDir)
      .map((name) => readFileSync(join(t.config.outboxDir, name), 'utf8').replace(/=\r?\n/g, ''))
      .find((text) => text.includes('forgetful@example.com'));
    const resetToken = /reset\?token=(?:3D)?([\w-]+)/.exec(mail ?? '')?.[1];
    expect((await t.api('/api/user/reset', { method: 'POST', json: { token: resetToken, password: 'brand-new-pass' } })).body.errno).toBe(0);
    expect((await t.api('/api/user/info', { token })).body.errno).toBe(50008);
  });
});

describe('the documented Python client (docs/examples/yunyao_client.py)', () => {
  it('submits a task with a token, waits for it and downloads its output', async () => {
    const { token } = (await createToken(session, { name: 'python example' })).body.data;
    const out = mkdtempSync(join(tmpdir(), 'yunyao-client-'));
    try {
      const args = [CLIENT_SCRIPT, '--url', t.url, '--out', out, 'run', '/api/convert', '--field', 'out=bzr.mol2', '--file', `input=${BZR_SDF}`, '--download', 'bzr.mol2'];
      const { stdout } = await promisify(execFile)('/usr/bin/python3', args, { env: { ...process.env, YUNYAO_TOKEN: token } });
      expect(stdout.trim()).toBe(join(out, 'bzr.mol2'));
      expect(readFileSync(join(out, 'bzr.mol2'), 'utf8').match(/@<TRIPOS>MOLECULE/g)).toHaveLength(3);
    } finally {
      rmSync(out, { recursive: true, force: true });
    }
  });

  it('prints the estimate and hold of a task without submitting it, with the cap it is given', async () => {
    const { token } = (await createToken(session, { name: 'python estimate' })).body.data;
    const args = [CLIENT_SCRIPT, '--url', t.url, '--spend-cap', '0.05', '--estimate', 'run', '/api/convert', '--field', 'out=bzr.mol2', '--file', `input=${BZR_SDF}`, '--download', 'bzr.mol2'];
    const tasks = async () => (await t.api<{ total: number }>('/api/tasks?page=1&limit=10', { token })).body.data.total;
    const before = await tasks();
    const { stdout } = await promisify(execFile)('/usr/bin/python3', args, { env: { ...process.env, YUNYAO_TOKEN: token } });
    expect(JSON.parse(stdout)).toMatchObject({ estimate: 0.01, hold: 0.05, spend_cap: 0.05 });
    expect(await tasks()).toBe(before);
  });

  it("prints the server's reason when the token is refused", async () => {
    const run = promisify(execFile)('/usr/bin/python3', [CLIENT_SCRIPT, '--url', t.url, 'run', '/api/convert', '--download', 'x'], {
      env: { ...process.env, YUNYAO_TOKEN: 'yyp_unknown' },
    });
    await expect(run).rejects.toMatchObject({ code: 1, stderr: expect.stringContaining('yunyao: 50012: 非法的登录凭证，请重新登录') });
  });
});
