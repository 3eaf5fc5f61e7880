import { readdirSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestPlatform, type TestPlatform } from './support/harness.ts';

const password = 'secret-123';
const refused = { errno: 42900, errmsg: '操作过于频繁，请稍后再试！', data: null };

/** A POST from `address`, which a platform that trusts its proxy takes from X-Forwarded-For. */
const postFrom = (t: TestPlatform, address: string, path: string, json: unknown) => t.api(path, { method: 'POST', headers: { 'x-forwarded-for': address }, json });
const wrongLogin = (t: TestPlatform, address: string, account: string) => postFrom(t, address, '/api/user/login', { account, password: 'wrong-password' });

describe('rate limits behind a trusted proxy', () => {
  let t: TestPlatform;
  beforeAll(async () => {
    t = await startTestPlatform(
      { TRUST_PROXY: '127.0.0.1', LOGIN_RATE_LIMIT: '10', LOGIN_IP_RATE_LIMIT: '30', FORGET_RATE_LIMIT: '3', FORGET_IP_RATE_LIMIT: '5', REGISTER_IP_RATE_LIMIT: '3' },
      { worker: false },
    );
  });
  afterAll(() => t?.close());

  it("counts login failures per account: ten accounts' failures from one address leave an eleventh user alone", async () => {
    expect((await postFrom(t, '10.0.1.1', '/api/user/register', { email: 'eleventh@example.com', password })).body.errno).toBe(0);
    for (let i = 0; i < 10; i++) expect((await wrongLogin(t, '10.0.1.2', `user${i}@example.com`)).body.errno).toBe(40101);
    expect((await postFrom(t, '10.0.1.2', '/api/user/login', { account: 'eleventh@example.com', password })).body.errno).toBe(0);
  });

  it('refuses the eleventh attempt on one account from any address, the right password included', async () => {
    expect((await postFrom(t, '10.0.2.1', '/api/user/register', { email: 'target@example.com', password })).body.errno).toBe(0);
    for (let i = 0; i < 10; i++) expect((await wrongLogin(t, `10.0.2.${10 + i}`, i % 2 ? 'target@example.com' : ' Target@Example.com')).body.errno).toBe(40101);
    const eleventh = await postFrom(t, '10.0.2.99', '/api/user/login', { account: 'target@example.com', password });
    expect(eleventh.status).toBe(429);
    expect(eleventh.body).toEqual(refused);
  });

  it('limits one address over all accounts, per client as the proxy names it', async () => {
    for (let i = 0; i < 30; i++) expect((await wrongLogin(t, '10.0.3.1', `sweep${i}@example.com`)).body.errno).toBe(40101);
    expect((await wrongLogin(t, '10.0.3.1', 'sweep-last@example.com')).body).toEqual(refused);
    expect((await wrongLogin(t, '10.0.3.2', 'sweep-last@example.com')).body.errno).toBe(40101);
  });

  it('limits reset mails per address mailed and per client', async () => {
    expect((await postFrom(t, '10.0.4.1', '/api/user/register', { email: 'forgetful@example.com', password })).body.errno).toBe(0);
    for (const address of ['10.0.4.2', '10.0.4.3', '10.0.4.4']) expect((await postFrom(t, address, '/api/user/forget', { email: 'forgetful@example.com' })).body.errno).toBe(0);
    expect((await postFrom(t, '10.0.4.5', '/api/user/forget', { email: 'FORGETFUL@example.com' })).body).toEqual(refused);
    expect(readdirSync(t.config.outboxDir)).toHaveLength(3);

    for (let i = 0; i < 5; i++) expect((await postFrom(t, '10.0.4.9', '/api/user/forget', { email: `other${i}@example.com` })).body.errno).toBe(0);
    expect((await postFrom(t, '10.0.4.9', '/api/user/forget', { email: 'other-last@example.com' })).body).toEqual(refused);
  });

  it('limits registrations per client', async () => {
    for (let i = 0; i < 3; i++) expect((await postFrom(t, '10.0.5.1', '/api/user/register', { email: `new${i}@example.com`, password })).body.errno).toBe(0);
    expect((await postFrom(t, '10.0.5.1', '/api/user/register', { email: 'new-last@example.com', password })).body).toEqual(refused);
    expect((await postFrom(t, '10.0.5.2', '/api/user/register', { email: 'new-last@example.com', password })).body.errno).toBe(0);
  });
});

describe('rate limits without a trusted proxy', () => {
  it('ignores X-Forwarded-For, so a client cannot pick a fresh address per attempt', async () => {
    const t = await startTestPlatform({ LOGIN_IP_RATE_LIMIT: '3' }, { worker: false });
    try {
      for (let i = 0; i < 3; i++) expect((await wrongLogin(t, `10.0.6.${i}`, `spoof${i}@example.com`)).body.errno).toBe(40101);
      expect((await wrongLogin(t, '10.0.6.99', 'spoof-last@example.com')).body).toEqual(refused);
    } finally {
      await t.close();
    }
  });
});
