/**
 * ADMET in a real browser against the real platform and models: type three
 * SMILES, submit, wait for the task, open its property filter, narrow it with
 * the BBB choice, open a molecule's detail dialog with its radar, six lists and verdict lights,
 * see the batch on the BOILED-Egg, read a molecule's alerts and rules, print its
 * one-page report, download every result as CSV, and read it all in English.
 */
import type { Locator } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { apiClient, endpoints } from './support/api.ts';
import { downloaded, screenshot, settled } from './support/browser.ts';
import { registerAndLogin } from './support/accounts.ts';
import { useE2E } from './support/suite.ts';

const e2e = useE2E();
const email = `admet-${Date.now()}@example.com`;
const MOLECULES = ['CC(=O)Oc1ccccc1C(=O)O aspirin', 'Cn1cnc2c1c(=O)n(C)c(=O)n2C caffeine', 'CC(C)Cc1ccc(cc1)C(C)C(=O)O ibuprofen'];
const TASK_TIMEOUT_MS = 120_000;

let taskId = 0;
let token = '';
const history = (): Locator => e2e.page.getByTestId('task-history');
const found = async (): Promise<number> => Number(/(\d+)/.exec(await e2e.page.getByTestId('admet-found').innerText())?.[1]);

describe('ADMET', () => {
  test('a credited user submits three typed SMILES', async () => {
    const { page } = e2e;
    token = await registerAndLogin(e2e, email, { creditYuan: 50 });

    await page.goto('/calculate/admet');
    // An empty textarea gets the spec's warning and nothing is sent.
    await page.getByTestId('module-submit').click();
    await page.getByText('请输入化合物分子式！').waitFor();
    // So is a SMILES longer than a worker should ever parse: the form checks with the server's schema.
    await page.getByTestId('admet-molecules-text').fill(`${'C'.repeat(1001)} too-long`);
    await page.getByTestId('module-submit').click();
    await page.getByText('每个分子的 SMILES 不能超过 1000 个字符！').waitFor();
    await page.getByTestId('admet-molecules-text').fill(MOLECULES.join('\n'));
    await screenshot(page, 'admet-01-form');
    await page.getByTestId('module-submit').click();
    await page.getByText('任务提交成功!').waitFor();
    const row = history().getByTestId('task-row').first();
    await row.waitFor();
    taskId = Number(await row.getAttribute('data-id'));
    await expect.poll(() => row.getAttribute('data-status'), { timeout: TASK_TIMEOUT_MS, interval: 500 }).toBe('已完成');
  });

  test('the view opens the property filter with every molecule drawn', async () => {
    const { page } = e2e;
    await history().locator(`[data-testid="task-row"][data-id="${taskId}"]`).getByTestId('task-view').click();
    const dialog = page.getByTestId('admet-result');
    await dialog.waitFor();
    await expect.poll(found, { timeout: 15_000 }).toBe(3);
    await expect.poll(() => dialog.getByTestId('admet-molecule').count()).toBe(3);
    await expect.poll(() => dialog.locator('[data-testid="admet-molecule"] img').count(), { timeout: 30_000 }).toBe(3);
    // Each molecule card sums up its red and amber verdicts.
    expect(await dialog.getByTestId('admet-verdict-counts').count()).toBe(3);
    expect(await dialog.getByTestId('admet-verdict-counts').first().innerText()).toMatch(/\d+ 项不良\s*\d+ 项注意/);

    // BBB positive keeps what the API says is positive: caffeine at least.
    await dialog.getByTestId('admet-filter-BBB_Martins').getByText('阳性').click();
    const expected = (await apiClient(e2e.baseUrl, token).call(endpoints.admet.filter, { body: { task_id: taskId, BBB_Martins: 1 } })).totalCount;
    expect(expected).toBeGreaterThanOrEqual(1);
    await expect.poll(found, { timeout: 15_000 }).toBe(expected);
    await expect.poll(() => dialog.getByTestId('admet-molecule').count()).toBe(expected);
    await screenshot(page, 'admet-02-filter');
  });

  test('a molecule opens its detail dialog with the radar and six groups', async () => {
    const { page } = e2e;
    const dialog = page.getByTestId('admet-result');
    // After the dialog's opening animation: a click during it was lost on a loaded CI run.
    await (await settled(dialog.getByTestId('admet-molecule').filter({ hasText: 'caffeine' }))).click();
    const detail = page.getByTestId('admet-detail');
    await detail.waitFor();
    await detail.getByTestId('admet-radar').locator('canvas').waitFor({ timeout: 30_000 });
    for (const group of ['Physicochemical', 'Absorption', 'Distribution', 'Metabolism', 'Excretion', 'Toxicity']) {
      await detail.getByTestId(`admet-group-${group}`).waitFor();
    }
    await expect.poll(() => detail.getByTestId('admet-group-Distribution').innerText()).toContain('血脑屏障穿透概率');
    // Every learned endpoint carries a traffic light beside the model's expected performance on new scaffolds
    // (mean ± SD over TDC-style splits) and the percentile among approved drugs.
    await expect.poll(() => detail.locator('[data-testid^="admet-verdict-"]').count()).toBe(36);
    expect(await detail.getByTestId('admet-verdict-BBB_Martins').getAttribute('data-verdict')).toBe('green');
    // Caffeine's hERG is the sanity panel's known limitation: amber, with the note beside the endpoint.
    expect(await detail.getByTestId('admet-verdict-hERG').getAttribute('data-verdict')).toBe('amber');
    await detail.getByTestId('admet-limitation-hERG').waitFor();
    await expect.poll(() => detail.getByTestId('admet-metric-hERG').innerText()).toMatch(/^AUROC 0\.\d\d ± 0\.\d\d$/);
    await expect.poll(() => detail.getByTestId('admet-group-Toxicity').innerText()).toContain('%');
    await settled(detail);
    await screenshot(page, 'admet-03-detail');
    await screenshot(detail.getByTestId('admet-group-Toxicity'), 'admet-03-detail-toxicity');
    await page.keyboard.press('Escape');
    await detail.waitFor({ state: 'hidden' });
  });

  test('the whole batch sits on the BOILED-Egg', async () => {
    const { page } = e2e;
    const dialog = page.getByTestId('admet-result');
    await dialog.getByText('重置筛选').click();
    await expect.poll(found, { timeout: 15_000 }).toBe(3);
    await dialog.getByRole('tab', { name: 'BOILED-Egg' }).click();
    const chart = dialog.getByTestId('admet-egg-chart');
    await expect.poll(() => chart.getAttribute('data-points'), { timeout: 15_000 }).toBe('3');
    await chart.locator('canvas').waitFor({ timeout: 30_000 });
    await chart.scrollIntoViewIfNeeded();
    await screenshot(page, 'admet-04-boiled-egg');
    await dialog.getByRole('tab', { name: '分子' }).click();
  });

  test("a molecule's alerts and rules, and its printable one-page report", async () => {
    const { page } = e2e;
    const dialog = page.getByTestId('admet-result');
    await dialog.getByTestId('admet-molecule').filter({ hasText: 'aspirin' }).click();
    const medchem = page.getByTestId('admet-detail').getByTestId('admet-medchem');
    // Aspirin: Brenk's phenol ester, drawn highlighted; Muegge fails on its weight only, Lipinski passes.
    await expect.poll(() => medchem.getByTestId('admet-alert').allInnerTexts()).toEqual([expect.stringContaining('phenol_ester')]);
    await medchem.getByTestId('admet-alerts').locator('img').waitFor({ timeout: 30_000 });
    expect(await medchem.getByTestId('admet-rule-Lipinski').getAttribute('data-pass')).toBe('true');
    expect(await medchem.getByTestId('admet-rule-Muegge').innerText()).toContain('分子量 180.16 < 200');
    await expect.poll(() => medchem.getByTestId('admet-egg').innerText()).toContain('蛋黄');
    await settled(medchem);
    await screenshot(page, 'admet-05-medchem');

    const [report] = await Promise.all([page.context().waitForEvent('page'), page.getByTestId('admet-open-report').click()]);
    const sheet = report.getByTestId('admet-report');
    await sheet.waitFor({ timeout: 30_000 });
    await report.getByTestId('admet-report-group-Toxicity').waitFor();
    await sheet.locator('canvas').waitFor({ timeout: 30_000 });
    await expect.poll(() => sheet.locator('img[data-state="ready"]').count(), { timeout: 30_000 }).toBe(2);
    expect(await report.getByTestId('admet-report-provenance').innerText()).toMatch(/RDKit|rdkit/);
    // Printed on A4 at 96 dpi (794 × 1123 px), the whole report fits one page.
    await report.setViewportSize({ width: 794, height: 1123 });
    await report.emulateMedia({ media: 'print' });
    await screenshot(report, 'admet-06-report');
    const box = await sheet.boundingBox();
    expect(box!.height).toBeLessThanOrEqual(1123);
    await report.close();
    await page.keyboard.press('Escape');
    await page.getByTestId('admet-detail').waitFor({ state: 'hidden' });
  });

  test('every result downloads as CSV', async () => {
    const { page } = e2e;
    const dialog = page.getByTestId('admet-result');
    const [download] = await Promise.all([page.waitForEvent('download'), dialog.getByTestId('admet-download-all').click()]);
    expect(download.suggestedFilename()).toBe('admet.csv');
    const lines = (await downloaded(download)).toString('utf8').trim().split('\n');
    expect(lines).toHaveLength(4);
    expect(lines.slice(1).map((l) => l.split(',')[1])).toEqual(['aspirin', 'caffeine', 'ibuprofen']);
  });

  test('in English the filter labels, endpoint names and verdicts are translated', async () => {
    const { page } = e2e;
    await page.keyboard.press('Escape');
    await page.getByTestId('admet-result').waitFor({ state: 'hidden' });
    await page.getByTestId('language-switch').click();
    await history().locator(`[data-testid="task-row"][data-id="${taskId}"]`).getByTestId('task-view').click();
    const dialog = page.getByTestId('admet-result');
    await dialog.getByText('Molecular weight', { exact: true }).waitFor();
    await dialog.getByText('Hepatocyte clearance', { exact: true }).waitFor();
    expect(await dialog.innerText()).not.toContain('分子量');
    await expect.poll(() => dialog.getByTestId('admet-verdict-counts').first().innerText()).toMatch(/\d+ unfavourable\s*\d+ caution/);
    // After the dialog's opening animation: a click during it was lost on a loaded CI run.
    await (await settled(dialog.getByTestId('admet-molecule').filter({ hasText: 'caffeine' }))).click();
    const toxicity = page.getByTestId('admet-detail').getByTestId('admet-group-Toxicity');
    await toxicity.getByText('hERG blocking probability').waitFor();
    expect(await toxicity.innerText()).toContain('Caution');
    await settled(page.getByTestId('admet-detail'));
    await screenshot(page, 'admet-04-english');
  });
});
