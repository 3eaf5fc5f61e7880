/**
 * Binding affinity in a real browser against the real platform and models: 2D (graph_dta) from
 * a FASTA and typed SMILES, 3D (sign) of a posed ligand and a flat one in a pocket predicted on
 * the server, each opened in the shared result dialog and checked through the API (the suite's
 * one run of each through the platform); then the docking-and-affinity page submits GRAFDTA and
 * moves on to the task list.
 */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { strToU8, zipSync } from 'fflate';
import type { Locator } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { signRowSchema, type GraphDtaRow } from '@yunyao/contract';
import { sdfRecords, sdfTag } from '../packages/modules/group/run/sdf-records.ts';
import { numberInput, screenshot } from './support/browser.ts';
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
/** A zip of .mol2 files as the spec's upload: indole drawn flat (no pose, so docked first) and a broken record. */
function moreLigands(): string {
  const path = join(mkdtempSync(join(tmpdir(), 'affinity-e2e-')), 'more.zip');
  const flatIndole = readFileSync(join(repoRoot, 'python/tests/fixtures/indole_2d.mol2'), 'utf8');
  writeFileSync(path, zipSync({ 'indole.mol2': strToU8(flatIndole), 'broken.mol2': strToU8('@<TRIPOS>MOLECULE\nbroken\n 2 1\nSMALL\n\n@<TRIPOS>ATOM\n') }));
  return path;
}
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

    // The Davis network's one run through the platform (apps/server/test/affinity.test.ts checks the form's refusals and
    // the KIBA model), checked through the API: PIM2 binds staurosporine tightly (pKd 8.72), AT-7519 not measurably (5.0).
    const api = apiClient(e2e.baseUrl, token);
    const predicted = (await api.call(endpoints.tasks.output, { params: { id: newestTaskId } })) as unknown as GraphDtaRow[];
    const [strong, weak] = ['staurosporine', 'AT-7519'].map((id) => predicted.find((r) => r.ID === id)!);
    expect(strong!.affinity!).toBeGreaterThan(weak!.affinity! + 1);
    expect(strong!.Kd!).toBeLessThan(weak!.Kd!);
    const summary = (await api.call(endpoints.tasks.result, { params: { id: newestTaskId } })) as unknown as { model: { name: string; data_sha256: string }; protein: { in_domain: boolean }; histogram: { count: number[] } };
    expect(summary).toMatchObject({ model: { name: 'davis', data_sha256: expect.stringMatching(/^[0-9a-f]{64}$/) }, protein: { in_domain: true } });
    expect(summary.histogram.count.reduce((a, b) => a + b, 0)).toBe(2);
    expect((await api.call(endpoints.tasks.files, { params: { id: newestTaskId } })).outputs.map((f) => f.name)).toEqual(expect.arrayContaining(['result.csv', 'result.json', 'summary.json']));
  });

  test('sign: a posed ligand scored as it is and a flat one docked first in a pocket predicted on the server, its pose in 3D', async () => {
    const { page } = e2e;
    await page.goto('/calculate/sign');
    await page.locator('[data-testid="sign-protein"] input[type=file]').setInputFiles(AURKA);
    await page.getByTestId('sign-predict').click();
    const pockets = page.getByTestId('sign-pockets');
    await pockets.locator('tbody tr').first().waitFor({ timeout: 60_000 });
    await pockets.locator('tbody tr').first().locator('input[type=radio]').check();
    await page.locator('[data-testid="sign-ligands"] input[type=file]').setInputFiles([POSE, moreLigands()]);
    // One Monte Carlo run for the flat indole (the default, 8, took the journey 19 s more on a loaded machine).
    await numberInput(page, 'sign-accuracy').fill('1');
    await page.getByTestId('structure-3d').locator('canvas').waitFor({ timeout: 30_000 });
    await screenshot(page, 'affinity-03-sign-form');
    const dialog = await submitAndOpenResult();
    await dialog.getByTestId('affinity-histogram').locator('canvas').waitFor({ timeout: 30_000 });
    // The posed ligand, the docked indole and the broken record, failed in its row.
    await expect.poll(() => dialog.locator('tbody tr.ant-table-row').count(), { timeout: 15_000 }).toBe(3);
    expect(await dialog.locator('thead').innerText()).toMatch(/pK[\s\S]*Vina/);
    await dialog.getByTestId('sign-pose-view').locator('canvas').waitFor({ timeout: 30_000 });
    await screenshot(page, 'affinity-04-sign-result');
    await closeDialog();

    // The engine's one run in the suite (the API file and packages/modules/sign/sign.test.ts check the forms and
    // costs), checked through the API: the posed ligand scored where it lies, the flat one docked, the broken one its row.
    const api = apiClient(e2e.baseUrl, token);
    const rows = ((await api.call(endpoints.tasks.output, { params: { id: newestTaskId } })) as unknown[]).map((r) => signRowSchema.parse(r));
    const input = rows.find((r) => r.posed === 'input')!;
    expect(input.ID).toBe('pocket1_anilinopyrimidine');
    expect(input.score!).toBeLessThan(-6);
    expect(input.affinity!).toBeGreaterThan(4);
    expect(input.Kd! / 10 ** (9 - input.affinity!)).toBeCloseTo(1, 2);
    expect(rows.find((r) => r.ID === 'indole')).toMatchObject({ posed: 'docked', error: null });
    expect(rows.filter((r) => r.error)).toHaveLength(1);
    const summary = (await api.call(endpoints.tasks.result, { params: { id: newestTaskId } })) as unknown as { model: { data_sha256: string }; counts: { scored: number; docked: number }; histogram: { count: number[] } };
    expect(summary.model.data_sha256).toMatch(/^[0-9a-f]{64}$/);
    expect(summary.counts).toMatchObject({ scored: 2, docked: 1 });
    expect(summary.histogram.count.reduce((a, b) => a + b, 0)).toBe(2);
    const outputs = (await api.call(endpoints.tasks.files, { params: { id: newestTaskId } })).outputs;
    expect(outputs.map((f) => f.name)).toEqual(expect.arrayContaining(['result.csv', 'poses.sdf', 'protein_prepared.pdb', 'summary.json']));
    const text = async (name: string) => (await api.download(endpoints.tasks.download, { query: { task_id: newestTaskId, file: outputs.find((f) => f.name === name)!.file } })).text();
    // One pose per scored ligand, the posed one first with its pK; the table's columns as the spec has them.
    const poses = sdfRecords(await text('poses.sdf'));
    expect(poses).toHaveLength(2);
    expect(sdfTag(poses[0]!, 'pk')).toBe(String(input.affinity));
    expect(await text('result.csv')).toMatch(/^index,ID,SMILES,Kd,affinity,score,posed,in_domain,error/);
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
