/**
 * Checking before charging, in a real browser: a batch with a SMILES RDKit cannot read is
 * stopped at submission with the line and RDKit's reason; going back to edit creates nothing,
 * skipping the line submits the rest, and the toast's link brings the new row into view.
 */
import type { Locator } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { apiClient, endpoints } from './support/api.ts';
import { screenshot, settled } from './support/browser.ts';
import { registerAndLogin } from './support/accounts.ts';
import { useE2E } from './support/suite.ts';

const e2e = useE2E();
const email = `submission-${Date.now()}@example.com`;
const TYPED = ['CCO ethanol', '', 'C1CC( broken', 'c1ccccc1 benzene'].join('\n');
const TASK_TIMEOUT_MS = 120_000;

const history = (): Locator => e2e.page.getByTestId('task-history');

describe('submission checks', () => {
  let token = '';

  test('an unreadable line is named with its line number and reason, and going back creates nothing', async () => {
    const { page } = e2e;
    token = await registerAndLogin(e2e, email, { creditYuan: 20 });
    await page.goto('/calculate/admet');
    await page.getByTestId('admet-molecules-text').fill(TYPED);
    await page.getByTestId('module-submit').click();
    const dialog = page.getByTestId('unreadable-lines');
    await dialog.waitFor();
    expect(await page.locator('.ant-modal-confirm-title').innerText()).toBe('有 1 行 SMILES 无法解析');
    // The textarea's own line number (blank lines count), the SMILES and RDKit's reason.
    const row = dialog.locator('tbody tr.ant-table-row').first();
    expect(await row.innerText()).toMatch(/^3\s+C1CC\(\s+SMILES Parse Error/);
    await screenshot(page, 'submission-01-unreadable');
    // Clicks wait for the dialog's opening animation: one during it can be lost on a loaded machine.
    await (await settled(page.getByRole('button', { name: '返回修改' }))).click();
    await dialog.waitFor({ state: 'hidden' });
    // Nothing was stored or held, and what the user typed is still there to fix.
    expect((await apiClient(e2e.baseUrl, token).call(endpoints.tasks.list, { query: { status: 0, page: 1, limit: 10 } })).total).toBe(0);
    expect(await page.getByTestId('admet-molecules-text').inputValue()).toBe(TYPED);
  });

  test('skipping the line submits the rest, and the toast brings the new row into view', async () => {
    const { page } = e2e;
    await page.getByTestId('module-submit').click();
    await page.getByTestId('unreadable-lines').waitFor();
    await (await settled(page.getByRole('button', { name: '跳过这些行并提交' }))).click();
    await page.getByTestId('submitted-view-task').click();
    const row = history().getByTestId('task-row').first();
    await expect.poll(() => row.getAttribute('class')).toContain('yunyao-new-task-row');
    await screenshot(page, 'submission-02-new-row');
    await expect.poll(() => row.getAttribute('data-status'), { timeout: TASK_TIMEOUT_MS, interval: 500 }).toBe('已完成');
    const taskId = Number(await row.getAttribute('data-id'));
    const rows = await apiClient(e2e.baseUrl, token).call(endpoints.tasks.output, { params: { id: taskId } });
    expect(rows).toMatchObject([{ name: 'ethanol' }, { name: 'benzene' }]);
  });
});
