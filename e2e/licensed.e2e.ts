/**
 * The licensed engines' pages in a real browser (no Rosetta or VASP configured in tests): each shows
 * the spec's licence notice and that this platform has not set the engine up; the Rosetta page lists
 * the flags it accepts and names a missing file; the VASP page offers one core without MPI. The server's
 * refusals (ROSETTA_BIN, VASP_BIN) are apps/server/test/licensed.test.ts's.
 */
import { describe, expect, test } from 'vitest';
import { numberInput, screenshot } from './support/browser.ts';
import { registerAndLogin } from './support/accounts.ts';
import { useE2E } from './support/suite.ts';

const e2e = useE2E();

describe('licensed engines', () => {
  test('Rosetta and VASP pages: licence notice, set-up, options, a missing file named', { timeout: 15_000 }, async () => {
    const { page } = e2e;
    await registerAndLogin(e2e, `licensed-${Date.now()}@example.com`, { creditYuan: 10 });
    await page.goto('/calculate/rosetta');
    expect(await page.getByTestId('licensed-notice').innerText()).toContain('需要您本人（或所在单位）持有有效的 Rosetta 软件许可证');
    await expect.poll(() => page.getByTestId('licensed-not-configured').innerText()).toContain('ROSETTA_BIN');

    await page.getByText('支持的选项').click();
    expect(await page.getByTestId('minimizer-options').innerText()).toContain('-run:min_type');
    // Without the three files the form names the first one missing (the API test covers the server's refusals).
    await page.getByTestId('module-submit').click();
    await page.getByText('请上传蛋白质文件！').first().waitFor();
    await screenshot(page, 'licensed-01-rosetta');

    await page.goto('/calculate/vasp');
    await expect.poll(() => page.getByTestId('licensed-not-configured').innerText()).toContain('VASP_BIN');
    expect(await numberInput(page, 'vasp-cores').getAttribute('aria-valuemax')).toBe('1');
    await screenshot(page, 'licensed-02-vasp');
  });
});
