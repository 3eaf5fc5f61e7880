/**
 * The small-molecule library page against the real platform: staff import a
 * library with the ops CLI, a user picks it, moves the ranges and sees the
 * live count the API gives, filters to a table of drawn structures and
 * downloads the molecules as CSV. The platform imports the fda library on its
 * first start from the datasets folder (here the committed fixture), shown with
 * its attribution, and searched by substructure with the PAINS filter.
 */
import type { Locator } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { apiClient, endpoints } from './support/api.ts';
import { downloaded, screenshot, settled } from './support/browser.ts';
import { registerAndLogin } from './support/accounts.ts';
import { chooseOption } from './support/select.ts';
import { E2E_STAFF_EMAIL } from './support/platform.ts';
import { useE2E } from './support/suite.ts';

// The user is staff, so the page also lists the libraries not imported yet with their commands. The
// journey's libraries are the fixture datasets' fda, imported on first start, and the nci-200 its staff import.
const email = E2E_STAFF_EMAIL;
const e2e = useE2E();
const LIBRARY = '/usr/share/RDKit/Data/NCI/first_200.props.sdf';
let token = '';

/** The ranges the page sends, read back from its own inputs so the API is asked the same question. */
async function pageRanges(): Promise<Record<string, string>> {
  const fields = ['tpsa', 'logp', 'n_ring', 'n_rot', 'mw', 'hbd', 'hba'];
  const out: Record<string, string> = {};
  for (const f of fields) {
    const min = await numberInput(`pool-${f}-min`).inputValue();
    const max = await numberInput(`pool-${f}-max`).inputValue();
    out[f] = `${min},${max}`;
  }
  return out;
}

async function apiCount(ranges: Record<string, string>): Promise<number> {
  return apiClient(e2e.baseUrl, token).call(endpoints.library.count, { query: { source: 'nci-200', ...ranges } });
}

async function shownCount(count: Locator): Promise<number> {
  await expect.poll(() => count.getAttribute('data-state'), { timeout: 15_000 }).toBe('ready');
  const text = await count.innerText();
  const match = /符合条件的分子：([\d,]+) 个/.exec(text);
  expect(match, text).not.toBeNull();
  return Number(match![1]!.replace(/,/g, ''));
}

async function setRange(field: string, min: number, max: number): Promise<void> {
  // Max first when widening upwards, so min never exceeds it on the way.
  const maxInput = numberInput(`pool-${field}-max`);
  const minInput = numberInput(`pool-${field}-min`);
  await maxInput.fill(String(max));
  await maxInput.press('Enter');
  await minInput.fill(String(min));
  await minInput.press('Enter');
}

/** antd puts an InputNumber's data-testid on the <input> itself (or on its wrapper in older versions). */
const numberInput = (testId: string): Locator => e2e.page.locator(`input[data-testid="${testId}"], [data-testid="${testId}"] input`).first();

describe('small-molecule library', () => {
  test('a user logs in and opens the pool page', async () => {
    const { page } = e2e;
    token = await registerAndLogin(e2e, email);
    await page.goto('/calculate/pool');
    await page.getByTestId('pool-source').waitFor();
  });

  test('staff import a library with the ops CLI', async () => {
    const result = await e2e.platform.ops('library:import', '--source', 'nci-200', LIBRARY);
    expect(result.code, result.stderr + result.stdout).toBe(0);
    expect(result.stdout + result.stderr).toMatch(/imported .* into nci-200: \d+ molecules/);
    // The page loaded its sources before the import: load them again.
    await e2e.page.reload();
    await e2e.page.getByTestId('pool-source').waitFor();
  });

  test('choosing nci-200 and widening ranges changes the count to what the API says', async () => {
    const { page } = e2e;
    const select = page.getByTestId('pool-source');
    await select.click();
    const dropdown = await settled(page.locator('.ant-select-dropdown:visible'));
    // Only imported libraries are offered.
    expect(await dropdown.locator('.ant-select-item-option', { hasText: 'lead-like' }).count()).toBe(0);
    await chooseOption(select, 'nci-200', { exact: false });

    const count = page.getByTestId('pool-count');
    const before = await shownCount(count);
    expect(before).toBe(await apiCount(await pageRanges()));

    await setRange('tpsa', 0, 280);
    await setRange('n_ring', 0, 20);
    await setRange('n_rot', 0, 20);
    await setRange('logp', -2, 20);
    await setRange('mw', 50, 1500);
    await expect.poll(() => shownCount(count), { timeout: 15_000 }).toBeGreaterThan(before);
    const after = await shownCount(count);
    expect(after).toBe(await apiCount(await pageRanges()));
  });

  test('筛选 lists the molecules with drawn structures', async () => {
    const { page } = e2e;
    await page.getByTestId('pool-filter').click();
    const rows = page.getByTestId('pool-row');
    await rows.first().waitFor({ timeout: 30_000 });
    expect(await rows.count()).toBe(10);
    await page.locator('[data-testid="pool-row"] [data-testid="molecule-2d"][data-state="ready"]').first().waitFor({ timeout: 30_000 });
    await expect.poll(() => page.locator('[data-testid="pool-row"] [data-testid="molecule-2d"][data-state="loading"]').count(), { timeout: 30_000 }).toBe(0);
    await screenshot(page, 'pool-01-results');
  });

  test('the CSV download holds every kept molecule', async () => {
    const { page } = e2e;
    const expected = await shownCount(page.getByTestId('pool-count'));
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('pool-download').click()]);
    expect(download.suggestedFilename()).toBe('nci-200.csv');
    const lines = (await downloaded(download)).toString('utf8').trimEnd().split('\n');
    expect(lines[0]).toBe('name,smiles,tpsa,logp,n_ring,n_rot,mw,hbd,hba,has_metal,pains');
    expect(lines.length - 1).toBe(Math.min(expected, 2000));
  });

  test('reset brings the default ranges back', async () => {
    const { page } = e2e;
    await page.getByTestId('pool-reset').click();
    expect(await numberInput('pool-tpsa-min').inputValue()).toBe('30');
    expect(await numberInput('pool-tpsa-max').inputValue()).toBe('60');
  });

  test('the fda library imported on first start shows its attribution, and staff see what is not imported', async () => {
    const { page } = e2e;
    // The first-start import runs in the background: reload until fda is offered.
    await expect
      .poll(async () => (await apiClient(e2e.baseUrl, token).call(endpoints.library.sources)).map((s) => s.source), { timeout: 120_000 })
      .toContain('fda');
    await page.reload();
    const select = page.getByTestId('pool-source');
    await select.waitFor();
    await chooseOption(select, 'fda', { exact: false });
    const attribution = page.getByTestId('library-attribution');
    await expect.poll(() => attribution.innerText()).toMatch(/DrugCentral 2023.*CC BY-SA 4\.0/s);
    const unimported = page.getByTestId('pool-unimported');
    await expect.poll(() => unimported.innerText()).toContain('npm run ops -- library:import --source lead-like FILE');
  });

  test('a substructure search with the PAINS filter lists only clean molecules with the ring', async () => {
    const { page } = e2e;
    for (const [field, min, max] of [['tpsa', 0, 280], ['n_ring', 0, 20], ['n_rot', 0, 20], ['logp', -2, 20], ['mw', 50, 1500], ['hbd', 0, 20], ['hba', 0, 20]] as const) {
      await setRange(field, min, max);
    }
    await page.getByTestId('pool-substructure').fill('c1ccccc1');
    const count = page.getByTestId('pool-count');
    // The fixture's 14 FDA molecules with a benzene ring (levodopa, methyldopa, dopamine, phenazopyridine and menadione carry PAINS alerts).
    await expect.poll(() => shownCount(count), { timeout: 30_000 }).toBe(14);
    await page.getByTestId('pool-filter').click();
    await expect.poll(() => page.getByTestId('pool-pains-tag').count(), { timeout: 30_000 }).toBe(5);

    await page.getByTestId('pool-no-pains').click();
    await expect.poll(() => shownCount(count), { timeout: 30_000 }).toBe(9);
    const query = { source: 'fda', ...(await pageRanges()), substructure: 'c1ccccc1', no_pains: 'true' };
    expect(await apiClient(e2e.baseUrl, token).call(endpoints.library.count, { query })).toBe(9);
    await page.getByTestId('pool-filter').click();
    const rows = page.getByTestId('pool-row');
    await expect.poll(() => rows.count(), { timeout: 30_000 }).toBe(9);
    expect(await page.getByTestId('pool-pains-tag').count()).toBe(0);
    expect(await page.locator('[data-testid="pool-row"][data-name="acetylsalicylic acid"]').count()).toBe(1);
    expect(await page.locator('[data-testid="pool-row"][data-name="levodopa"]').count()).toBe(0);
    await expect.poll(() => page.locator('[data-testid="pool-row"] [data-testid="molecule-2d"][data-state="loading"]').count(), { timeout: 30_000 }).toBe(0);
    await screenshot(page, 'pool-02-substructure-no-pains');
  });

  test('in English the new filters, alerts and attribution read in English', async () => {
    const { page } = e2e;
    await page.getByTestId('language-switch').click();
    // antd puts a checkbox's test id on its <input>: read the label around it.
    const label = (testId: string) => page.locator('label', { has: page.getByTestId(testId) });
    await expect.poll(() => label('pool-no-pains').innerText()).toBe('Exclude PAINS');
    expect(await label('pool-no-metal').innerText()).toBe('Exclude metals');
    await page.getByTestId('pool-no-pains').click();
    await page.getByTestId('pool-filter').click();
    await expect.poll(() => page.getByTestId('pool-pains-tag').count(), { timeout: 30_000 }).toBe(5);
    expect(await page.getByTestId('library-attribution').innerText()).toMatch(/FDA-approved drugs in DrugCentral.*Source DrugCentral 2023/s);
    expect(await page.getByTestId('pool-results').innerText()).toContain('Alerts');
    await expect.poll(() => page.locator('[data-testid="pool-row"] [data-testid="molecule-2d"][data-state="loading"]').count(), { timeout: 30_000 }).toBe(0);
    await screenshot(page, 'pool-03-english');
    await page.getByTestId('language-switch').click();
  });
});
