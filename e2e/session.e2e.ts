/**
 * The global HTTP behaviour of the spec in a real browser: a silently refreshed
 * access token, the "Confirm logout" dialog for a token the server refuses, and
 * /401 for a resource that belongs to someone else.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { SignJWT, decodeJwt } from 'jose';
import { describe, expect, test } from 'vitest';
import { apiClient, endpoints, RequestError } from './support/api.ts';
import { screenshot } from './support/browser.ts';
import { useE2E } from './support/suite.ts';

// The suite's shared platform: rather than a platform of its own with a seconds-long token
// lifetime (its start cost more than the rest of the file), the first test re-signs the
// browser's token with the platform's own key and an expiry in the past.
const e2e = useE2E();
const password = 'e2e-secret-123';
// Addresses of this run alone: the shared platform keeps the accounts of the other files and runs.
const owner = `session-owner-${Date.now()}@example.com`;

/** The browser's access token, expired a minute ago: same session and user, signed with the platform's key. */
async function expired(token: string): Promise<string> {
  // The platform's key: JWT_SECRET when the environment sets one, else the secret it keeps in its data dir.
  const secret = process.env.JWT_SECRET ?? readFileSync(join(e2e.platform.dataDir, 'secret.key'), 'utf8').trim();
  const { sid, sub } = decodeJwt(token);
  const now = Math.floor(Date.now() / 1000);
  return new SignJWT({ sid })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(sub!)
    .setIssuedAt(now - 120)
    .setExpirationTime(now - 60)
    .sign(new TextEncoder().encode(secret));
}

async function register(email: string) {
  const anonymous = apiClient(e2e.baseUrl);
  await anonymous.call(endpoints.user.register, { body: { email, password } });
  return anonymous.call(endpoints.user.login, { body: { account: email, password } });
}

const cookie = async (name: string) => (await e2e.page.context().cookies()).find((c) => c.name === name)?.value;

describe('session behaviour', () => {
  test('an expired access token is refreshed without the user noticing', async () => {
    const { page } = e2e;
    await page.goto('/login');
    await page.getByTestId('login-account').fill((await register(owner), owner));
    await page.getByTestId('login-password').fill(password);
    await page.getByTestId('login-submit').click();
    await page.waitForURL((url) => url.pathname === '/calculate/home');
    const first = await expired((await cookie('token'))!);
    // The server takes it for an expired token (50014, the errno the page refreshes on), not a forged one.
    const refused = await apiClient(e2e.baseUrl, first).call(endpoints.user.info).catch((err: unknown) => err);
    expect(refused).toBeInstanceOf(RequestError);
    expect((refused as RequestError).errno).toBe(50014);
    const host = new URL(e2e.baseUrl).hostname;
    await page.context().addCookies([{ name: 'token', value: first, domain: host, path: '/' }]);

    const listed = page.waitForResponse((r) => r.url().includes('/api/tasks?') && r.status() === 200);
    await page.goto('/calculate/list');
    await listed;
    await expect.poll(() => cookie('token')).not.toBe(first);
    expect(await page.getByText('确认退出').count()).toBe(0);
    expect(new URL(page.url()).pathname).toBe('/calculate/list');
  });

  test('a resource of another user sends the browser to /401', async () => {
    const { page } = e2e;
    const stranger = await register(`session-stranger-${Date.now()}@example.com`);
    const made = await apiClient(e2e.baseUrl, stranger.token).call(endpoints.files.smiles, { body: { name: 'theirs', smiles: 'CCO ethanol' } });
    await page.goto(`/calculate/dataCenter/csv/${made.id}`);
    await page.waitForURL((url) => url.pathname === '/401');
    await screenshot(page, 'session-01-not-authorised');
  });

  test('a token the server refuses opens "Confirm logout"; Re-Login clears the session', async () => {
    const { page } = e2e;
    const host = new URL(e2e.baseUrl).hostname;
    await page.context().addCookies([{ name: 'token', value: 'not-a-token', domain: host, path: '/' }]);
    await page.context().clearCookies({ name: 'refresh_token' });
    await page.goto('/calculate/list');
    const dialog = page.locator('.ant-modal-confirm').filter({ hasText: '确认退出' });
    await dialog.waitFor();
    expect(await dialog.innerText()).toContain('您已被登出');
    await screenshot(page, 'session-02-confirm-logout');
    await dialog.getByRole('button', { name: '重新登录' }).click();
    await page.waitForURL((url) => url.pathname === '/login');
    expect(await cookie('token')).toBeUndefined();
  });
});
