/**
 * Binding free energy in a real browser against the real platform and OpenMM: the spec's refusals,
 * a small p38 complex with a posed ligand and a broken one at picosecond settings, its progress in
 * nanoseconds while it runs, then ΔG as a chart and a table (the broken ligand a failed row), the
 * ligand's components, RMSD and its last snapshot in 3D.
 */
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { screenshot } from './support/browser.ts';
import { registerAndLogin } from './support/accounts.ts';
import { newTaskId } from './support/history.ts';
import { repoRoot } from './support/platform.ts';
import { useE2E } from './support/suite.ts';

const e2e = useE2E();
// p38α residues around a benchmark ligand's site, that ligand posed and a broken .mol2 beside it (test-fixtures/mmgbsa/README.md).
const RECEPTOR = join(repoRoot, 'test-fixtures/mmgbsa/p38_pocket.pdb');
const POSES = join(repoRoot, 'test-fixtures/mmgbsa/p38_one_good_one_bad.zip');
const TASK_TIMEOUT_MS = 480_000;

describe('binding free energy', () => {
  test('posed ligands give ΔG with components, RMSD and a snapshot in 3D', async () => {
    const { page } = e2e;
    await registerAndLogin(e2e, `dynamic-${Date.now()}@example.com`, { creditYuan: 50 });
    await page.goto('/calculate/energy');
    await page.getByTestId('module-submit').click();
    await page.getByText('请上传受体文件！').waitFor();
    await page.locator('[data-testid="dynamic-protein"] input[type=file]').setInputFiles(RECEPTOR);
    await page.getByTestId('module-submit').click();
    await page.getByText('请上传配体文件！').waitFor();
    await page.locator('[data-testid="dynamic-ligands"] input[type=file]').setInputFiles(POSES);
    // Picoseconds instead of the spec's nanoseconds, so the test runs in minutes.
    await page.getByTestId('dynamic-btime').fill('0.002');
    await page.getByTestId('dynamic-stime').fill('0.004');
    await screenshot(page, 'dynamic-01-form');
    const history = page.getByTestId('task-history');
    await page.getByTestId('module-submit').click();
    await page.getByText('任务提交成功!').waitFor();
    const taskId = await newTaskId(history, 0);
    const row = history.locator(`[data-testid="task-row"][data-id="${taskId}"]`);
    // While it runs, the status carries the simulated time done over the time asked.
    const progress = row.getByTestId('task-progress');
    await expect.poll(async () => ((await progress.count()) ? progress.innerText() : ''), { timeout: TASK_TIMEOUT_MS, interval: 500 }).toMatch(/\/0\.006 ns/);
    await screenshot(page, 'dynamic-02-running');
    await expect.poll(() => row.getAttribute('data-status'), { timeout: TASK_TIMEOUT_MS, interval: 1000 }).toBe('已完成');
    await row.getByTestId('task-view').click();
    const dialog = page.getByTestId('dynamic-result');
    await dialog.waitFor();
    const rows = dialog.getByTestId('dynamic-rows').locator('tbody tr.ant-table-row');
    await expect.poll(() => rows.count(), { timeout: 15_000 }).toBe(2);
    expect(await rows.first().innerText()).toContain('lig_p38a_2v');
    expect(await rows.nth(1).innerText()).toContain('失败');
    expect(await dialog.locator('thead').innerText()).toMatch(/ΔG ± 标准误[\s\S]*ΔΔG[\s\S]*范德华[\s\S]*静电[\s\S]*极性溶剂化[\s\S]*非极性溶剂化/);
    await dialog.getByTestId('dynamic-dg-chart').waitFor();
    await dialog.getByTestId('dynamic-components-chart').waitFor();
    await dialog.getByTestId('dynamic-rmsd-chart').waitFor();
    await dialog.getByTestId('structure-3d').locator('canvas').waitFor({ timeout: 30_000 });
    await screenshot(page, 'dynamic-03-result');
  }, 900_000);
});
