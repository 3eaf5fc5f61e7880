/**
 * Peptide structure prediction in a real browser against the real platform and engine: the spec's
 * empty-sequence refusal, a short peptide at the quick sampling level, then its ranked models with
 * their secondary structure and the first model in 3D; and what the API serves of the same task
 * (ranked rows, the quick level's sampling, one PDB per model). The only run of the engine through
 * the platform: apps/server/test/pepsearch.test.ts checks the refusals and the estimates,
 * python/tests/test_peptide_*.py the engine's own details.
 */
import { describe, expect, test } from 'vitest';
import { screenshot } from './support/browser.ts';
import { registerAndLogin } from './support/accounts.ts';
import { apiClient, endpoints } from './support/api.ts';
import { newTaskId } from './support/history.ts';
import { useE2E } from './support/suite.ts';

const e2e = useE2E();
const TASK_TIMEOUT_MS = 300_000;

interface ModelRow { rank: number; model_file: string; ss: string; energy_kcal_mol: number; radius_of_gyration_a: number }
interface Summary { sequence: string; seed: number; fragments: { decoys: number; steps: number; refine: number } }

describe('peptide structure prediction', () => {
  test('a sequence gives ranked models with secondary structure and a 3D view', async () => {
    const { page } = e2e;
    const token = await registerAndLogin(e2e, `pepsearch-${Date.now()}@example.com`, { creditYuan: 20 });
    await page.goto('/calculate/pepsearch');
    await page.getByTestId('module-submit').click();
    await page.getByText('多肽序列不能为空！').waitFor();
    await page.getByTestId('pepsearch-sequence').fill('GYDPX');
    await page.getByTestId('module-submit').click();
    await page.getByText(/第 5 位“X”/).first().waitFor();

    await page.getByTestId('pepsearch-sequence').fill('>five\nGYDPE');
    await expect.poll(() => page.getByTestId('pepsearch-length').innerText()).toBe('5 个残基');
    await page.getByTestId('pepsearch-sampling').getByText('快速预览').click();
    await screenshot(page, 'pepsearch-01-form');
    const history = page.getByTestId('task-history');
    await page.getByTestId('module-submit').click();
    await page.getByText('任务提交成功!').waitFor();
    const taskId = await newTaskId(history, 0);
    const row = history.locator(`[data-testid="task-row"][data-id="${taskId}"]`);
    await expect.poll(() => row.getAttribute('data-status'), { timeout: TASK_TIMEOUT_MS, interval: 1000 }).toBe('已完成');
    await row.getByTestId('task-view').click();
    const dialog = page.getByTestId('pepsearch-result');
    await dialog.waitFor();
    const models = dialog.getByTestId('pepsearch-models').locator('tbody tr.ant-table-row');
    await expect.poll(() => models.count(), { timeout: 15_000 }).toBeGreaterThan(0);
    // One coloured letter per residue, the sequence as submitted.
    expect(await models.first().getByTestId('pepsearch-ss').innerText()).toBe('GYDPE');
    expect(await dialog.locator('thead').innerText()).toMatch(/折叠类型[\s\S]*二级结构[\s\S]*簇占比[\s\S]*能量/);
    await dialog.getByTestId('structure-3d').locator('canvas').waitFor({ timeout: 30_000 });
    await screenshot(page, 'pepsearch-02-result');
    // The overlay: every model at once, one colour per rank, named in the legend.
    await dialog.getByTestId('pepsearch-view').getByText(/叠加全部/).click();
    await expect.poll(() => dialog.getByTestId('pepsearch-overlay-legend').locator('.ant-tag').count()).toBe(await models.count());
    await screenshot(page, 'pepsearch-03-overlay');

    // The same task through the API: ranked models, DSSP per residue, finite energies, the quick level's
    // fragment assembly (pepsearch-sampling.ts) and one PDB per model.
    const api = apiClient(e2e.baseUrl, token);
    const rows = (await api.call(endpoints.tasks.output, { params: { id: taskId } })) as unknown as ModelRow[];
    expect(rows.length).toBe(await models.count());
    expect(rows.map((r) => r.rank)).toEqual(rows.map((_, i) => i + 1));
    for (const r of rows) {
      expect(r.ss).toMatch(/^[HEC]{5}$/);
      expect(Number.isFinite(r.energy_kcal_mol)).toBe(true);
      expect(r.radius_of_gyration_a).toBeGreaterThan(2);
    }
    const summary = (await api.call(endpoints.tasks.result, { params: { id: taskId } })) as unknown as Summary;
    expect(summary).toMatchObject({ sequence: 'GYDPE', fragments: { decoys: 100, steps: 2000, refine: 5 } });
    expect(Number.isInteger(summary.seed)).toBe(true);
    const outputs = (await api.call(endpoints.tasks.files, { params: { id: taskId } })).outputs.map((f) => f.name);
    expect(outputs).toEqual(expect.arrayContaining(['models.pdb', 'result.csv', 'summary.json', ...rows.map((r) => r.model_file)]));
  });
});
