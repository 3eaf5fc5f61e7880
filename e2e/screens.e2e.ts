/**
 * The screens as a chemist meets them (issue 29): the sidebar shows the protein viewer and
 * highlights the page shown; in English nothing in the sidebar or the task table's status is cut
 * off and task names are English; the peptide form's quick level says how long it takes; and free
 * energy at the spec's 5 + 5 ns asks before holding most of the balance, with the cost per ligand.
 */
import { join } from 'node:path';
import type { Locator } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { registerAndLogin } from './support/accounts.ts';
import { screenshot } from './support/browser.ts';
import { newTaskId } from './support/history.ts';
import { repoRoot } from './support/platform.ts';
import { useE2E } from './support/suite.ts';

const e2e = useE2E();
const EXAMPLES = join(repoRoot, 'packages/modules/convert/examples');
const RECEPTOR = join(repoRoot, 'test-fixtures/mmgbsa/p38_pocket.pdb');
const POSES = join(repoRoot, 'test-fixtures/mmgbsa/p38_one_good_one_bad.zip');

/** Texts of the elements that show less than their content (CSS ellipsis or overflow). */
async function cutOff(locator: Locator): Promise<string[]> {
  return locator.evaluateAll((elements) =>
    elements.filter((e) => e.scrollWidth > e.clientWidth + 1).map((e) => e.textContent ?? ''),
  );
}

describe('screens', () => {
  test('the sidebar has the protein viewer and highlights the page shown, not the one before', async () => {
    const { page } = e2e;
    await registerAndLogin(e2e, `screens-${Date.now()}@example.com`);
    await page.goto('/calculate/admet');
    const sidebar = page.getByTestId('calculate-sidebar');
    // The first visit loads the compute pages' catalogue: slow on a loaded 2-core machine.
    await sidebar.waitFor({ timeout: 60_000 });
    await expect.poll(() => sidebar.locator('.ant-menu-item-selected').innerText()).toBe('ADMET 预测');
    await page.goto('/calculate/molecule');
    await expect.poll(() => sidebar.locator('.ant-menu-item-selected').innerText()).toBe('蛋白查看器');
    await page.goto('/calculate/dataCenter');
    await page.getByTestId('calculate-sidebar').waitFor();
    expect(await sidebar.locator('.ant-menu-item-selected').count()).toBe(0);
  });

  test('in English: whole sidebar labels and status tags, English task names, the peptide levels with their times', async () => {
    const { page } = e2e;
    await registerAndLogin(e2e, `screens-en-${Date.now()}@example.com`, { creditYuan: 20 });
    await page.evaluate(() => localStorage.setItem('lang', 'en'));
    await page.goto('/calculate/convert');
    const sidebar = page.getByTestId('calculate-sidebar');
    await sidebar.getByText('Protein viewer').waitFor();
    await screenshot(page, 'screens-01-sidebar-en');
    expect(await cutOff(sidebar.locator('.ant-menu-title-content, .ant-menu-title-content span'))).toEqual([]);

    await page.locator('[data-testid="convert-input"] input[type=file]').setInputFiles(join(EXAMPLES, 'bzr-3.sdf'));
    await page.getByTestId('convert-out-name').fill('bzr');
    const history = page.getByTestId('task-history');
    await page.getByTestId('module-submit').click();
    const id = await newTaskId(history, 0);
    const row = history.locator(`[data-testid="task-row"][data-id="${id}"]`);
    await expect.poll(() => row.getAttribute('data-status'), { timeout: 60_000 }).toBe('已完成');
    await screenshot(page, 'screens-02-history-en');
    expect(await cutOff(row.locator('.ant-tag'))).toEqual([]);
    expect(await row.getByTestId('task-status').innerText()).toBe('Completed');

    await page.goto('/calculate/list');
    const listed = page.locator(`[data-testid="task-row"][data-id="${id}"]`);
    await listed.waitFor();
    await screenshot(page, 'screens-03-list-en');
    expect(await cutOff(listed.locator('.ant-tag, td.ant-table-cell-ellipsis'))).toEqual([]);
    expect(await listed.innerText()).not.toMatch(/[\u4e00-\u9fff]/);

    await page.goto('/calculate/pepsearch');
    await page.getByTestId('pepsearch-sampling').getByText('Quick look').click();
    await expect.poll(() => page.getByTestId('pepsearch-time').innerText()).toBe('Length 10, cores 2: under a minute');
    await page.getByTestId('pepsearch-sampling').getByText('Standard').click();
    await expect.poll(() => page.getByTestId('pepsearch-time').innerText()).toBe('Length 10, cores 2: about 2 minutes');
  });

  test('free energy at the spec’s 5 + 5 ns shows the cost per ligand and asks before holding most of the balance', async () => {
    const { page } = e2e;
    await registerAndLogin(e2e, `screens-fe-${Date.now()}@example.com`, { creditYuan: 200 });
    await page.evaluate(() => localStorage.setItem('lang', 'zh-CN'));
    await page.goto('/calculate/energy');
    await page.locator('[data-testid="dynamic-protein"] input[type=file]').setInputFiles(RECEPTOR);
    await page.locator('[data-testid="dynamic-ligands"] input[type=file]').setInputFiles(POSES);
    const perLigand = page.getByTestId('module-estimate-per-unit');
    await expect.poll(() => perLigand.innerText(), { timeout: 30_000 }).toMatch(/^每个配体：预估 ¥[\d.,]+ · 冻结 ¥[\d.,]+（共 2 个）$/);
    const hold = Number(await page.getByTestId('module-estimate-figures').getAttribute('data-hold'));
    expect(hold).toBeGreaterThan(50);

    const history = page.getByTestId('task-history');
    const before = await history.getByTestId('task-row').count();
    await page.getByTestId('module-submit').click();
    const confirm = page.locator('.ant-modal-confirm');
    await confirm.locator('.ant-modal-confirm-title').waitFor();
    expect(await confirm.locator('.ant-modal-confirm-title').innerText()).toMatch(/^本任务将冻结可用余额的 \d+%$/);
    expect(await confirm.innerText()).toContain('每个配体');
    await screenshot(page, 'screens-04-hold-confirm');
    await page.getByTestId('hold-confirm-cancel').click();
    await confirm.waitFor({ state: 'detached' });
    // Going back submits nothing and holds nothing.
    expect(await history.getByTestId('task-row').count()).toBe(before);
    expect(Number(await page.getByTestId('module-estimate-figures').getAttribute('data-available'))).toBe(200);
  });
});
