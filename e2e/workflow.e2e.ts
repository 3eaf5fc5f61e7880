/**
 * A workflow built on the page against the real platform and engines: a protein and three
 * molecules through docking (keeping two) → 3D affinity → 2D affinity with tiny settings. The page
 * refuses 3D affinity as the first step in the spec's words; once submitted, the history's tree fills
 * in with the steps as child tasks, the summary shows every step's score side by side, and the plan
 * runs again from there. The only run of this chain in the suite: what the API serves of it (each
 * step's fee and counts, the summary's rows, the 3D step scoring the docked poses, no hold left, a
 * balanced ledger) is checked here too; apps/server/test/workflow.test.ts checks the plan's rules.
 */
import type { Locator } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { screenshot } from './support/browser.ts';
import { registerAndLogin } from './support/accounts.ts';
import { apiClient, endpoints } from './support/api.ts';
import { newTaskId } from './support/history.ts';
import { useE2E } from './support/suite.ts';

const e2e = useE2E();
// Aurora A kinase without its inhibitor (Debian rdkit-data): a kinase, so 2D affinity is in its domain.
const AURKA = '/usr/share/RDKit/Contrib/CalcLigRMSD/data/aurka_protein_2c6e.pdb';
const WORKFLOW_TIMEOUT_MS = 240_000;
const STEP_MODULES = ['autodock', 'sign', 'graph_dta'] as const;
const MOLECULES = ['anilinopyrimidine', 'indole', 'phenol'];

interface StepSummary { module: string; task_id: number; scored: number; kept: number }
type SummaryRow = { ID: string; SMILES: string } & Record<string, number | null | string>;

const stepInput = (step: Locator, field: string): Locator => step.locator(`input[data-testid="workflow-step-${field}"], [data-testid="workflow-step-${field}"] input`).first();

async function addStep(module: string): Promise<void> {
  const { page } = e2e;
  await page.getByTestId('workflow-add-step').click();
  await page.getByTestId(`workflow-add-${module}`).click();
}

describe('workflow', () => {
  test('refuses 3D affinity first, then runs docking → 3D affinity → 2D affinity and sums up the scores', async () => {
    const { page } = e2e;
    const token = await registerAndLogin(e2e, `workflow-${Date.now()}@example.com`, { creditYuan: 50 });
    await page.goto('/calculate/workflows');
    await page.locator('[data-testid="workflow-protein"] input[type=file]').setInputFiles(AURKA);
    await page.getByTestId('workflow-predict').click();
    const pockets = page.getByTestId('workflow-pockets');
    await pockets.locator('tbody tr').first().waitFor({ timeout: 60_000 });
    await pockets.locator('tbody tr').first().locator('input[type=radio]').check();
    await page.getByTestId('workflow-molecules-text').fill('Cc1ccc(Nc2nccc(-c3cccnc3)n2)cc1 anilinopyrimidine\nc1ccc2[nH]ccc2c1 indole\nc1ccccc1O phenol');

    // The spec's ordering rule, on add: the 3D affinity step needs docked poses.
    await addStep('sign');
    await page.getByText('亲和力预测3D模块不能放在首位！').waitFor();
    expect(await page.getByTestId('workflow-step').count()).toBe(0);
    await page.locator('.ant-modal-close').last().click();
    for (const module of STEP_MODULES) await addStep(module);
    const steps = page.getByTestId('workflow-step');
    expect(await steps.evaluateAll((cards) => cards.map((c) => c.getAttribute('data-module')))).toEqual([...STEP_MODULES]);
    // The workflow defaults of spec section 9, then tiny settings.
    const docking = steps.nth(0);
    expect(await stepInput(docking, 'accuracy').inputValue()).toBe('10');
    expect(await stepInput(docking, 'filter').inputValue()).toBe('50');
    await stepInput(docking, 'accuracy').fill('1');
    await stepInput(docking, 'posture').fill('1');
    await stepInput(docking, 'filter').fill('2');
    await screenshot(page, 'workflow-01-form');

    await page.getByTestId('module-submit').click();
    await page.getByText('任务提交成功!').waitFor();
    const history = page.getByTestId('task-history');
    const groupId = await newTaskId(history, 0);
    const group = history.locator(`[data-testid="task-row"][data-id="${groupId}"]`);
    // The steps appear under the workflow as child rows, each with its own status.
    await group.locator('.ant-table-row-expand-icon').first().click({ timeout: 60_000 });
    const children = history.locator(`[data-testid="task-row"][data-parent="${groupId}"]`);
    await expect.poll(() => children.count(), { timeout: 60_000 }).toBeGreaterThan(0);
    await screenshot(page, 'workflow-02-tree-running');
    await expect.poll(() => group.getAttribute('data-status'), { timeout: WORKFLOW_TIMEOUT_MS, interval: 1000 }).toBe('已完成');
    await expect.poll(() => children.count(), { timeout: 15_000 }).toBe(3);
    expect(await children.evaluateAll((rows) => rows.map((r) => r.getAttribute('data-status')))).toEqual(['已完成', '已完成', '已完成']);
    await screenshot(page, 'workflow-03-tree-done');

    await group.getByTestId('task-view').click();
    const result = page.getByTestId('workflow-result');
    const rows = result.getByTestId('workflow-result-rows').locator('tbody tr.ant-table-row');
    await expect.poll(() => rows.count(), { timeout: 30_000 }).toBe(2);
    const header = await result.getByTestId('workflow-result-rows').locator('thead').innerText();
    expect(header).toMatch(/对接打分[\s\S]*3D 亲和力 pK[\s\S]*2D 亲和力 pKd/);
    // Every step's score side by side: the docking score (kcal/mol, negative) and both affinities,
    // each followed by what its module shows beside it (interval, Kd, domain).
    const titles = await result.getByTestId('workflow-result-rows').locator('thead th').allInnerTexts();
    const scoreAt = (label: RegExp) => titles.findIndex((title) => label.test(title));
    const cells = await rows.first().locator('td').allInnerTexts();
    const scores = [/对接打分/, /3D 亲和力 pK/, /2D 亲和力 pKd/].map((label) => Number(cells[scoreAt(label)]));
    expect(scores.every(Number.isFinite), `${titles.join(' | ')} → ${cells.join(' | ')}`).toBe(true);
    expect(scores[0]).toBeLessThan(0);
    expect(titles.filter((title) => /^Kd/.test(title.trim()))).toHaveLength(2);
    expect(titles.filter((title) => /^90% 区间/.test(title.trim()))).toHaveLength(2);
    expect(await result.getByTestId('workflow-result-steps').locator('tbody tr').count()).toBe(3);
    await screenshot(page, 'workflow-04-summary');
    // A step opens its child's own result view: docking's poses and score histogram.
    await result.getByTestId('workflow-step-view').first().click();
    await page.getByTestId('docking-result').waitFor({ timeout: 15_000 });
    await page.locator('.ant-modal-close').last().click();
    await page.getByTestId('docking-result').waitFor({ state: 'hidden' });

    // The same workflow through the API: the steps as child tasks, each charged on its own, the
    // workflow itself (no engine) their sum; each step's counts and the summary's rows.
    const api = apiClient(e2e.baseUrl, token);
    const workflowRow = async (id: number) => (await api.call(endpoints.tasks.workflows, { query: { page: 1, limit: 20 } })).data.find((r) => r.id === id)!;
    const row = await workflowRow(groupId);
    expect(row.name).toBe('分子对接 → 亲和力预测（3D） → 亲和力预测（2D）');
    const stepRows = (row.tasks ?? []) as { module: string; status_text: string; task_fee: number | string }[];
    expect(stepRows.map((c) => [c.module, c.status_text])).toEqual(STEP_MODULES.map((m) => [m, '已完成']));
    expect(stepRows.every((c) => Number(c.task_fee) > 0)).toBe(true);
    expect(Number(row.task_fee)).toBeCloseTo(stepRows.reduce((sum, c) => sum + Number(c.task_fee), 0), 2);
    const summary = (await api.call(endpoints.tasks.result, { params: { id: groupId } })) as unknown as { steps: StepSummary[] };
    expect(summary.steps.map((s) => [s.module, s.scored, s.kept])).toEqual([
      // Docking's own retention rank is the step's filter, so it reports only the two it keeps of three.
      ['autodock', 2, 2],
      ['sign', 2, 2],
      ['graph_dta', 2, 2],
    ]);
    const summaryRows = (await api.call(endpoints.tasks.output, { params: { id: groupId } })) as unknown as SummaryRow[];
    expect(summaryRows).toHaveLength(2);
    for (const r of summaryRows) {
      expect(MOLECULES).toContain(r.ID);
      expect(r.SMILES).not.toBe('');
      for (const key of ['s1', 's2', 's3']) expect(typeof r[key]).toBe('number');
    }
    // Docking kept its two best (lowest) scores; the summary is ordered by the last step (2D affinity, higher first).
    expect(summaryRows[0]!.s3 as number).toBeGreaterThanOrEqual(summaryRows[1]!.s3 as number);
    expect(Math.max(...summaryRows.map((r) => r.s1 as number))).toBeLessThan(0);
    // The 3D step scored the docked poses in the box around them, without docking again.
    const signRows = (await api.call(endpoints.tasks.output, { params: { id: summary.steps[1]!.task_id } })) as unknown as { posed: string | null }[];
    expect(signRows.map((r) => r.posed)).toEqual(['input', 'input']);
    expect((await api.call(endpoints.user.info)).held).toBe(0);
    expect((await e2e.platform.ops('ledger:verify')).code).toBe(0);

    // Run again: the same plan as a new workflow, which the history lists on top; it is cancelled
    // at once (the chain's engines have run above).
    await result.getByTestId('workflow-rerun').click();
    await page.getByText('任务提交成功!').waitFor();
    const rerunId = await newTaskId(history, groupId);
    expect(rerunId).toBeGreaterThan(groupId);
    expect((await workflowRow(rerunId)).name).toBe(row.name);
    await api.call(endpoints.tasks.cancel, { body: { task_id: rerunId } });
  });

  test('the server variant predicts pockets, asks for a reference ligand only where needed and checks the order again on submit', async () => {
    const { page } = e2e;
    await page.goto('/calculate/workflow');
    await page.locator('[data-testid="workflow-protein"] input[type=file]').setInputFiles(AURKA);
    await page.getByTestId('workflow-predict').click();
    await page.getByTestId('workflow-pockets').locator('tbody tr').first().waitFor({ timeout: 60_000 });
    await page.getByTestId('workflow-molecules-text').fill('c1ccc2[nH]ccc2c1 indole');
    // A pharmacophore step with no docking before it needs the workflow's reference ligand.
    await addStep('pharmer');
    await page.getByTestId('workflow-reference').waitFor();
    await screenshot(page, 'workflow-05-reference');
    await page.getByTestId('workflow-step-delete').first().click();
    await page.getByTestId('workflow-reference').waitFor({ state: 'detached' });
    // Deleting the docking step leaves 3D affinity first: the submit is refused before any request.
    await addStep('autodock');
    await addStep('sign');
    await page.getByTestId('workflow-step-delete').first().click();
    await page.getByTestId('module-submit').click();
    await page.getByText('亲和力预测3D模块不能放在首位！').waitFor();
  });
});
