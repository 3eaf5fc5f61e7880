/**
 * Binding affinity in a real browser against the real platform and models: 2D (graph_dta) from
 * a FASTA and typed SMILES, 3D (sign) of a posed ligand in a pocket predicted on the server,
 * each opened in the shared result dialog; then the docking-and-affinity page submits GRAFDTA
 * and moves on to the task list.
 */
import { join } from 'node:path';
import type { Locator } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { screenshot } from './support/browser.ts';
import { registerAndLogin } from './support/accounts.ts';
import { apiClient, endpoints } from './support/api.ts';
import { newTaskId } from './support/history.ts';
import { repoRoot } from './support/platform.ts';
import { useE2E } from './support/suite.ts';

const e2e = useE2E();
// Aurora A kinase without its inhibitor (Debian rdkit-data), and an anilinopyrimidine docked in its ATP site.
const AURKA = '/usr/share/RDKit/Contrib/CalcLigRMSD/data/aurka_protein_2c6e.pdb';
const POSE = join(repoRoot, 'python/tests/fixtures/aurka_pose.sdf');
const PIM2 = join(repoRoot, 'python/tests/fixtures/pim2.fasta');
const MOLECULES =
  'CC12C(C(CC(O1)N3C4=CC=CC=C4C5=C6C(=C7C8=CC=CC=C8N2C7=C53)CNC6=O)NC)OC staurosporine\nC1CNCCC1NC(=O)C2=C(C=NN2)NC(=O)C3=C(C=CC=C3Cl)Cl AT-7519';
const TASK_TIMEOUT_MS = 240_000;
let newestTaskId = 0;
let token = '';

/** Submits the page's form, waits for its task in the history and opens the result dialog. */
async function submitAndOpenResult(): Promise<Locator> {
  const { page } = e2e;
  const history = page.getByTestId('task-history');
  await page.getByTestId('module-submit').click();
  await page.getByText('任务提交成功!').waitFor();
  newestTaskId = await newTaskId(history, newestTaskId);
  const row = history.locator(`[data-testid="task-row"][data-id="${newestTaskId}"]`);
  await expect.poll(() => row.getAttribute('data-status'), { timeout: TASK_TIMEOUT_MS, interval: 1000 }).toBe('已完成');
  await row.getByTestId('task-view').click();
  const dialog = page.getByTestId('affinity-result');
  await dialog.waitFor();
  return dialog;
}

async function closeDialog(): Promise<void> {
  await e2e.page.locator('.ant-modal-close').last().click();
  await e2e.page.getByTestId('affinity-result').waitFor({ state: 'hidden' });
}

describe('affinity', () => {
  test('graph_dta: a FASTA and two typed SMILES give Kd and pKd', async () => {
    const { page } = e2e;
    token = await registerAndLogin(e2e, `affinity-${Date.now()}@example.com`, { creditYuan: 50 });
    await page.goto('/calculate/graphdta');
    await page.getByTestId('module-submit').click();
    await page.getByText('请上传氨基酸序列文件！').waitFor();
    await page.locator('[data-testid="graphdta-sequence"] input[type=file]').setInputFiles(PIM2);
    await page.getByTestId('graphdta-molecules-text').fill(MOLECULES);
    await screenshot(page, 'affinity-01-graphdta-form');
    const dialog = await submitAndOpenResult();
    await dialog.getByTestId('affinity-histogram').locator('canvas').waitFor({ timeout: 30_000 });
    const rows = dialog.locator('tbody tr.ant-table-row');
    await expect.poll(() => rows.count(), { timeout: 15_000 }).toBe(2);
    expect(await dialog.locator('thead').innerText()).toMatch(/Kd[\s\S]*pKd/);
    expect(await dialog.getByTestId('affinity-provenance').innerText()).toContain('davis');
    await screenshot(page, 'affinity-02-graphdta-result');
    await closeDialog();
  });

  test('sign: a posed ligand scored in a pocket predicted on the server, its pose in 3D', async () => {
    const { page } = e2e;
    await page.goto('/calculate/sign');
    await page.locator('[data-testid="sign-protein"] input[type=file]').setInputFiles(AURKA);
    await page.getByTestId('sign-predict').click();
    const pockets = page.getByTestId('sign-pockets');
    await pockets.locator('tbody tr').first().waitFor({ timeout: 60_000 });
    await pockets.locator('tbody tr').first().locator('input[type=radio]').check();
    await page.locator('[data-testid="sign-ligands"] input[type=file]').setInputFiles(POSE);
    await page.getByTestId('structure-3d').locator('canvas').waitFor({ timeout: 30_000 });
    await screenshot(page, 'affinity-03-sign-form');
    const dialog = await submitAndOpenResult();
    await dialog.getByTestId('affinity-histogram').locator('canvas').waitFor({ timeout: 30_000 });
    await expect.poll(() => dialog.locator('tbody tr.ant-table-row').count(), { timeout: 15_000 }).toBe(1);
    expect(await dialog.locator('thead').innerText()).toMatch(/pK[\s\S]*Vina/);
    await dialog.getByTestId('sign-pose-view').locator('canvas').waitFor({ timeout: 30_000 });
    await screenshot(page, 'affinity-04-sign-result');
    await closeDialog();
  });

  test('the docking-and-affinity page submits GRAFDTA and opens the task list', async () => {
    const { page } = e2e;
    await page.goto('/calculate/affinity');
    await page.getByTestId('affinity-method').getByText('GRAFDTA').click();
    await page.locator('[data-testid="graphdta-sequence"] input[type=file]').setInputFiles(PIM2);
    await page.getByTestId('graphdta-molecules-text').fill(MOLECULES);
    await screenshot(page, 'affinity-05-molecule-page');
    await page.getByTestId('module-submit').click();
    await page.waitForURL('**/calculate/list', { timeout: 30_000 });
    // The task it submitted is the newest; the model has run on the same inputs above, so it is cancelled
    // rather than left running beside the files that come after on the shared platform (one that has
    // already finished has nothing to cancel).
    const api = apiClient(e2e.baseUrl, token);
    const [submitted] = (await api.call(endpoints.tasks.list, { query: { page: 1, limit: 20 } })).data;
    expect(submitted!.id).toBeGreaterThan(newestTaskId);
    expect(submitted!.module).toBe('graph_dta');
    await api.call(endpoints.tasks.cancel, { body: { task_id: submitted!.id } }).catch(() => undefined);
  });
});
