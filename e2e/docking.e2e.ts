/**
 * Docking in a real browser against the real platform and engines: upload a protein,
 * predict its pockets on the server, tick the first, dock two SMILES with Vina, and
 * open the result dialog with its score histogram and a pose's interactions; then detect
 * pockets in the browser and dock a molecule screened from the library blind into the top
 * detected pockets (one task for both, each task being seconds of receptor preparation,
 * Vina and PLIP on a loaded machine).
 */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Locator } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { downloaded, numberInput, screenshot } from './support/browser.ts';
import { registerAndLogin } from './support/accounts.ts';
import { apiClient, endpoints } from './support/api.ts';
import { newTaskId } from './support/history.ts';
import { chooseOption } from './support/select.ts';
import { useE2E } from './support/suite.ts';

const e2e = useE2E();
// Aurora A kinase without its inhibitor (Debian rdkit-data).
const AURKA = '/usr/share/RDKit/Contrib/CalcLigRMSD/data/aurka_protein_2c6e.pdb';
const TASK_TIMEOUT_MS = 240_000;
const hetatm = (serial: number, name: string, resname: string, resseq: number, [x, y, z]: number[], element: string) =>
  `HETATM${String(serial).padStart(5)} ${name.padEnd(4)} ${resname.padStart(3)} A${String(resseq).padStart(4)}    ${[x, y, z].map((v) => v!.toFixed(3).padStart(8)).join('')}  1.00 20.00          ${element.padStart(2)}`;
/** AURKA with a zinc ion beside Asp7, a three-atom stand-in ligand and a water: the hetero groups the form lists. */
function aurkaWithHetero(): string {
  const path = join(mkdtempSync(join(tmpdir(), 'docking-e2e-')), 'aurka_zn.pdb');
  const body = readFileSync(AURKA, 'utf8').replace(/^END\s*$/m, '').trimEnd();
  const extra = [
    hetatm(9001, 'ZN', 'ZN', 901, [19.8, 0.3, 21.0], 'ZN'),
    hetatm(9002, 'C1', 'LIG', 902, [30, 10, 20], 'C'),
    hetatm(9003, 'C2', 'LIG', 902, [31.5, 10, 20], 'C'),
    hetatm(9004, 'O3', 'LIG', 902, [32.2, 11.2, 20], 'O'),
    hetatm(9005, 'O', 'HOH', 903, [40, 10, 20], 'O'),
  ];
  writeFileSync(path, `${body}\n${extra.join('\n')}\nEND\n`);
  return path;
}
const history = (): Locator => e2e.page.getByTestId('task-history');
/** The journey's newest task so far (see newTaskId). */
let newestTaskId = 0;
let token = '';

/** Submits the form, waits for the new task to finish and opens its result dialog. */
async function submitAndOpenResult(): Promise<Locator> {
  const { page } = e2e;
  await page.getByTestId('module-submit').click();
  await page.getByText('任务提交成功!').waitFor();
  newestTaskId = await newTaskId(history(), newestTaskId);
  const row = history().locator(`[data-testid="task-row"][data-id="${newestTaskId}"]`);
  await expect.poll(() => row.getAttribute('data-status'), { timeout: TASK_TIMEOUT_MS, interval: 1000 }).toBe('已完成');
  await row.getByTestId('task-view').click();
  return page.getByTestId('docking-result');
}
const closeDialog = async (): Promise<void> => {
  await e2e.page.locator('.ant-modal-close').last().click();
  await e2e.page.getByTestId('docking-result').waitFor({ state: 'hidden' });
};

describe('docking', () => {
  test('pockets of an uploaded protein are predicted on the server and listed', async () => {
    const { page } = e2e;
    token = await registerAndLogin(e2e, `docking-${Date.now()}@example.com`, { creditYuan: 50 });
    await page.goto('/calculate/docking');
    await page.getByTestId('docking-predict').click();
    await page.getByText('请上传蛋白质文件！').waitFor();
    await page.locator('[data-testid="docking-protein"] input[type=file]').setInputFiles(AURKA);
    await page.getByText('结构中没有杂原子基团（水分子总会删除）').waitFor({ timeout: 30_000 });
    await page.getByTestId('docking-predict').click();
    const table = page.getByTestId('docking-pockets');
    await table.locator('tbody tr').first().waitFor({ timeout: 60_000 });
    expect(await table.locator('tbody tr').count()).toBeGreaterThan(2);
    // The protein is drawn in 3Dmol.js once loaded.
    await page.getByTestId('structure-3d').locator('canvas').waitFor({ timeout: 30_000 });
  });

  test('two SMILES docked into the first pocket show in the result dialog', async () => {
    const { page } = e2e;
    await page.getByTestId('docking-pockets').locator('tbody tr').first().locator('input[type=checkbox]').check();
    await page.getByTestId('docking-molecules-text').fill('Cc1ccc(Nc2nccc(-c3cccnc3)n2)cc1 anilinopyrimidine\nc1ccc2[nH]ccc2c1 indole');
    // Exhaustiveness 4: one Monte Carlo run (1) can end in a single pose cluster, and the switch needs two.
    await numberInput(page, 'docking-accuracy').fill('4');
    await numberInput(page, 'docking-posture').fill('2');
    await screenshot(page, 'docking-01-form');
    const dialog = await submitAndOpenResult();
    await dialog.waitFor();
    await dialog.getByTestId('docking-histogram').locator('canvas').waitFor({ timeout: 30_000 });
    await expect.poll(() => dialog.locator('tbody tr.ant-table-row').count(), { timeout: 15_000 }).toBe(2);
    expect(await dialog.innerText()).toContain('pocket1_indole');
    // The best molecule's poses are drawn in 3D; picking a row shows that molecule's poses instead.
    const viewer = dialog.getByTestId('docking-pose-viewer');
    await viewer.locator('canvas').waitFor({ timeout: 30_000 });
    const rows = dialog.locator('tbody tr.ant-table-row');
    const switcher = viewer.getByTestId('docking-pose-switch');
    const withSeveralPoses: number[] = [];
    for (const index of [1, 0]) {
      const id = (await rows.nth(index).locator('td').nth(1).innerText()).trim();
      await rows.nth(index).click();
      await expect.poll(() => viewer.innerText()).toContain(id);
      if ((await switcher.count()) > 0) withSeveralPoses.push(index);
    }
    // The switch moves between a molecule's poses. A small rigid ligand can end in a single
    // pose cluster, so the switch is checked on a molecule that has two.
    expect(withSeveralPoses.length).toBeGreaterThan(0);
    await rows.nth(withSeveralPoses[0]!).click();
    await switcher.locator('.ant-segmented-item').nth(1).click();
    await expect.poll(() => switcher.locator('.ant-segmented-item-selected').innerText()).toMatch(/^2:/);
    await screenshot(page, 'docking-02-result');
    // The best molecule's pose: PLIP's interactions listed by type and drawn as lines in 3D.
    await rows.nth(0).click();
    const interactions = viewer.getByTestId('docking-interactions');
    await expect.poll(() => interactions.getByTestId('docking-interaction-group').count(), { timeout: 15_000 }).toBeGreaterThan(0);
    expect(await interactions.innerText()).toMatch(/(氢键|疏水作用|π–π 堆积|盐桥) × \d+/);
    expect(await interactions.innerText()).toContain('接触残基');
    const view3d = viewer.getByTestId('structure-3d');
    await expect.poll(async () => Number(await view3d.getAttribute('data-lines'))).toBeGreaterThan(0);
    // The size-aware columns sit next to the score.
    expect(await dialog.locator('thead').innerText()).toMatch(/LE[\s\S]*FQ/);
    await interactions.scrollIntoViewIfNeeded();
    await screenshot(page, 'docking-05-interactions');
    await viewer.getByTestId('docking-interactions-toggle').click();
    await expect.poll(() => view3d.getAttribute('data-lines')).toBe('0');
    // Single result files are offered one by one from the files popover.
    await dialog.getByTestId('docking-result-files').hover();
    const files = page.getByTestId('task-files');
    await files.waitFor();
    for (const name of ['poses.sdf', 'complex.pdb', 'result.json']) expect(await files.innerText()).toContain(name);
    // The best molecule's first pose opens in the protein viewer as the task's complex, in its box.
    if ((await switcher.count()) > 0) await switcher.locator('.ant-segmented-item').first().click();
    const href = await viewer.getByTestId('docking-open-viewer').getAttribute('href');
    const viewerPage = await page.context().newPage();
    await viewerPage.goto(`${e2e.baseUrl}${href}`);
    const structure = viewerPage.getByTestId('viewer-structure');
    await structure.and(viewerPage.locator('[data-status="ready"]')).waitFor({ timeout: 30_000 });
    expect(await structure.innerText()).toContain('complex.pdb');
    expect(await structure.getByTestId('viewer-summary').innerText()).toMatch(/配体：\S+/);
    expect(await viewerPage.getByTestId('viewer-toggle-pocket').getAttribute('aria-checked')).toBe('true');
    await screenshot(viewerPage, 'docking-06-open-in-viewer');
    await viewerPage.close();
  });

  test('the browser variant detects pockets in a Web Worker, downloads the ticked ones and docks a library molecule blind', async () => {
    const { page } = e2e;
    await page.goto('/calculate/molecules');
    await page.getByTestId('docking-predict').click();
    await page.getByText('请加载蛋白质文件~').waitFor();
    await page.getByText('加载蛋白后列出结构中的杂原子基团').waitFor();
    await page.locator('[data-testid="docking-protein"] input[type=file]').setInputFiles(aurkaWithHetero());
    // The structure's hetero groups are listed: the zinc ion ticked, the stand-in ligand not, no water.
    const hetero = page.getByTestId('docking-hetero');
    await hetero.waitFor({ timeout: 30_000 });
    expect(await hetero.locator('.ant-checkbox-wrapper').count()).toBe(2);
    expect(await page.getByTestId('docking-hetero-ZN').isChecked()).toBe(true);
    expect(await page.getByTestId('docking-hetero-LIG').isChecked()).toBe(false);
    expect(await hetero.innerText()).not.toContain('HOH');
    await page.getByTestId('docking-predict').click();
    const table = page.getByTestId('docking-pockets');
    await table.locator('tbody tr').first().waitFor({ timeout: 30_000 });
    await page.getByTestId('docking-download-pockets').click();
    await page.getByText('请先勾选要下载的口袋数据').waitFor();
    await table.locator('tbody tr').first().locator('input[type=checkbox]').check();
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('docking-download-pockets').click()]);
    const pockets = JSON.parse((await downloaded(download)).toString('utf8')) as { name: string; Score: number }[];
    expect(pockets.map((p) => p.name)).toEqual(['pocket1']);
    await screenshot(page, 'docking-03-browser-pockets');
    // Blind docking replaces the site choice: the pocket buttons step aside for the number of pockets.
    await page.getByTestId('docking-blind').check();
    expect(await numberInput(page, 'docking-blind-pockets').inputValue()).toBe('3');
    expect(await page.getByTestId('docking-predict').isDisabled()).toBe(true);
    await numberInput(page, 'docking-blind-pockets').fill('2');
    // The molecule: the first of the library's NCI sample, which the platform imports on first start (after
    // the fixture fda library, listed first); the filter counts it live, and the limit takes one.
    await page.getByTestId('docking-molecules-type').getByText('数据库筛选').click();
    await chooseOption(page.getByTestId('docking-molecules-library-source'), 'nci', { exact: false });
    const count = page.getByTestId('docking-molecules-library-count');
    await expect.poll(() => count.getAttribute('data-state'), { timeout: 30_000 }).toBe('ready');
    expect(Number(await count.getAttribute('data-count'))).toBeGreaterThan(2);
    await numberInput(page, 'docking-molecules-library-limit').fill('1');
    await numberInput(page, 'docking-accuracy').fill('1');
    await numberInput(page, 'docking-posture').fill('1');
    await screenshot(page, 'docking-06-blind');
    // One row per detected pocket: the molecule's best pose in each, and which pockets were found.
    const dialog = await submitAndOpenResult();
    await expect.poll(() => dialog.locator('tbody tr.ant-table-row').count(), { timeout: 15_000 }).toBe(2);
    const blindSummary = dialog.getByTestId('docking-blind-summary');
    await blindSummary.waitFor();
    expect(await blindSummary.innerText()).toMatch(/检测到的前 2 个口袋[\s\S]*pocket1 最佳 -\d[\s\S]*pocket2 最佳 -\d/);
    // The cofactor choice is part of the result's provenance.
    const kept = dialog.getByTestId('docking-provenance-kept');
    await kept.waitFor();
    expect(await kept.innerText()).toBe('ZN');
    await screenshot(page, 'docking-07-blind-result');
    await closeDialog();

    // Blind docking's one run in the suite (packages/modules/autodock/autodock.test.ts checks its form and cost), checked
    // through the API: one row per pocket, the molecule's best pose there with its size-aware columns, contacts and pose
    // checks; every pose's interactions read, and the table's columns.
    const api = apiClient(e2e.baseUrl, token);
    type BlindRow = { pocket: string; score: number[]; LE: number; heavy_atoms: number; contacts: string[]; pb_valid: boolean | null; pb_failed: string[]; pb_poses: (boolean | null)[] };
    const rows = (await api.call(endpoints.tasks.output, { params: { id: newestTaskId } })) as unknown as BlindRow[];
    expect(rows.map((r) => r.pocket).sort()).toEqual(['pocket1', 'pocket2']);
    expect(new Set(rows.map((r) => r.heavy_atoms)).size).toBe(1);
    for (const r of rows) {
      expect(r.heavy_atoms).toBeGreaterThan(5);
      expect(r.LE).toBeCloseTo(-r.score[0]! / r.heavy_atoms, 2);
      expect(r.LE).toBeGreaterThan(0.2);
      expect(r.contacts.length).toBeGreaterThan(2);
      // PoseBusters-style checks: the best pose's flag in the row, every pose's in the SD tags.
      expect(typeof r.pb_valid, JSON.stringify(r)).toBe('boolean');
      expect(r.pb_poses).toEqual([r.pb_valid]);
      expect(r.pb_failed.length === 0).toBe(r.pb_valid);
    }
    const summary = (await api.call(endpoints.tasks.result, { params: { id: newestTaskId } })) as unknown as { blindPockets: { name: string }[]; sites: number; interactions: { posesAnalysed: number; failures: number } };
    expect(summary.blindPockets.map((p) => p.name)).toEqual(['pocket1', 'pocket2']);
    expect(summary.sites).toBe(2);
    expect(summary.interactions).toMatchObject({ posesAnalysed: 2, failures: 0 });
    const outputs = (await api.call(endpoints.tasks.files, { params: { id: newestTaskId } })).outputs;
    // Decoded by Buffer, which keeps a byte-order mark (Response.text() drops it, and scores.csv starts with one for Excel).
    const text = async (name: string) => Buffer.from(await (await api.download(endpoints.tasks.download, { query: { task_id: newestTaskId, file: outputs.find((f) => f.name === name)!.file } })).arrayBuffer()).toString('utf8');
    const interactions = JSON.parse(await text('interactions.json')) as { poses: { interactions: unknown[] }[] };
    expect(interactions.poses.some((p) => p.interactions.length > 0)).toBe(true);
    expect((await text('scores.csv')).split(/\r?\n/)[0]).toBe('\uFEFFID,ligand,pocket,SMILES,score,heavy_atoms,LE,FQ,contacts,pb_valid,pb_failed,error');
    expect((await text('poses.sdf')).match(/> {2}<pb_valid>/g)).toHaveLength(2);
  });
});
