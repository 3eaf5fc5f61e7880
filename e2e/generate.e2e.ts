/**
 * Molecule generation in a real browser against the real platform and engine: the spec's warning
 * for an empty textarea, two typed SMILES with 3 analogues each, the task watched to completion,
 * and its result view with each parent's children grouped under it and the similarity histogram.
 */
import { describe, expect, test } from 'vitest';
import { numberInput, screenshot, settled } from './support/browser.ts';
import { registerAndLogin } from './support/accounts.ts';
import { newTaskId } from './support/history.ts';
import { useE2E } from './support/suite.ts';

const e2e = useE2E();
const MOLECULES = ['CC(=O)Oc1ccccc1C(=O)O aspirin', 'CC(C)Cc1ccc(cc1)C(C)C(=O)O ibuprofen'];
const TASK_TIMEOUT_MS = 60_000;

describe('molecule generation', () => {
  test('two typed SMILES give their analogues, grouped under each parent', async () => {
    const { page } = e2e;
    await registerAndLogin(e2e, `generate-${Date.now()}@example.com`, { creditYuan: 10 });
    await page.goto('/calculate/molecularFormation');
    await page.getByTestId('module-submit').click();
    await page.getByText('请输入化合物分子式！').waitFor();
    await page.getByTestId('generate-molecules-text').fill(MOLECULES.join('\n'));
    await numberInput(page, 'generate-gene-nums').fill('3');
    // A window every child of these small molecules meets: the result says it was applied.
    await numberInput(page, 'generate-mw-max').fill('900');
    await screenshot(page, 'generate-01-form');
    const history = page.getByTestId('task-history');
    await page.getByTestId('module-submit').click();
    await page.getByText('任务提交成功!').waitFor();
    const taskId = await newTaskId(history, 0);
    const row = history.locator(`[data-testid="task-row"][data-id="${taskId}"]`);
    await expect.poll(() => row.getAttribute('data-status'), { timeout: TASK_TIMEOUT_MS, interval: 500 }).toBe('已完成');

    await row.getByTestId('task-view').click();
    const dialog = page.getByTestId('generate-result');
    await dialog.waitFor();
    const parents = dialog.getByTestId('generate-parent');
    await expect.poll(() => parents.evaluateAll((els) => els.map((e) => e.getAttribute('data-parent'))), { timeout: 15_000 }).toEqual(['aspirin', 'ibuprofen']);
    await expect.poll(() => dialog.getByTestId('generate-counts').innerText()).toContain('2 个输入分子，生成 6 个');
    expect(await dialog.getByTestId('generate-counts').innerText()).toContain('性质窗口 MW ≤ 900');
    // The first parent opens with its three children; the second opens on a click.
    const children = dialog.getByTestId('generate-children');
    await expect.poll(() => children.first().locator('tbody tr.ant-table-row').allInnerTexts()).toEqual([
      expect.stringContaining('aspirin_1'),
      expect.stringContaining('aspirin_2'),
      expect.stringContaining('aspirin_3'),
    ]);
    await (await settled(parents.nth(1))).click();
    await expect.poll(() => children.nth(1).locator('tbody tr.ant-table-row').count()).toBe(3);
    await dialog.getByTestId('generate-histogram').locator('canvas').waitFor({ timeout: 30_000 });
    await dialog.locator('[data-testid="generate-children"] img').first().waitFor({ timeout: 30_000 });
    await screenshot(page, 'generate-02-result');
  });
});
