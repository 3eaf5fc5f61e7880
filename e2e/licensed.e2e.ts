/**
 * The licensed engines' pages in a real browser (no Rosetta or VASP configured in tests): each shows
 * the spec's licence notice and that this platform has not set the engine up; the Rosetta page lists
 * the flags it accepts, a complete submission is refused naming ROSETTA_BIN with nothing held, and the
 * VASP page offers one core without MPI.
 */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ROSETTA_FIXTURES } from '@yunyao/modules/rosetta-testing';
import { describe, expect, test } from 'vitest';
import { numberInput, screenshot } from './support/browser.ts';
import { registerAndLogin } from './support/accounts.ts';
import { useE2E } from './support/suite.ts';

const e2e = useE2E();
// Trp-cage residues 1–5 from RosettaCommons/demos (the Rosetta modules' test fixture).
const PROTEIN = readFileSync(join(ROSETTA_FIXTURES, '1l2y_0001.pdb'), 'utf8');

describe('licensed engines', () => {
  test('Rosetta and VASP pages: licence notice, set-up, options, a free refusal naming the setting', { timeout: 15_000 }, async () => {
    const { page } = e2e;
    await registerAndLogin(e2e, `licensed-${Date.now()}@example.com`, { creditYuan: 10 });
    await page.goto('/calculate/rosetta');
    expect(await page.getByTestId('licensed-notice').innerText()).toContain('需要您本人（或所在单位）持有有效的 Rosetta 软件许可证');
    await expect.poll(() => page.getByTestId('licensed-not-configured').innerText()).toContain('ROSETTA_BIN');

    const dir = mkdtempSync(join(tmpdir(), 'licensed-e2e-'));
    const files = { protein: ['1l2y.pdb', PROTEIN], flags: ['flags.txt', '-s 1l2y.pdb\n-ex1\n'], movemap: ['movemap.txt', 'RESIDUE * CHI\n'] } as const;
    for (const [field, [name, text]] of Object.entries(files)) {
      writeFileSync(join(dir, name), text);
      await page.locator(`[data-testid="minimizer-${field}"] input[type=file]`).setInputFiles(join(dir, name));
    }
    await page.getByText('支持的选项').click();
    expect(await page.getByTestId('minimizer-options').innerText()).toContain('-run:min_type');
    await page.getByTestId('module-submit').click();
    await page.getByText(/尚未配置 Rosetta（运营方需设置 ROSETTA_BIN/).first().waitFor();
    expect(await page.getByTestId('task-history').innerText()).not.toContain('1l2y.pdb');
    await screenshot(page, 'licensed-01-rosetta');

    await page.goto('/calculate/vasp');
    await expect.poll(() => page.getByTestId('licensed-not-configured').innerText()).toContain('VASP_BIN');
    expect(await numberInput(page, 'vasp-cores').getAttribute('aria-valuemax')).toBe('1');
    await screenshot(page, 'licensed-02-vasp');
  });
});
