/**
 * Binding free energy in a real browser against the real platform and OpenMM: the spec's refusals,
 * a small p38 complex with a posed ligand and a broken one at picosecond settings, its progress in
 * nanoseconds while it runs, then ΔG as a chart and a table (the broken ligand a failed row), the
 * ligand's components, RMSD and its last snapshot in 3D; and what the API serves of the same task
 * (rows, summary, files). The only run of the free-energy engine through the platform: the API
 * file checks the forms and costs, python/tests/test_mmgbsa_pipeline.py the engine's own details.
 */
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { screenshot } from './support/browser.ts';
import { registerAndLogin } from './support/accounts.ts';
import { apiClient, endpoints } from './support/api.ts';
import { newTaskId } from './support/history.ts';
import { repoRoot } from './support/platform.ts';
import { useE2E } from './support/suite.ts';

const e2e = useE2E();
// p38α residues around a benchmark ligand's site, that ligand posed and a broken .mol2 beside it (test-fixtures/mmgbsa/README.md).
const RECEPTOR = join(repoRoot, 'test-fixtures/mmgbsa/p38_pocket.pdb');
const POSES = join(repoRoot, 'test-fixtures/mmgbsa/p38_one_good_one_bad.zip');
const TASK_TIMEOUT_MS = 480_000;

interface LigandRow { ID: string; dG: number | null; vdw: number; elec: number; polar: number; nonpolar: number; snapshots: number; error: string | null }

describe('binding free energy', () => {
  test('posed ligands give ΔG with components, RMSD and a snapshot in 3D', async () => {
    const { page } = e2e;
    const token = await registerAndLogin(e2e, `dynamic-${Date.now()}@example.com`, { creditYuan: 50 });
    await page.goto('/calculate/energy');
    await page.getByTestId('module-submit').click();
    await page.getByText('请上传受体文件！').waitFor();
    await page.locator('[data-testid="dynamic-protein"] input[type=file]').setInputFiles(RECEPTOR);
    await page.getByTestId('module-submit').click();
    await page.getByText('请上传配体文件！').waitFor();
    await page.locator('[data-testid="dynamic-ligands"] input[type=file]').setInputFiles(POSES);
    // Picoseconds instead of the spec's nanoseconds: 0.2 ps of restrained equilibration (1 ps cost the
    // task a fifth more CPU), then 2 ps of production, the least that gives more than one snapshot (they
    // are 1 ps apart at the least).
    await page.getByTestId('dynamic-btime').fill('0.0002');
    await page.getByTestId('dynamic-stime').fill('0.002');
    await screenshot(page, 'dynamic-01-form');
    const history = page.getByTestId('task-history');
    await page.getByTestId('module-submit').click();
    await page.getByText('任务提交成功!').waitFor();
    const taskId = await newTaskId(history, 0);
    const row = history.locator(`[data-testid="task-row"][data-id="${taskId}"]`);
    // While it runs, the status carries the simulated time done over the time asked.
    const progress = row.getByTestId('task-progress');
    await expect.poll(async () => ((await progress.count()) ? progress.innerText() : ''), { timeout: TASK_TIMEOUT_MS, interval: 500 }).toMatch(/\/0\.0022 ns/);
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

    // The same task through the API: finite components that add up, the broken .mol2 its own row
    // with a reason naming it, the settings and seed recorded, one RMSD per snapshot, the files.
    const api = apiClient(e2e.baseUrl, token);
    const ligandRows = (await api.call(endpoints.tasks.output, { params: { id: taskId } })) as unknown as LigandRow[];
    const good = ligandRows.find((r) => !r.error)!;
    expect(good.ID).toBe('lig_p38a_2v');
    expect(good.snapshots).toBeGreaterThan(1);
    for (const v of [good.dG!, good.vdw, good.elec, good.polar, good.nonpolar]) expect(Number.isFinite(v)).toBe(true);
    expect(good.vdw + good.elec + good.polar + good.nonpolar).toBeCloseTo(good.dG!, 1);
    const bad = ligandRows.find((r) => r.error)!;
    expect(bad.error).toContain('broken.mol2');
    expect(bad.error).toMatch(/[\u4e00-\u9fff]/);
    const summary = (await api.call(endpoints.tasks.result, { params: { id: taskId } })) as unknown as { salt: string; seed: number; rmsd: Record<string, { rmsd: number[] }> };
    expect(summary.salt).toBe('NaCl');
    expect(Number.isInteger(summary.seed)).toBe(true);
    expect(summary.rmsd[good.ID]!.rmsd.length).toBe(good.snapshots);
    const outputs = (await api.call(endpoints.tasks.files, { params: { id: taskId } })).outputs.map((f) => f.name);
    expect(outputs).toEqual(expect.arrayContaining(['result.csv', 'decomposition.json', 'rmsd.json', `traj_${good.ID}.pdb`]));
  }, 900_000);
});
