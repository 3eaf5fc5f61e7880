/**
 * The molecule sketcher in a real browser: open ADMET, open 绘制分子, draw benzene with the
 * editor's own toolbar (its aromatic-ring tool, then a click on the canvas), insert it as a line,
 * submit, and see the task's result with its molecule row; the other forms and the library's
 * substructure query take typed or drawn molecules too.
 */
import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { screenshot, settled } from './support/browser.ts';
import { registerAndLogin } from './support/accounts.ts';
import { useE2E } from './support/suite.ts';

const e2e = useE2E();
const email = `sketcher-${Date.now()}@example.com`;
const TASK_TIMEOUT_MS = 120_000;
/**
 * OpenChemLib's toolbar is one canvas of two columns of 17 buttons, numbered down the columns
 * (GenericEditorToolbar: cButtonsPerColumn = 17, cToolAromRing = 26, the benzene button).
 */
const BUTTONS_PER_COLUMN = 17;
const BENZENE_BUTTON = 26;

/** Clicks toolbar button `n` of the open sketcher, then the middle of its drawing area. */
async function drawWithTool(page: Page, button: number): Promise<void> {
  const boxes = await page.getByTestId('sketcher-canvas').locator('canvas').evaluateAll((canvases) =>
    canvases.map((c) => {
      const r = c.getBoundingClientRect();
      return { x: r.x, y: r.y, width: r.width, height: r.height };
    }),
  );
  const toolbar = boxes.reduce((a, b) => (a.width <= b.width ? a : b));
  const drawing = boxes.reduce((a, b) => (a.width * a.height >= b.width * b.height ? a : b));
  const size = toolbar.height / BUTTONS_PER_COLUMN;
  const column = Math.floor(button / BUTTONS_PER_COLUMN);
  const row = button % BUTTONS_PER_COLUMN;
  await page.mouse.click(toolbar.x + (column + 0.5) * size, toolbar.y + (row + 0.5) * size);
  await page.mouse.click(drawing.x + drawing.width / 2, drawing.y + drawing.height / 2);
}

describe('molecule sketcher', () => {
  test('draws benzene with the editor toolbar and inserts it as a line', async () => {
    const { page } = e2e;
    await registerAndLogin(e2e, email, { creditYuan: 20 });
    await page.goto('/calculate/admet');
    await page.getByTestId('admet-molecules-text').fill('CCO ethanol');
    await page.getByTestId('admet-molecules-draw').click();
    const dialog = page.locator('.ant-modal').filter({ has: page.getByTestId('sketcher-canvas') });
    await dialog.getByTestId('sketcher-canvas').locator('canvas').first().waitFor();
    await settled(dialog);
    // Inserting an empty drawing is refused with a message, and the dialog stays.
    await page.getByTestId('sketcher-done').click();
    await page.getByText('请先在画布上绘制分子！').waitFor();
    await drawWithTool(page, BENZENE_BUTTON);
    await screenshot(page, 'sketcher-01-benzene');
    await page.getByTestId('sketcher-done').click();
    await dialog.waitFor({ state: 'hidden' });
    await expect.poll(() => page.getByTestId('admet-molecules-text').inputValue()).toBe('CCO ethanol\nc1ccccc1');
    // Each line is previewed; the drawn one is #2.
    const preview = page.getByTestId('admet-molecules-preview');
    await expect.poll(() => preview.locator('img').count(), { timeout: 30_000 }).toBe(2);
    await screenshot(page, 'sketcher-02-inserted');
  });

  test('a previewed line opens in the editor and is replaced, keeping its name', async () => {
    const { page } = e2e;
    await page.getByTestId('admet-molecules-preview').getByRole('button').first().click();
    const dialog = page.locator('.ant-modal').filter({ has: page.getByTestId('sketcher-canvas') });
    await dialog.getByText('编辑第 1 行的分子').waitFor();
    await settled(dialog);
    await screenshot(page, 'sketcher-03-edit');
    await drawWithTool(page, BENZENE_BUTTON);
    await page.getByTestId('sketcher-done').click();
    await dialog.waitFor({ state: 'hidden' });
    const [first, second] = (await page.getByTestId('admet-molecules-text').inputValue()).split('\n');
    // The ring tool clicked onto ethanol's drawing: still line 1, still named ethanol, now with a ring.
    expect(first).toMatch(/^\S*1\S* ethanol$/);
    expect(first).not.toBe('CCO ethanol');
    expect(second).toBe('c1ccccc1');
  });

  test('the drawn molecules are submitted and the result has their rows', async () => {
    const { page } = e2e;
    await page.getByTestId('admet-molecules-text').fill('CCO ethanol\nc1ccccc1 benzene');
    await page.getByTestId('module-submit').click();
    await page.getByText('任务提交成功!').waitFor();
    const row = page.getByTestId('task-history').getByTestId('task-row').first();
    await row.waitFor();
    await expect.poll(() => row.getAttribute('data-status'), { timeout: TASK_TIMEOUT_MS, interval: 500 }).toBe('已完成');
    await row.getByTestId('task-view').click();
    const result = page.getByTestId('admet-result');
    await expect.poll(() => result.getByTestId('admet-molecule').count(), { timeout: 30_000 }).toBe(2);
    await result.getByTestId('admet-molecule').filter({ hasText: 'benzene' }).waitFor();
  });

  test('convert takes typed molecules instead of a file', async () => {
    const { page } = e2e;
    await page.goto('/calculate/convert');
    await page.getByTestId('convert-input-type').getByText('输入或绘制分子').click();
    await page.getByTestId('convert-input-text').fill('CCO ethanol\nO water');
    await page.getByTestId('convert-out-name').fill('typed');
    await page.getByTestId('module-submit').click();
    await page.getByText('任务提交成功!').waitFor();
    const row = page.getByTestId('task-history').getByTestId('task-row').first();
    await expect.poll(() => row.getAttribute('data-status'), { timeout: TASK_TIMEOUT_MS, interval: 500 }).toBe('已完成');
  });

  test('the quantum form makes a typed molecule 3D, shows it and adds it as <name>.xyz', async () => {
    const { page } = e2e;
    await page.goto('/calculate/quantum');
    await page.getByTestId('quantum-drawn-text').fill('CCO ethanol');
    await page.getByTestId('quantum-drawn-embed').click();
    const viewer = page.getByTestId('quantum-drawn-3d');
    await viewer.locator('canvas').first().waitFor();
    await viewer.getByText('9 个原子').waitFor();
    await page.getByText('ethanol.xyz').waitFor();
    await page.getByTestId('quantum-preopt').check();
    await settled(viewer);
    await screenshot(page, 'sketcher-04-quantum-3d');
  });

  test('the library page draws its substructure query with the same editor', async () => {
    const { page } = e2e;
    await page.goto('/calculate/pool');
    await page.getByTestId('pool-substructure-draw').click();
    const dialog = page.locator('.ant-modal').filter({ has: page.getByTestId('sketcher-canvas') });
    await dialog.getByTestId('sketcher-canvas').locator('canvas').first().waitFor();
    await settled(dialog);
    await drawWithTool(page, BENZENE_BUTTON);
    await page.getByTestId('sketcher-done').click();
    await dialog.waitFor({ state: 'hidden' });
    await expect.poll(() => page.getByTestId('pool-substructure').inputValue()).toBe('c1ccccc1');
  });
});
