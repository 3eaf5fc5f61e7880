/**
 * The ORCA-style form in a real browser against the real platform: empty submission is
 * refused, a pasted and an uploaded molecule show their atom counts, the spectroscopy
 * interlocks switch the job type with an alert, the memory limit is enforced, the preview
 * shows the NWChem input that will run (no licensed ORCA in tests), and an HF/STO-3G
 * Opt+Freq of two molecules completes with its end time, elapsed time and fee in the history; and
 * what the API serves of it (apps/server/test/quantum.test.ts checks the refusals before a task).
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Locator } from 'playwright-core';
import type { QmMoleculeResult } from '@yunyao/quantum';
import { describe, expect, test } from 'vitest';
import { numberInput, screenshot, settled } from './support/browser.ts';
import { registerAndLogin } from './support/accounts.ts';
import { apiClient, endpoints } from './support/api.ts';
import { chooseOption } from './support/select.ts';
import { useE2E } from './support/suite.ts';

const e2e = useE2E();
const TASK_TIMEOUT_MS = 300_000;
let token = '';
const WATER = 'O 0.000000 0.000000 0.117300\nH 0.000000 0.757200 -0.469200\nH 0.000000 -0.757200 -0.469200';
// Hydrogen fluoride as a standard XYZ file: count, comment, atoms.
const HF_MOLECULE = '2\nhydrogen fluoride\nF 0.000000 0.000000 0.000000\nH 0.000000 0.000000 0.917000\n';

const history = (): Locator => e2e.page.getByTestId('task-history');
const jobType = (): Promise<string> => e2e.page.getByTestId('orca-job-type').locator('.ant-segmented-item-selected').innerText();

const choose = (testId: string, label: string): Promise<void> => chooseOption(e2e.page.getByTestId(testId), label);

describe('ORCA form', () => {
  test('molecules are pasted and uploaded, the interlocks and the memory limit speak up', { timeout: 180_000 }, async () => {
    const { page } = e2e;
    token = await registerAndLogin(e2e, `orca-${Date.now()}@example.com`, { creditYuan: 50 });
    await page.goto('/calculate/orca');
    // No licensed ORCA here: the page says NWChem runs the job.
    await expect.poll(() => page.getByTestId('orca-engine').innerText(), { timeout: 30_000 }).toContain('未配置 ORCA：将使用 NWChem 运行等价计算');

    // Nothing pasted: the empty-geometry warning, nothing sent.
    await page.getByTestId('module-submit').click();
    await page.getByText('请提供有效的分子几何结构（XYZ）！').first().waitFor();

    await page.getByTestId('orca-xyz-text').first().fill(WATER);
    const blocks = page.getByTestId('orca-molecule');
    await expect.poll(() => blocks.first().getByTestId('orca-atom-count').innerText()).toBe('3 个原子');

    // A second molecule from a file keeps its name.
    const dir = mkdtempSync(join(tmpdir(), 'orca-e2e-'));
    const file = join(dir, 'hydrogen-fluoride.xyz');
    writeFileSync(file, HF_MOLECULE);
    await page.locator('[data-testid="orca-upload"] input[type=file]').setInputFiles(file);
    await expect.poll(() => blocks.count()).toBe(2);
    expect(await blocks.nth(1).innerText()).toContain('hydrogen-fluoride.xyz');
    expect(await blocks.nth(1).getByTestId('orca-atom-count').innerText()).toBe('2 个原子');

    // Other extensions are refused with the spec's message.
    const notXyz = join(dir, 'water.mol');
    writeFileSync(notXyz, WATER);
    await page.locator('[data-testid="orca-upload"] input[type=file]').setInputFiles(notXyz);
    await page.getByText('water.mol 不是 .xyz 文件，批量上传仅支持 .xyz 格式！').waitFor();
    expect(await blocks.count()).toBe(2);

    // IR needs frequencies: Opt+Freq with an alert.
    await page.getByTestId('orca-ir').click();
    await page.getByText('任务类型已自动切换为 Opt+Freq').waitFor();
    expect(await jobType()).toBe('Opt+Freq');
    expect(await page.getByTestId('orca-keyword-line').inputValue()).toContain('Opt Freq');

    // NMR turns IR off and clears Opt+Freq, with an alert.
    await page.getByTestId('orca-nmr').click();
    await page.getByText('已关闭 IR，任务类型由 Opt+Freq 改为 Opt').waitFor();
    expect(await page.getByTestId('orca-ir').getAttribute('aria-checked')).toBe('false');
    expect(await page.getByTestId('orca-nmr').getAttribute('aria-checked')).toBe('true');
    expect(await jobType()).toBe('Opt');

    // 32 cores × 2048 MB is more than the machine has.
    await page.getByTestId('orca-parallel').click();
    await numberInput(page, 'orca-nprocs').fill('32');
    await numberInput(page, 'orca-maxcore').fill('2048');
    await page.getByTestId('module-submit').click();
    await page.getByText('并行核数 × 每核内存超出系统可用内存，请调整！').waitFor();
    await numberInput(page, 'orca-nprocs').fill('2');
    await numberInput(page, 'orca-maxcore').fill('512');
    await expect.poll(() => page.getByTestId('orca-memory').innerText()).toContain('1024 MB');

    // HF/STO-3G: seconds on NWChem.
    await choose('orca-method', 'HF');
    await choose('orca-basis', 'STO-3G');
    await page.getByTestId('orca-nmr').click();
    await page.getByTestId('orca-ir').click();
    await expect.poll(jobType).toBe('Opt+Freq');
    await expect.poll(() => page.getByTestId('orca-keyword-line').inputValue()).toBe('! HF STO-3G Opt Freq PAL2');
    expect(await page.getByTestId('orca-unsupported').count()).toBe(0);
    await screenshot(page, 'orca-01-form');
    await screenshot(page.locator('form').first(), 'orca-01b-form-detail');
  });

  test('the preview shows the NWChem input of each molecule', async () => {
    const { page } = e2e;
    await page.getByTestId('orca-preview').click();
    const content = page.getByTestId('orca-preview-content');
    await settled(content);
    expect(await content.getAttribute('data-engine')).toBe('nwchem');
    const tabs = content.locator('.ant-tabs-tab');
    expect(await tabs.allInnerTexts()).toEqual(['mol_1.xyz', 'hydrogen-fluoride.xyz']);
    const first = await content.getByTestId('orca-preview-file').first().innerText();
    expect(first).toMatch(/sto-3g/i);
    expect(first).toContain('task scf optimize');
    expect(first).toContain('task scf freq');
    await screenshot(page, 'orca-02-preview');
    await tabs.nth(1).click();
    // Only the shown tab's text is in innerText: the second molecule's fluorine is there now.
    await expect.poll(() => content.innerText()).toMatch(/\bF\s+0\.0+\s+0\.0+\s+0\.0+/);
    await page.keyboard.press('Escape');
    await content.waitFor({ state: 'hidden' });
  });

  test('the job runs and its history row fills in end, elapsed and fee', { timeout: TASK_TIMEOUT_MS + 60_000 }, async () => {
    const { page } = e2e;
    const molecules = await page.getByTestId('orca-molecule').count();
    await page.getByTestId('module-submit').click();
    await page.getByText('任务提交成功!').waitFor();
    // The form keeps what was entered, so a variant is one edit away.
    expect(await page.getByTestId('orca-molecule').count()).toBe(molecules);
    // The toast's link brings the history, below the form, into view.
    await page.getByTestId('submitted-view-task').click();
    await expect.poll(() => page.evaluate(() => document.querySelector('[data-testid="task-history"]')!.getBoundingClientRect().top < window.innerHeight)).toBe(true);
    const row = history().getByTestId('task-row').first();
    await row.waitFor();
    await expect.poll(() => row.getAttribute('data-status'), { timeout: TASK_TIMEOUT_MS, interval: 1000 }).toBe('已完成');
    const cells = await row.locator('td').allInnerTexts();
    // index, start, end, id, module, elapsed, machine, fee, status, actions
    expect(cells[1]).toMatch(/\d{4}-\d{2}-\d{2}/);
    expect(cells[2]).toMatch(/\d{4}-\d{2}-\d{2}/);
    expect(cells[5]?.trim()).not.toBe('-');
    expect(cells[5]?.trim()).not.toBe('');
    expect(cells[7]).toMatch(/^\d+\.\d{2}$/);
    await row.getByTestId('task-view').waitFor();
    await screenshot(page, 'orca-03-history');
    // The same task through the API, the only run of the ORCA form through the platform: NWChem ran it on two
    // cores; each molecule optimised, with its frequencies, IR intensities and modes, NWChem's thermochemistry
    // (G derived from H − T·S) and its HOMO/LUMO cubes; a file's comment line is its molecule's title.
    const id = Number(await row.getAttribute('data-id'));
    const api = apiClient(e2e.baseUrl, token);
    expect((await api.call(endpoints.tasks.get, { params: { id } })).name).toBe('HF STO-3G Opt Freq PAL2（2 个分子）');
    const result = (await api.call(endpoints.tasks.result, { params: { id } })) as unknown as { molecules: QmMoleculeResult[]; resources: { cores: number } };
    expect(result.resources.cores).toBe(2);
    const [water, fluoride] = result.molecules;
    expect(water).toMatchObject({ name: 'mol_1', engine: 'nwchem', status: 'ok', optimized: true, imaginary_count: 0, orbital_cubes: { homo: 'homo.cube', lumo: 'lumo.cube' } });
    // HF/STO-3G water's minimum: −74.96590 Eh.
    expect(water!.final_energy!).toBeCloseTo(-74.9659, 3);
    expect(water!.input).toMatch(/task scf optimize/);
    expect(water!.frequencies).toHaveLength(3);
    expect(water!.frequencies!.every((f) => f.frequency > 1000 && (f.intensity ?? 0) > 0 && f.displacement?.length === 3)).toBe(true);
    expect(water!.thermochemistry).toMatchObject({ temperature: 298.15, derived: ['gibbs_correction', 'enthalpy', 'gibbs'] });
    expect(fluoride).toMatchObject({ name: 'hydrogen-fluoride', title: 'hydrogen fluoride', engine: 'nwchem', status: 'ok', optimized: true });
    const outputs = (await api.call(endpoints.tasks.files, { params: { id } })).outputs.map((f) => f.name);
    expect(outputs).toEqual(expect.arrayContaining(['summary.csv', 'mol_1/homo.cube', 'mol_1/lumo.cube']));
  });

  test('in English, options without a NWChem equivalent are refused before submission', async () => {
    const { page } = e2e;
    await page.evaluate(() => localStorage.setItem('lang', 'en'));
    await page.reload();
    await expect.poll(() => page.getByTestId('orca-engine').innerText(), { timeout: 30_000 }).toContain('ORCA is not configured: the equivalent calculation runs on NWChem.');
    await page.getByTestId('orca-xyz-text').first().fill(WATER);
    await expect.poll(() => page.getByTestId('orca-atom-count').first().innerText()).toBe('3 atoms');
    expect(await page.getByTestId('orca-unsupported').count()).toBe(0);

    // NWChem 7.0.2 has no ωB97X-D: said on the page, and again on submission.
    await choose('orca-method', 'ωB97X-D');
    const unsupported = page.getByTestId('orca-unsupported');
    await unsupported.waitFor();
    expect(await unsupported.innerText()).toContain('These options have no NWChem equivalent');
    await page.getByTestId('module-submit').click();
    await page.locator('.ant-message').getByText('These options have no NWChem equivalent').waitFor();

    // RI-JK follows HF (the approximation interlock) and has no NWChem equivalent either.
    await choose('orca-approximation', 'RI-JK');
    await expect.poll(() => page.getByTestId('orca-keyword-line').inputValue()).toMatch(/^! HF /);
    await expect.poll(() => unsupported.innerText()).toContain('RI-JK');
    await screenshot(page, 'orca-04-english-unsupported');
    await screenshot(page.locator('form').first(), 'orca-04b-english-detail');
    expect(await page.getByTestId('task-row').count()).toBe(1);
  });
});
