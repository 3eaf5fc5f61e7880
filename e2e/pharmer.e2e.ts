/**
 * Pharmacophore screening in a real browser against the real platform and engines: a protein and
 * its posed ligand give a query drawn as spheres, one feature is switched off, typed molecules are
 * screened, and the ranked hits open with the best one aligned over the query in 3D.
 */
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { screenshot } from './support/browser.ts';
import { registerAndLogin } from './support/accounts.ts';
import { newTaskId } from './support/history.ts';
import { repoRoot } from './support/platform.ts';
import { useE2E } from './support/suite.ts';

const e2e = useE2E();
// Aurora A kinase (Debian rdkit-data) and an anilinopyrimidine posed in its ATP site.
const AURKA = '/usr/share/RDKit/Contrib/CalcLigRMSD/data/aurka_protein_2c6e.pdb';
const POSE = join(repoRoot, 'python/tests/fixtures/aurka_pose.sdf');
const MOLECULES = ['Cc1ccc(Nc2nccc(-c3cccnc3)n2)cc1 reference', 'CCCCCCCCCC decane', 'OCC(O)CO glycerol', 'Nc1ncnc2[nH]cnc12 adenine'].join('\n');
const TASK_TIMEOUT_MS = 300_000;

describe('pharmacophore', () => {
  test('a posed ligand gives an editable query; the screen ranks its own molecule first', async () => {
    const { page } = e2e;
    await registerAndLogin(e2e, `pharmer-${Date.now()}@example.com`, { creditYuan: 50 });
    await page.goto('/calculate/pharmer');
    // The spec's refusals come before anything is posted.
    await page.getByTestId('module-submit').click();
    await page.getByText('请上传蛋白质文件！').waitFor();
    await page.locator('[data-testid="pharmer-protein"] input[type=file]').setInputFiles(AURKA);
    await page.getByTestId('module-submit').click();
    await page.getByText('请上传配体文件！').waitFor();

    await page.locator('[data-testid="pharmer-reference"] input[type=file]').setInputFiles(POSE);
    const query = page.getByTestId('pharmer-query');
    await query.waitFor({ timeout: 60_000 });
    const view = page.getByTestId('pharmer-structure').getByTestId('structure-3d');
    await view.locator('canvas').waitFor({ timeout: 30_000 });
    const switches = query.locator('[data-testid^="pharmer-feature-"]');
    const on = query.locator('[data-testid^="pharmer-feature-"].ant-switch-checked');
    const enabledBefore = await on.count();
    expect(enabledBefore).toBeGreaterThanOrEqual(2);
    expect(Number(await view.getAttribute('data-spheres'))).toBe(enabledBefore);
    // Switch one feature off (a non-interacting one when there is one): its sphere leaves the view.
    const count = await switches.count();
    await switches.nth(count - 1).click();
    await expect.poll(async () => Number(await view.getAttribute('data-spheres'))).not.toBe(enabledBefore);
    if (enabledBefore - 1 < 2) await switches.nth(count - 1).click();
    await screenshot(page, 'pharmer-01-query');

    await page.getByTestId('pharmer-molecules-text').fill(MOLECULES);
    const history = page.getByTestId('task-history');
    await page.getByTestId('module-submit').click();
    await page.getByText('任务提交成功!').waitFor();
    const taskId = await newTaskId(history, 0);
    const row = history.locator(`[data-testid="task-row"][data-id="${taskId}"]`);
    await expect.poll(() => row.getAttribute('data-status'), { timeout: TASK_TIMEOUT_MS, interval: 1000 }).toBe('已完成');
    await row.getByTestId('task-view').click();
    const dialog = page.getByTestId('pharmer-result');
    await dialog.waitFor();
    const rows = dialog.locator('tbody tr.ant-table-row');
    await expect.poll(() => rows.count(), { timeout: 15_000 }).toBeGreaterThan(0);
    expect(await rows.first().innerText()).toContain('reference');
    expect(await dialog.locator('thead').innerText()).toMatch(/药效团得分[\s\S]*RMSD[\s\S]*形状相似度[\s\S]*匹配特征/);
    await dialog.getByTestId('pharmer-hit-view').getByTestId('structure-3d').locator('canvas').waitFor({ timeout: 30_000 });
    await screenshot(page, 'pharmer-02-result');
  });
});
