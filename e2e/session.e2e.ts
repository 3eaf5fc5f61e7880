/**
 * The global HTTP behaviour of the spec in a real browser: a silently refreshed
 * access token, the "Confirm logout" dialog for a token the server refuses, and
 * /401 for a resource that belongs to someone else.
 */
import { describe, expect, test } from 'vitest';
import { apiClient, endpoints } from './support/api.ts';
import { screenshot } from './support/browser.ts';
import { useE2E } from './support/suite.ts';

/** Short-lived access tokens, so the test can watch one expire. */
const ACCESS_TTL_SECONDS = 2;
const e2e = useE2E({ env: { ACCESS_TOKEN_TTL_SECONDS: String(ACCESS_TTL_SECONDS) } });
const password = 'e2e-secret-123';

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
    await page.getByTestId('login-account').fill((await register('owner@example.com'), 'owner@example.com'));
    await page.getByTestId('login-password').fill(password);
    await page.getByTestId('login-submit').click();
    await page.waitForURL((url) => url.pathname === '/calculate/home');
    const first = await cookie('token');

    await page.waitForTimeout((ACCESS_TTL_SECONDS + 1) * 1000);
    const listed = page.waitForResponse((r) => r.url().includes('/api/tasks?') && r.status() === 200);
    await page.goto('/calculate/list');
    await listed;
    await expect.poll(() => cookie('token')).not.toBe(first);
    expect(await page.getByText('确认退出').count()).toBe(0);
    expect(new URL(page.url()).pathname).toBe('/calculate/list');
  });

  test('a resource of another user sends the browser to /401', async () => {
    const { page } = e2e;
    const stranger = await register('stranger@example.com');
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
