import { expect } from 'vitest';
import { apiClient, endpoints } from './api.ts';
import type { E2E } from './suite.ts';

export const E2E_PASSWORD = 'e2e-secret-123';

/**
 * A new account made over the API (credited through the ops CLI when asked), then
 * logged in through the real login form; answers the browser's own access token.
 */
export async function registerAndLogin(e2e: E2E, email: string, { creditYuan = 0 } = {}): Promise<string> {
  const { page, platform } = e2e;
  await apiClient(e2e.baseUrl).call(endpoints.user.register, { body: { email, password: E2E_PASSWORD } });
  if (creditYuan) expect((await platform.ops('credit', email, String(creditYuan), '--reason', 'e2e')).code).toBe(0);
  await page.goto('/login');
  await page.getByTestId('login-account').fill(email);
  await page.getByTestId('login-password').fill(E2E_PASSWORD);
  await page.getByTestId('login-submit').click();
  await page.waitForURL((url) => url.pathname === '/calculate/home');
  // Logging in ends earlier sessions, so API calls beside the page must use this token.
  const token = (await page.context().cookies()).find((c) => c.name === 'token')?.value ?? '';
  expect(token).not.toBe('');
  return token;
}
