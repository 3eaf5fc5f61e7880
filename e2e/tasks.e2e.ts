/**
 * A researcher's day in a real browser against the real platform and engines:
 * upload an SDF to the data center, convert it, watch the task finish in the
 * list, download results, read the failure reason of a broken file, cancel a
 * long task. Steps share one page and run in order.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import type { Download, Locator } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { downloaded, numberInput, screenshot, settled } from './support/browser.ts';
import { repoRoot } from './support/platform.ts';
import { registerAndLogin } from './support/accounts.ts';
import { newTaskId } from './support/history.ts';
import { chooseOption } from './support/select.ts';
import { useE2E } from './support/suite.ts';

const e2e = useE2E();
const email = `tasks-${Date.now()}@example.com`;
const EXAMPLES = join(repoRoot, 'packages/modules/convert/examples');
/** 200 2D molecules: a 2D→3D optimisation of them runs ~18 s, long enough to cancel. */
const PUBCHEM = '/usr/share/RDKit/Projects/DbCLI/testData/pubchem.200.sdf';
const TASK_TIMEOUT_MS = 90_000;

const rowOf = (taskId: number): Locator => e2e.page.locator(`[data-testid="task-row"][data-id="${taskId}"]`);
const firstRow = (within: Locator): Locator => within.getByTestId('task-row').first();

/** The journey's newest task so far (see newTaskId). */
let newestTaskId = 0;

async function latestTaskId(within: Locator): Promise<number> {
  newestTaskId = await newTaskId(within, newestTaskId);
  return newestTaskId;
}

async function waitForStatus(row: Locator, text: string): Promise<void> {
  await expect.poll(() => row.getAttribute('data-status'), { timeout: TASK_TIMEOUT_MS, interval: 500 }).toBe(text);
}

async function savedText(download: Download): Promise<string> {
  return (await downloaded(download)).toString('utf8');
}

describe('tasks journey', () => {
  test('a credited user logs in', async () => {
    await registerAndLogin(e2e, email, { creditYuan: 100 });
  });

  test('an SDF uploaded to the data center shows as a tile', async () => {
    const { page } = e2e;
    await page.goto('/calculate/dataCenter');
    await page.getByTestId('dc-upload-open').click();
    await chooseOption(page.getByTestId('dc-upload-type'), '配体 (.sdf', { exact: false });
    await page.locator('[data-testid="dc-upload-file"] input[type=file]').setInputFiles(join(EXAMPLES, 'bzr-3.sdf'));
    await page.getByTestId('dc-upload-submit').click();
    await page.locator('[data-testid="dc-file"][data-name="bzr-3.sdf"]').waitFor();
    await screenshot(page, 'tasks-01-data-center');
  });

  test('a file over 5 MiB goes up in slices and shows as a tile', async () => {
    const { page } = e2e;
    // 6 MiB of SMILES lines: two slices, sent to the API's part route (the journeys' platform stores files locally; docs/storage.md).
    // Chromium reads it from disk: handed over the DevTools protocol as bytes, it took seconds.
    const library = join(mkdtempSync(join(tmpdir(), 'yunyao-e2e-')), 'library-6mb.csv');
    writeFileSync(library, 'SMILES,ID\n' + 'CCO,ethanol\n'.repeat(Math.ceil((6 * 1024 * 1024) / 12)));
    await page.getByTestId('dc-upload-open').click();
    await chooseOption(page.getByTestId('dc-upload-type'), '小分子 (.csv', { exact: false });
    await page.locator('[data-testid="dc-upload-file"] input[type=file]').setInputFiles(library);
    const slices = page.waitForResponse((res) => res.url().endsWith('/api/files/uploads/part'));
    await page.getByTestId('dc-upload-submit').click();
    expect((await slices).status()).toBe(200);
    await page.locator('[data-testid="dc-file"][data-name="library-6mb.csv"]').waitFor();
    rmSync(dirname(library), { recursive: true, force: true });
  });

  test('names and SMILES typed by a user render as text, never as markup', async () => {
    const { page } = e2e;
    const markup = '<img src=x onerror="window.__owned=1">';
    await page.getByTestId('dc-upload-open').click();
    await page.getByTestId('dc-upload-name').fill(markup);
    await page.getByTestId('dc-upload-smiles').fill(`CCO ${markup}\nc1ccccc1 benzene`);
    await page.getByTestId('dc-upload-submit').click();
    const tile = page.locator('[data-testid="dc-file"]').filter({ hasText: markup });
    await tile.waitFor();
    await tile.getByTestId('dc-view').click();
    await page.waitForURL((url) => url.pathname.startsWith('/calculate/dataCenter/csv/'));
    await page.getByText(markup).first().waitFor();
    await page.locator('[data-testid="molecule-2d"][data-state="ready"]').first().waitFor({ timeout: 30_000 });
    expect(await page.evaluate(() => (window as unknown as { __owned?: number }).__owned)).toBeUndefined();
    expect(await page.locator('img[src="x"]').count()).toBe(0);
    await screenshot(page, 'tasks-01b-csv-preview');
  });

  test('convert refuses a form without input or output name, with the spec messages', async () => {
    const { page } = e2e;
    await page.goto('/calculate/convert');
    await page.getByTestId('module-submit').click();
    await page.getByText('请上传输入文件！').waitFor();
    await page.locator('[data-testid="convert-input"] input[type=file]').setInputFiles(join(EXAMPLES, 'bzr-3.sdf'));
    await page.getByTestId('module-submit').click();
    await page.getByText('请输入输出文件名称及格式！').waitFor();
  });

  test('the cost shows beside the submit button, and a spending cap sets what is held', async () => {
    const { page } = e2e;
    await page.goto('/calculate/convert');
    const estimate = page.getByTestId('module-estimate');
    await expect.poll(() => estimate.getAttribute('data-status')).toBe('incomplete');
    await page.locator('[data-testid="convert-input"] input[type=file]').setInputFiles(join(EXAMPLES, 'bzr-3.sdf'));
    await page.getByTestId('convert-out-name').fill('estimated');
    const figures = page.getByTestId('module-estimate-figures');
    await figures.waitFor();
    expect(Number(await figures.getAttribute('data-estimate'))).toBeGreaterThan(0);
    const uncappedHold = Number(await figures.getAttribute('data-hold'));
    expect(uncappedHold).toBeGreaterThanOrEqual(0.1);
    expect(await figures.innerText()).toMatch(/^预估 ¥[\d.,]+（约 [\d.]+ 核时） · 冻结 ¥[\d.,]+ · 可用余额 ¥[\d.,]+$/);
    // Beside the button, centred on it.
    const button = (await page.getByTestId('module-submit').boundingBox())!;
    const shown = (await estimate.boundingBox())!;
    expect(shown.x).toBeGreaterThan(button.x + button.width);
    expect(Math.abs(shown.y + shown.height / 2 - (button.y + button.height / 2))).toBeLessThan(4);
    await screenshot(page, 'tasks-01c-convert-estimate');

    // Below the most a conversion can use in its time limit, which no cap raises the hold above.
    await numberInput(page, 'spend-cap').fill('0.2');
    await expect.poll(() => figures.getAttribute('data-hold')).toBe('0.2');
    expect(await figures.innerText()).toContain('冻结 ¥0.20');
    await numberInput(page, 'spend-cap').fill('');
    await expect.poll(() => figures.getAttribute('data-hold')).toBe(String(uncappedHold));
  });

  test('a data-center file converts to MOL2 and the task completes in the history', async () => {
    const { page } = e2e;
    await page.goto('/calculate/convert');
    await page.getByTestId('convert-input-dc').click();
    const picker = page.getByTestId('dc-picker');
    await picker.locator('[data-testid="dc-file"][data-name="bzr-3.sdf"]').click();
    await picker.getByTestId('dc-picker-ok').click();
    await page.getByTestId('convert-out-name').fill('bzr');
    await chooseOption(page.getByTestId('convert-out-ext'), '.mol2', { exact: false });
    await page.getByTestId('module-submit').click();
    await page.getByText('任务提交成功!').waitFor();
    const history = page.getByTestId('task-history');
    const id = await latestTaskId(history);
    await waitForStatus(rowOf(id), '已完成');
    await screenshot(page, 'tasks-02-convert-done');

    const [download] = await Promise.all([page.waitForEvent('download'), rowOf(id).getByTestId('task-download-result').click()]);
    expect(download.suggestedFilename()).toBe('bzr.mol2');
    expect((await savedText(download)).match(/@<TRIPOS>MOLECULE/g)).toHaveLength(3);
  });

  test('the task list shows it with its files, and the view dialog its molecules', async () => {
    const { page } = e2e;
    await page.goto('/calculate/list');
    const row = firstRow(page.locator('body'));
    await waitForStatus(row, '已完成');
    await row.getByTestId('task-download').hover();
    const files = page.getByTestId('task-files');
    await files.waitFor();
    expect(await files.innerText()).toContain('bzr-3.sdf');
    expect(await files.innerText()).toContain('bzr.mol2');
    await screenshot(page, 'tasks-03-task-list-files');
    const [download] = await Promise.all([page.waitForEvent('download'), files.getByTestId('task-file').filter({ hasText: 'bzr.mol2' }).click()]);
    expect(download.suggestedFilename()).toBe('bzr.mol2');
    // Leave the popover so it closes, as a user's mouse would.
    await page.mouse.move(10, 10);
    await files.waitFor({ state: 'hidden' });

    await row.getByTestId('task-view').click();
    const dialog = page.locator('.ant-modal').filter({ hasText: 'Open Babel' });
    await dialog.waitFor();
    await dialog.locator('img[alt]').first().waitFor({ timeout: 30_000 });
    await screenshot(page, 'tasks-04-task-detail');
    await page.keyboard.press('Escape');

    await page.getByTestId('task-filter-status').getByText('失败').click();
    await page.waitForURL((url) => url.searchParams.get('status') === '3');
    await expect.poll(() => page.getByTestId('task-row').count()).toBe(0);
  });

  test('a broken file fails with a readable reason', async () => {
    const { page } = e2e;
    await page.goto('/calculate/convert');
    await page.locator('[data-testid="convert-input"] input[type=file]').setInputFiles(join(EXAMPLES, 'bad.sdf'));
    await page.getByTestId('convert-out-name').fill('broken');
    await page.getByTestId('module-submit').click();
    await page.getByText('任务提交成功!').waitFor();
    const id = await latestTaskId(page.getByTestId('task-history'));
    await waitForStatus(rowOf(id), '已失败');
    await rowOf(id).getByTestId('task-failure').click();
    const dialog = page.locator('.ant-modal-confirm').filter({ hasText: '失败原因' });
    await dialog.waitFor();
    expect(await dialog.innerText()).toContain('bad.sdf');
    await screenshot(page, 'tasks-05-failure-reason');
    await dialog.getByRole('button').last().click();
  });

  test('merge needs two files; a long optimisation can be cancelled', async () => {
    const { page } = e2e;
    await page.goto('/calculate/merges');
    await page.locator('[data-testid="merge-input"] input[type=file]').setInputFiles(join(EXAMPLES, 'bzr-3.sdf'));
    await page.getByTestId('module-submit').click();
    await page.getByText('请选择两个及两个以上小分子文件！').waitFor();

    await page.goto('/calculate/optimize');
    await page.locator('[data-testid="perform-input"] input[type=file]').setInputFiles(PUBCHEM);
    await page.getByTestId('module-submit').click();
    await page.getByText('任务提交成功!').waitFor();
    const id = await latestTaskId(page.getByTestId('task-history'));
    await screenshot(page, 'tasks-06-optimize-running');
    await rowOf(id).getByTestId('task-cancel').click();
    // Wait for the popconfirm's opening animation: a click while it still moves can miss the button.
    await (await settled(page.locator('.ant-popconfirm').getByRole('button', { name: /确\s*定/ }))).click();
    await page.getByText('任务已取消').waitFor();
    await waitForStatus(rowOf(id), '已取消');
  });

  test('a user whose available balance is short is warned before submitting and refused on submit', async () => {
    const { page } = e2e;
    await registerAndLogin(e2e, `short-${Date.now()}@example.com`, { creditYuan: 0.05 });
    await page.goto('/calculate/convert');
    await page.locator('[data-testid="convert-input"] input[type=file]').setInputFiles(join(EXAMPLES, 'bzr-3.sdf'));
    await page.getByTestId('convert-out-name').fill('short');
    const short = page.getByTestId('module-estimate-short');
    await short.waitFor();
    expect(await short.innerText()).toBe('可用余额不足以冻结本任务的费用，请充值或设置更低的任务费用上限');
    await screenshot(page, 'tasks-07-convert-balance-short');
    await page.getByTestId('module-submit').click();
    await page.getByText(/^可用余额 ¥0\.05\s*不足以冻结本任务的费用 ¥0\.10（预估 ¥[\d.]+），请充值或设置更低的任务费用上限！$/).waitFor();
    await short.getByTestId('module-estimate-recharge').click();
    await page.waitForURL((url) => url.pathname === '/user');
  });
});
