/**
 * The account journey in a real browser against the real platform: the splash, landing page,
 * guarded pages, register (every built module on the home grid and in the sidebar), log out, log in and the language
 * switch. The steps share one page and run in order; each leaves the page where
 * the next one starts.
 */
import { describe, expect, test } from 'vitest';
import { screenshot, settled } from './support/browser.ts';
import { useE2E } from './support/suite.ts';

const e2e = useE2E();
const email = `e2e-${Date.now()}@example.com`;
const password = 'e2e-secret-123';

const pathname = () => new URL(e2e.page.url()).pathname;
const waitForPath = (path: string) => e2e.page.waitForURL((url) => url.pathname === path);

describe('account journey', () => {
  test('the page shows a splash while its scripts are still on the way', async () => {
    const { page } = e2e;
    // Scripts that never arrive stand for a slow link: index.html alone must paint something.
    await page.route('**/assets/*.js', (route) => route.abort());
    await page.goto('/');
    await page.getByTestId('splash').waitFor();
    expect(await page.getByTestId('splash').innerText()).toContain('云药');
    await page.unroute('**/assets/*.js');
  });

  test('the landing page renders with the header for visitors', async () => {
    const { page } = e2e;
    await page.goto('/');
    expect(await page.title()).toContain('云药');
    const header = page.locator('header');
    await header.getByText('使用教程').waitFor();
    await header.getByRole('button', { name: '登录 / 注册' }).waitFor();
    // The page itself is a lazy chunk that renders after the header.
    await page.getByTestId('landing-page').waitFor();
    await page.getByTestId('landing-banner').waitFor();
    // Every module the landing sells is live: peptide, ADMET, affinity, pharmacophore and workflows.
    const tabs = page.getByTestId('landing-module-tabs').getByRole('tab');
    expect(await tabs.allInnerTexts()).toEqual(['多肽结构预测', 'ADMET 预测', '结合亲和力预测', '药效团建模', '自定义工作流']);
    // React replaced the splash when it mounted.
    expect(await page.getByTestId('splash').count()).toBe(0);
    await screenshot(page, 'auth-01-landing');
  });

  test('a guarded page sends a visitor to /login', async () => {
    await e2e.page.goto('/calculate/list');
    await waitForPath('/login');
    expect(pathname()).toBe('/login');
  });

  test('registering lands on the compute home, logged in', async () => {
    const { page } = e2e;
    await page.goto('/register');
    await page.getByTestId('register-email').fill(email);
    await page.getByTestId('register-password').fill(password);
    await page.getByTestId('register-confirm').fill(password);
    await page.getByTestId('register-submit').click();
    await waitForPath('/calculate/home');
    // The URL changes before the lazy page has rendered: wait for the page itself.
    await page.getByTestId('calculate-home').waitFor();
    await page.getByTestId('calculate-sidebar').waitFor();
    await expect.poll(() => page.getByTestId('account-menu').innerText()).toContain(email);
    // Modules from every sidebar group have a card on the home grid, and the sidebar (all groups open on a first visit) names each.
    const sidebar = await page.getByTestId('calculate-sidebar').innerText();
    for (const built of ['admet', 'pepsearch', 'energy', 'qsar', 'terminal', 'rosetta', 'packer', 'vasp']) {
      const card = page.getByTestId(`module-card-${built}`);
      expect(await card.count()).toBe(1);
      expect(sidebar).toContain(await card.locator('strong').innerText());
    }
    await screenshot(page, 'auth-02-calculate-home');
  });

  test('the ops CLI reaches the running platform and credits the new account', async () => {
    const result = await e2e.platform.ops('credit', email, '50', '--reason', 'e2e trial');
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    expect(result.stdout).toContain(`credited 50 yuan to ${email}; balance 50`);
  });

  test('logging out from the avatar menu shows the toast and the login page', async () => {
    const { page } = e2e;
    await page.getByTestId('account-menu').hover();
    await (await settled(page.getByRole('menuitem', { name: '退出登录' }))).click();
    await page.getByText('退出登录成功！').waitFor();
    await waitForPath('/login');
    expect(await page.getByTestId('account-menu').count()).toBe(0);
  });

  test('logging in again greets the user', async () => {
    const { page } = e2e;
    await page.goto('/login');
    await page.getByTestId('login-account').fill(email);
    await page.getByTestId('login-password').fill(password);
    await page.getByTestId('login-submit').click();
    // Exact match: the logout toast "退出登录成功！" may still be on screen and contains the same words.
    await page.getByText(/^登录成功[！!]?$/).waitFor();
    await expect.poll(() => page.getByTestId('account-menu').innerText()).toContain(email);
    // Without a page to return to, the login page sends the user to the compute home.
    await waitForPath('/calculate/home');
    expect(pathname()).toBe('/calculate/home');
  });

  test('the language switch turns the header into English', async () => {
    const { page } = e2e;
    const header = page.locator('header');
    await page.getByTestId('language-switch').click();
    await header.getByText('Yunyao · Cloud platform for computer-aided drug design').waitFor();
    for (const name of ['Compute', 'Data center', 'Personal centre', 'Tutorial']) expect(await header.getByRole('link', { name, exact: true }).isVisible()).toBe(true);
    expect(await header.innerText()).not.toContain('计算模块');
    expect(await page.getByTestId('language-switch').innerText()).toContain('中文');
    await screenshot(page, 'auth-04-english');
  });
});
