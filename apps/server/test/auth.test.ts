import { readdirSync, readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestPlatform, type TestPlatform } from './support/harness.ts';

let t: TestPlatform;
beforeAll(async () => {
  t = await startTestPlatform({ ACCESS_TOKEN_TTL_SECONDS: '900' }, { worker: false });
});
afterAll(() => t?.close());

const password = 'correct-horse-1';

type Tokens = { token: string; refresh_token: string };
const refresh = (p: TestPlatform, refreshToken: string) => p.api<Tokens>('/api/user/refresh', { method: 'POST', json: { refresh_token: refreshToken } });

describe('accounts', () => {
  it('registers, logs in and reads user info with the spec fields', async () => {
    const reg = await t.api('/api/user/register', { method: 'POST', json: { email: 'Alice@Example.com', password } });
    expect(reg.body.errno).toBe(0);
    const dup = await t.api('/api/user/register', { method: 'POST', json: { email: 'alice@example.com', password } });
    expect(dup.status).toBe(409);
    expect(dup.body.errmsg).toBe('该邮箱已注册！');

    const login = await t.api<{ token: string; refresh_token: string; user: { email: string } }>('/api/user/login', {
      method: 'POST',
      json: { account: 'alice@example.com', password },
    });
    expect(login.body).toMatchObject({ errno: 0, data: { user: { email: 'alice@example.com' } } });
    expect(login.body.data.token).toBeTruthy();
    expect(login.body.data.refresh_token).toBeTruthy();

    const info = await t.api<Record<string, unknown>>('/api/user/info', { token: login.body.data.token });
    expect(info.body.data).toMatchObject({ email: 'alice@example.com', balance: 0, task_cost: 0 });
    expect(String(info.body.data.invite_url)).toMatch(/\/register\?invite_code=/);
    expect(String(info.body.data.created_at)).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
  });

  it('answers validation and login failures in Chinese, inside the envelope', async () => {
    const empty = await t.api('/api/user/login', { method: 'POST', json: { account: '', password: '' } });
    expect(empty.status).toBe(400);
    expect(empty.body.errmsg).toBe('账户为必填项');
    const wrong = await t.api('/api/user/login', { method: 'POST', json: { account: 'alice@example.com', password: 'nope-nope' } });
    expect(wrong.body).toMatchObject({ errno: 40101, errmsg: '账号或密码错误！', data: null });
  });

  it('tells missing, illegal and revoked tokens apart', async () => {
    const none = await t.api('/api/user/info');
    expect(none.status).toBe(401);
    expect(none.body.errmsg).toBe('登录信息已过期,请重新登录');
    const forged = await t.api('/api/user/info', { token: 'abc.def.ghi' });
    expect(forged.body.errno).toBe(50012);

    const login = await t.api<{ token: string }>('/api/user/login', { method: 'POST', json: { account: 'alice@example.com', password } });
    const token = login.body.data.token;
    expect((await t.api('/api/user/logout', { method: 'POST', token })).body.errno).toBe(0);
    const after = await t.api('/api/user/info', { token });
    expect(after.status).toBe(401);
    expect(after.body.errno).toBe(50008);
  });

  it('gives tabs that refresh at once with one refresh token the same successor and keeps the session', async () => {
    const login = await t.api<Tokens>('/api/user/login', { method: 'POST', json: { account: 'alice@example.com', password } });
    const first = login.body.data.refresh_token;
    const tabs = await Promise.all(Array.from({ length: 8 }, () => refresh(t, first)));
    expect(tabs.map((r) => r.body.errno)).toEqual(Array(8).fill(0));
    const successors = new Set(tabs.map((r) => r.body.data.refresh_token));
    expect(successors.size).toBe(1);
    const [successor] = successors;
    expect(successor).not.toBe(first);
    for (const tab of tabs) expect((await t.api('/api/user/info', { token: tab.body.data.token })).body.errno).toBe(0);
    // Within the grace window a late tab still gets the same successor; the successor rotates as usual.
    expect((await refresh(t, first)).body.data.refresh_token).toBe(successor);
    const next = await refresh(t, successor!);
    expect(next.body.errno).toBe(0);
    expect((await t.api('/api/user/info', { token: next.body.data.token })).body.errno).toBe(0);
  });

  it('revokes the session when a rotated refresh token comes back after the grace window', async () => {
    const short = await startTestPlatform({ REFRESH_REUSE_GRACE_SECONDS: '1' }, { worker: false });
    try {
      await short.api('/api/user/register', { method: 'POST', json: { email: 'carol@example.com', password } });
      const login = await short.api<Tokens>('/api/user/login', { method: 'POST', json: { account: 'carol@example.com', password } });
      const first = login.body.data.refresh_token;
      const rotated = await refresh(short, first);
      expect(rotated.body.errno).toBe(0);
      expect((await refresh(short, first)).body.data.refresh_token).toBe(rotated.body.data.refresh_token);
      await new Promise((r) => setTimeout(r, 1100));

      const replay = await refresh(short, first);
      expect(replay.body.errno).toBe(50008);
      // The reuse revoked the whole session: the newest tokens die too.
      expect((await refresh(short, rotated.body.data.refresh_token)).body.errno).toBe(50008);
      expect((await short.api('/api/user/info', { token: rotated.body.data.token })).body.errno).toBe(50008);
    } finally {
      await short.close();
    }
  });

  it('expired access tokens answer 50014', async () => {
    const short = await startTestPlatform({ ACCESS_TOKEN_TTL_SECONDS: '1' }, { worker: false });
    try {
      await short.api('/api/user/register', { method: 'POST', json: { email: 'bob@example.com', password } });
      const login = await short.api<{ token: string }>('/api/user/login', { method: 'POST', json: { account: 'bob@example.com', password } });
      await new Promise((r) => setTimeout(r, 2100));
      const res = await short.api('/api/user/info', { token: login.body.data.token });
      expect(res.status).toBe(401);
      expect(res.body.errno).toBe(50014);
    } finally {
      await short.close();
    }
  });

  it('resets a forgotten password with a single-use mailed link', async () => {
    const res = await t.api('/api/user/forget', { method: 'POST', json: { email: 'alice@example.com' } });
    expect(res.body.errno).toBe(0);
    // Unknown addresses get the same answer, so accounts cannot be probed.
    expect((await t.api('/api/user/forget', { method: 'POST', json: { email: 'nobody@example.com' } })).body.errno).toBe(0);
    const mails = readdirSync(t.config.outboxDir);
    expect(mails).toHaveLength(1);
    const mail = readFileSync(`${t.config.outboxDir}/${mails[0]}`, 'utf8').replace(/=\r?\n/g, '');
    const token = /reset\?token=3D([A-Za-z0-9_-]+)|reset\?token=([A-Za-z0-9_-]+)/.exec(mail);
    const resetToken = token?.[1] ?? token?.[2];
    expect(resetToken).toBeTruthy();

    const reset = await t.api('/api/user/reset', { method: 'POST', json: { token: resetToken, password: 'brand-new-pass' } });
    expect(reset.body.errno).toBe(0);
    const again = await t.api('/api/user/reset', { method: 'POST', json: { token: resetToken, password: 'another-pass' } });
    expect(again.body.errmsg).toBe('重置链接无效或已过期，请重新申请！');
    expect((await t.api('/api/user/login', { method: 'POST', json: { account: 'alice@example.com', password } })).body.errno).toBe(40101);
    expect((await t.api('/api/user/login', { method: 'POST', json: { account: 'alice@example.com', password: 'brand-new-pass' } })).body.errno).toBe(0);
  });

  it('credits the inviter once when someone registers through an invite link', async () => {
    const login = await t.api<{ token: string }>('/api/user/login', { method: 'POST', json: { account: 'alice@example.com', password: 'brand-new-pass' } });
    const info = await t.api<{ invite_url: string; balance: number }>('/api/user/info', { token: login.body.data.token });
    const code = new URL(info.body.data.invite_url).searchParams.get('invite_code')!;
    expect((await t.api('/api/user/register', { method: 'POST', json: { email: 'carol@example.com', password, invite_code: code } })).body.errno).toBe(0);
    const bad = await t.api('/api/user/register', { method: 'POST', json: { email: 'dave@example.com', password, invite_code: 'nope' } });
    expect(bad.body.errmsg).toBe('邀请码无效！');
    const after = await t.api<{ balance: number }>('/api/user/info', { token: login.body.data.token });
    expect(after.body.data.balance).toBe(info.body.data.balance + 20);
  });
});
