/**
 * Quantum chemistry (keyword mode) in a real browser against the real platform and engines:
 * the form's warnings, the keyword table (a default method and a method + basis exclude each
 * other), an `opt DFTB` task on water and formaldehyde (GFN2-xTB, xtb) with its summary,
 * structure and orbital diagram, then `freq PM3` on water (MOPAC) with its IR spectrum,
 * thermochemistry and a normal-mode animation, and `sp B3LYP def2-SVP` (NWChem) with its HOMO/LUMO
 * isosurfaces. No ORCA is installed here, so the UV-Vis, NMR, charge and thermochemistry tabs and an
 * imaginary mode are checked on real ORCA 6
 * outputs (cclib's divinylbenzene runs in packages/quantum/test-fixtures) read by the platform's
 * own parser and served in place of a task's stored result.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Locator } from 'playwright-core';
import { parseOrcaOutput, type QmMoleculeResult } from '@yunyao/quantum';
import { afterAll, describe, expect, test } from 'vitest';
import { screenshot, settled } from './support/browser.ts';
import { registerAndLogin } from './support/accounts.ts';
import { apiClient, endpoints } from './support/api.ts';
import { chooseOption } from './support/select.ts';
import { useE2E } from './support/suite.ts';

const e2e = useE2E();
const TASK_TIMEOUT_MS = 240_000;
const dir = mkdtempSync(join(tmpdir(), 'quantum-e2e-'));
const WATER = join(dir, 'water.xyz');
const FORMALDEHYDE = join(dir, 'formaldehyde.xyz');
writeFileSync(WATER, '3\nwater\nO   0.000000   0.000000   0.117300\nH   0.000000   0.757200  -0.469200\nH   0.000000  -0.757200  -0.469200\n');
writeFileSync(FORMALDEHYDE, '4\nformaldehyde\nC   0.000000   0.000000  -0.530000\nO   0.000000   0.000000   0.680000\nH   0.000000   0.940000  -1.110000\nH   0.000000  -0.940000  -1.110000\n');
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const history = (): Locator => e2e.page.getByTestId('task-history');
const line = (): Promise<string> => e2e.page.getByTestId('quantum-keyword-line').innerText();
const xyzInput = (): Locator => e2e.page.locator('[data-testid="quantum-xyz"] input[type=file]');

const pickOption = (testId: string, title: string): Promise<void> => chooseOption(e2e.page.getByTestId(testId), title);

/** Submits the form and waits for the new task (a row whose id differs from `previous`) to finish. */
async function submitAndFinish(previous: number | null): Promise<number> {
  const { page } = e2e;
  await page.getByTestId('module-submit').click();
  await page.getByText('任务提交成功!').first().waitFor();
  const first = history().getByTestId('task-row').first();
  await expect.poll(async () => Number(await first.getAttribute('data-id')), { timeout: 30_000 }).not.toBe(previous ?? -1);
  const id = Number(await first.getAttribute('data-id'));
  const row = history().locator(`[data-testid="task-row"][data-id="${id}"]`);
  await expect.poll(() => row.getAttribute('data-status'), { timeout: TASK_TIMEOUT_MS, interval: 1000 }).toBe('已完成');
  return id;
}

async function openResult(id: number): Promise<Locator> {
  await history().locator(`[data-testid="task-row"][data-id="${id}"]`).getByTestId('task-view').click();
  const dialog = e2e.page.getByTestId('quantum-result');
  await dialog.waitFor();
  return dialog;
}

let token = '';
let firstTask = 0;
let pm3Task = 0;

/** Full-page screenshots are taken from the top, so the fixed header does not cut through the page. */
async function shot(name: string): Promise<void> {
  await e2e.page.evaluate(() => window.scrollTo(0, 0));
  await screenshot(e2e.page, name);
}

const orcaFixture = (name: string): string => readFileSync(new URL(`../packages/quantum/test-fixtures/orca/${name}`, import.meta.url), 'utf8');
const orcaMolecule = (name: string, file: string): QmMoleculeResult => ({ ...parseOrcaOutput(orcaFixture(file)), name, input: `(${file})`, status: 'ok' });
const imaginaryMolecule = (m: QmMoleculeResult): QmMoleculeResult => ({
  ...m,
  frequencies: (m.frequencies ?? []).map((f, i) => (i === 0 ? { ...f, frequency: -f.frequency } : f)),
  imaginary_count: 1,
});

describe('quantum chemistry (keyword mode)', () => {
  test('the form warns, and the keyword table keeps default and method + basis apart', async () => {
    const { page } = e2e;
    token = await registerAndLogin(e2e, `quantum-${Date.now()}@example.com`, { creditYuan: 50 });
    await page.goto('/calculate/quantum');

    await page.getByTestId('module-submit').click();
    await page.getByText('请上传至少一个 .xyz 文件。').waitFor();
    await xyzInput().setInputFiles([WATER, FORMALDEHYDE]);
    await page.getByText('formaldehyde.xyz').waitFor();
    await page.getByTestId('module-submit').click();
    await page.getByText('请选择计算目标（sp、opt 或 freq）！').waitFor();

    await page.getByTestId('quantum-target').getByText('结构优化 (opt)').click();
    await page.getByTestId('module-submit').click();
    await page.getByText('请选择默认方法，或常用方法与基组！').waitFor();

    await page.getByTestId('quantum-default').getByText('DFTB 紧束缚').click();
    await expect.poll(line).toBe('opt DFTB');
    const engine = page.getByTestId('quantum-engine');
    expect(await engine.getAttribute('data-engine')).toBe('xtb');
    expect(await engine.innerText()).toContain('GFN2-xTB');
    expect(await engine.innerText()).toContain('本平台未安装 DFTB+');
    await page.evaluate(() => window.scrollTo(0, 0));
    await shot('quantum-01-dftb');

    // A common method clears the default; the line is complete once a basis is chosen too.
    await pickOption('quantum-method', 'B3LYP');
    await expect.poll(() => page.getByTestId('quantum-default').locator('.ant-radio-button-wrapper-checked').count()).toBe(0);
    await expect.poll(line).toContain('请完成计算方案');
    await page.getByTestId('module-submit').click();
    await page.getByText('已选择常用方法，请再选择基组！').waitFor();
    await pickOption('quantum-basis', 'def2-SVP');
    await expect.poll(line).toBe('opt B3LYP def2-SVP');
    expect(['orca', 'nwchem']).toContain(await engine.getAttribute('data-engine'));
    await page.keyboard.press('Escape');
    await page.evaluate(() => window.scrollTo(0, 0));
    await shot('quantum-02-method-basis');

    // Back to DFTB: method and basis are cleared.
    await page.getByTestId('quantum-default').getByText('DFTB 紧束缚').click();
    await expect.poll(line).toBe('opt DFTB');
    expect(await page.getByTestId('quantum-method').innerText()).toContain('选择方法');
    firstTask = await submitAndFinish(null);
  });

  test('the opt DFTB result: summary, structure and orbital levels per molecule', async () => {
    const { page } = e2e;
    const dialog = await openResult(firstTask);
    const switcher = dialog.getByTestId('quantum-molecule-switch');
    await switcher.waitFor();
    expect(await switcher.locator('.ant-segmented-item').count()).toBe(2);
    await switcher.locator('.ant-segmented-item').filter({ hasText: 'water' }).click();

    const summary = dialog.getByTestId('quantum-summary');
    await summary.waitFor();
    const energy = Number(await dialog.getByTestId('quantum-final-energy').getAttribute('data-value'));
    expect(energy).toBeGreaterThan(-5.1);
    expect(energy).toBeLessThan(-5.04);
    expect(await dialog.getByTestId('quantum-final-energy').innerText()).toMatch(/^-5\.0\d{7} Eh$/);
    expect(await summary.innerText()).toContain('GFN2-xTB');
    await shot('quantum-03-summary');

    await dialog.getByTestId('quantum-tab-structure').click();
    const structure = dialog.getByTestId('quantum-structure');
    await structure.locator('canvas').first().waitFor({ timeout: 30_000 });
    const [download] = await Promise.all([page.waitForEvent('download'), structure.getByTestId('quantum-xyz-download').click()]);
    expect(download.suggestedFilename()).toBe('water_opt.xyz');
    await page.waitForTimeout(500);
    await shot('quantum-04-structure');

    await dialog.getByTestId('quantum-tab-orbitals').click();
    await dialog.getByTestId('quantum-orbitals-chart').locator('canvas').waitFor({ timeout: 30_000 });
    await settled(dialog);
    await shot('quantum-05-orbitals');
    // xtb writes no orbital cubes: the isosurface tab says so instead of showing an empty viewer.
    await dialog.getByTestId('quantum-tab-isosurface').click();
    expect(await dialog.getByTestId('quantum-no-cubes').innerText()).toContain('xtb 不输出分子轨道格点');

    // Formaldehyde keeps its own result.
    await switcher.locator('.ant-segmented-item').filter({ hasText: 'formaldehyde' }).click();
    await dialog.getByTestId('quantum-tab-summary').click();
    await expect.poll(async () => Number(await dialog.getByTestId('quantum-final-energy').getAttribute('data-value'))).toBeLessThan(-7);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });

    // The same task through the API, the only run of the keyword mode's xtb through the platform: one parsed,
    // optimised result per molecule and each one's optimised geometry among the files.
    const api = apiClient(e2e.baseUrl, token);
    const result = (await api.call(endpoints.tasks.result, { params: { id: firstTask } })) as unknown as { molecules: QmMoleculeResult[] };
    expect(result.molecules.map((m) => [m.name, m.engine, m.status, m.optimized])).toEqual([
      ['water', 'xtb', 'ok', true],
      ['formaldehyde', 'xtb', 'ok', true],
    ]);
    // xtb documentation, water example: GFN2-xTB optimised energy −5.0705444 Eh.
    expect(result.molecules[0]!.final_energy!).toBeCloseTo(-5.07054, 4);
    const outputs = (await api.call(endpoints.tasks.files, { params: { id: firstTask } })).outputs.map((f) => f.name);
    expect(outputs).toEqual(expect.arrayContaining(['result.json', 'water/water_opt.xyz', 'formaldehyde/formaldehyde_opt.xyz']));
  });

  test('freq PM3 on water (MOPAC) shows its IR spectrum', async () => {
    const { page } = e2e;
    // The form kept the last task's molecules: take them off first.
    const picked = page.getByTestId('quantum-xyz-picked');
    expect(await picked.count()).toBe(2);
    while ((await picked.count()) > 0) await picked.first().locator('.ant-tag-close-icon').click();
    await xyzInput().setInputFiles([WATER]);
    await page.getByTestId('quantum-target').getByText('优化 + 频率 (freq)').click();
    await page.getByTestId('quantum-default').getByText('PM3 半经验').click();
    await expect.poll(line).toBe('freq PM3');
    expect(await page.getByTestId('quantum-engine').getAttribute('data-engine')).toBe('mopac');
    const id = await submitAndFinish(firstTask);
    pm3Task = id;

    const dialog = await openResult(id);
    await dialog.getByTestId('quantum-summary').waitFor();
    expect(await dialog.getByTestId('quantum-molecule-switch').count()).toBe(0);
    await dialog.getByTestId('quantum-tab-ir').click();
    await dialog.getByTestId('quantum-ir-chart').locator('canvas').waitFor({ timeout: 30_000 });
    expect(await dialog.innerText()).toContain('MOPAC 未给出红外强度');
    await settled(dialog);
    await shot('quantum-06-ir');

    // The molecule's own name (the XYZ comment line) heads the result, with its file name.
    expect(await dialog.getByTestId('quantum-molecule-name').innerText()).toMatch(/water\s+water\.xyz/);

    // Thermochemistry at 298 K from MOPAC's THERMO block, each energy in Eh and kcal/mol.
    await dialog.getByTestId('quantum-tab-thermo').click();
    const thermo = dialog.getByTestId('quantum-thermo');
    await thermo.waitFor();
    expect(await thermo.innerText()).toContain('298 K');
    expect(await thermo.innerText()).toContain('零点能 ZPE');
    // PM3 water: ZPE about 13 kcal/mol (0.021 Eh).
    const zpe = Number(await thermo.getByTestId('thermo-hartree').first().innerText());
    expect(zpe).toBeGreaterThan(0.019);
    expect(zpe).toBeLessThan(0.023);
    expect(await thermo.innerText()).toContain('吉布斯自由能');
    await shot('quantum-06a-thermo');

    // Frequency table and the normal-mode animation of the picked mode.
    await dialog.getByTestId('quantum-tab-modes').click();
    const modes = dialog.getByTestId('quantum-modes');
    await expect.poll(() => modes.locator('tbody tr.ant-table-row').count()).toBe(3);
    await modes.locator('tbody tr.ant-table-row').nth(2).click();
    await expect.poll(() => dialog.getByTestId('quantum-mode-playing').innerText()).toMatch(/^模式 3：\d{4}\.\d cm⁻¹$/);
    await dialog.getByTestId('quantum-vibration-3d').locator('canvas').first().waitFor({ timeout: 30_000 });
    expect(await dialog.getByTestId('quantum-mode-play').innerText()).toContain('停止');
    await dialog.getByTestId('quantum-mode-amplitude').waitFor();
    await page.waitForTimeout(400);
    await shot('quantum-06b-modes');
    await dialog.getByTestId('quantum-mode-play').click();
    expect(await dialog.getByTestId('quantum-mode-play').innerText()).toContain('播放');
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
  });

  test('ORCA outputs show their UV-Vis, NMR, IR and charge tabs, and a failed molecule its reason', async () => {
    const { page } = e2e;
    const molecules: QmMoleculeResult[] = [
      orcaMolecule('dvb_ir', 'orca6-dvb_ir.excerpt.out'),
      orcaMolecule('dvb_td', 'orca6-dvb_td.excerpt.out'),
      orcaMolecule('dvb_nmr', 'orca6-dvb_nmr.excerpt.out'),
      // Hand-made: a transition-state-like result, the first mode turned imaginary.
      imaginaryMolecule(orcaMolecule('dvb_ts', 'orca6-dvb_ir.excerpt.out')),
      // Hand-made: how the runner reports a molecule whose engine failed.
      { ...orcaMolecule('broken', 'orca5-dvb_sp.excerpt.out'), status: 'failed', error: 'ORCA 未正常结束：SCF 未收敛（示例）' },
    ];
    await page.route(`**/api/tasks/json/${pm3Task}`, async (route) => {
      const response = await route.fetch();
      const envelope = (await response.json()) as { data: Record<string, unknown> };
      const job = { task: 'SP', method: 'B3LYP', basis: 'STO-3G', approximation: 'none', charge: 0, multiplicity: 1, properties: {}, cores: 1, memoryPerCoreMb: 2000 };
      await route.fulfill({ response, json: { ...envelope, data: { ...envelope.data, job, molecules } } });
    });
    // The page caches a task's result once read: reload so the dialog asks again.
    await page.reload();
    const dialog = await openResult(pm3Task);
    const switcher = dialog.getByTestId('quantum-molecule-switch');
    await switcher.waitFor();

    await switcher.locator('.ant-segmented-item').filter({ hasText: 'dvb_td' }).click();
    await dialog.getByTestId('quantum-tab-uv').click();
    await dialog.getByTestId('quantum-uvvis-chart').locator('canvas').waitFor({ timeout: 30_000 });
    await settled(dialog);
    await shot('quantum-08-uvvis');

    await switcher.locator('.ant-segmented-item').filter({ hasText: 'dvb_nmr' }).click();
    await dialog.getByTestId('quantum-tab-nmr').click();
    await expect.poll(() => dialog.getByTestId('quantum-nmr').locator('tbody tr.ant-table-row').count()).toBe(20);
    await shot('quantum-09-nmr');

    await switcher.locator('.ant-segmented-item').filter({ hasText: 'dvb_ir' }).click();
    await dialog.getByTestId('quantum-tab-ir').click();
    await dialog.getByTestId('quantum-ir-chart').locator('canvas').waitFor({ timeout: 30_000 });
    expect(await dialog.innerText()).not.toContain('未给出红外强度');
    await settled(dialog);
    await shot('quantum-10-ir-orca');
    await dialog.getByTestId('quantum-tab-charges').click();
    await expect.poll(() => dialog.getByTestId('quantum-mulliken').locator('tbody tr.ant-table-row').count()).toBe(20);
    await shot('quantum-11a-charges');
    await dialog.getByTestId('quantum-tab-orbitals').click();
    await dialog.getByTestId('quantum-orbitals-chart').locator('canvas').waitFor({ timeout: 30_000 });
    await settled(dialog);
    await shot('quantum-11-orbitals-orca');

    // ORCA's thermochemistry as printed, and an imaginary mode in red with what it means.
    await dialog.getByTestId('quantum-tab-thermo').click();
    expect(await dialog.getByTestId('quantum-thermo').innerText()).toContain('298.15 K');
    await switcher.locator('.ant-segmented-item').filter({ hasText: 'dvb_ts' }).click();
    await dialog.getByTestId('quantum-tab-modes').click();
    expect(await dialog.getByTestId('quantum-imaginary-note').innerText()).toContain('存在虚频：结构不是极小点');
    expect(await dialog.getByTestId('quantum-imaginary-mode').first().innerText()).toMatch(/^43\.9i/);
    expect(await dialog.getByTestId('quantum-modes').innerText()).toContain('ORCA 的输出中没有位移矢量');
    await shot('quantum-11b-imaginary');

    await switcher.locator('.ant-segmented-item').filter({ hasText: 'broken' }).click();
    expect(await dialog.getByTestId('quantum-error').innerText()).toContain('SCF 未收敛');
    await dialog.getByTestId('quantum-summary').locator('.ant-collapse-header').click();
    await dialog.getByTestId('quantum-input').waitFor();
    await shot('quantum-12-failed');
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    await page.unroute(`**/api/tasks/json/${pm3Task}`);
  });

  test('sp B3LYP def2-SVP on water (NWChem) draws its HOMO and LUMO isosurfaces', async () => {
    const { page } = e2e;
    await page.goto('/calculate/quantum');
    const picked = page.getByTestId('quantum-xyz-picked');
    while ((await picked.count()) > 0) await picked.first().locator('.ant-tag-close-icon').click();
    await xyzInput().setInputFiles([WATER]);
    await page.getByTestId('quantum-target').getByText('单点能 (sp)').click();
    await pickOption('quantum-method', 'B3LYP');
    await pickOption('quantum-basis', 'def2-SVP');
    await expect.poll(line).toBe('sp B3LYP def2-SVP');
    expect(await page.getByTestId('quantum-engine').getAttribute('data-engine')).toBe('nwchem');
    const id = await submitAndFinish(pm3Task);

    const dialog = await openResult(id);
    await dialog.getByTestId('quantum-tab-isosurface').click();
    const picker = dialog.getByTestId('quantum-orbital-picker');
    await picker.waitFor();
    expect(await picker.innerText()).toMatch(/HOMO：-\d+\.\d{3} eV/);
    await dialog.getByTestId('quantum-isosurface-3d').locator('canvas').first().waitFor({ timeout: 30_000 });
    await settled(dialog);
    await page.waitForTimeout(500);
    await shot('quantum-13-homo');
    await picker.locator('.ant-segmented-item').filter({ hasText: 'LUMO' }).click();
    await page.waitForTimeout(500);
    await shot('quantum-14-lumo');
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
  });

  test('/prothod shows the same form', async () => {
    const { page } = e2e;
    await page.goto('/prothod');
    await page.getByTestId('quantum-target').waitFor();
    await page.getByTestId('quantum-xyz').waitFor();
    await page.getByTestId('quantum-keyword-line').waitFor();
    await shot('quantum-07-prothod');
  });
});
