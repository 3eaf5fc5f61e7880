/**
 * The protein viewer in a real browser against the real platform: a PDB id served by the
 * shared platform's local structure mirror (no network), a .pdbqt upload overlaid and a malformed
 * one refused in Chinese, a residue selected by typing, a distance measured by clicking two atoms,
 * the surface switched on, and the PNG.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { registerAndLogin } from './support/accounts.ts';
import { downloaded, screenshot } from './support/browser.ts';
import { repoRoot } from './support/platform.ts';
import { useE2E } from './support/suite.ts';

// 5DPV comes from the shared platform's structure mirror (./support/global-setup.ts).
const RECEPTOR_PDBQT = join(repoRoot, 'python/tests/fixtures/dock_rerank/receptor_pocket.pdbqt');
const uploads = mkdtempSync(join(tmpdir(), 'yunyao-viewer-uploads-'));
const MALFORMED = join(uploads, 'truncated.pdb');
writeFileSync(MALFORMED, 'HEADER    CUT SHORT\nATOM      1  N   MET A   1      11.104  13.2\n');
/** The PNG magic number. */
const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47]);

/** Offsets from the scene's centre, px, nearest first. */
const SPIRAL = Array.from({ length: 60 }, (_, i) => [Math.round(Math.cos(i) * i * 4), Math.round(Math.sin(i) * i * 4)] as const);

const e2e = useE2E();
afterAll(() => rmSync(uploads, { recursive: true, force: true }));

describe('protein viewer', () => {
  test('a PDB id from the local mirror, surface, an upload, a typed residue and a screenshot', async () => {
    const { page } = e2e;
    await registerAndLogin(e2e, `viewer-${Date.now()}@example.com`);
    await page.goto('/calculate/molecule?pdbId=5dpv&loadPdbIds=zz');
    await page.getByTestId('viewer-link-problem').getByText('链接中的 PDB ID “zz” 无效，已忽略').waitFor();

    const scene = page.getByTestId('viewer-scene');
    await scene.locator('canvas').waitFor({ timeout: 30_000 });
    const structures = page.getByTestId('viewer-structure');
    await structures.first().and(page.locator('[data-status="ready"]')).waitFor({ timeout: 30_000 });
    const summary = await structures.first().getByTestId('viewer-summary').innerText();
    expect(summary).toMatch(/链 A：\d{3} 个残基/);
    expect(summary).toContain('5DN');
    expect(Number(await scene.getAttribute('data-atoms'))).toBe(2214);


    const upload = page.locator('[data-testid="viewer-upload"] input[type=file]');
    await upload.setInputFiles(MALFORMED);
    await page.getByTestId('viewer-upload-error').getByText('truncated.pdb 无法读取：第 2 行的坐标无法读取，文件可能不完整或格式不对').waitFor();
    await upload.setInputFiles(RECEPTOR_PDBQT);
    await expect.poll(() => structures.count()).toBe(2);
    expect(await structures.nth(1).innerText()).toContain('receptor_pocket.pdbqt');
    expect(await structures.nth(1).getByTestId('viewer-summary').innerText()).toMatch(/链 A：\d+ 个残基/);

    await page.getByTestId('viewer-residue-input').fill('A 999');
    await page.getByTestId('viewer-residue-select').click();
    await page.getByTestId('viewer-residue-error').getByText('未找到残基 A 999').waitFor();
    await page.getByTestId('viewer-residue-input').fill('A162');
    await page.getByTestId('viewer-residue-input').press('Enter');
    await page.getByTestId('viewer-selection').getByText('LYS A162').waitFor();

    // Distances: atoms sit at no known pixel, so click outwards from the centre (the typed residue)
    // until two different atoms were hit: the first waits, the second closes a measurement.
    await page.getByTestId('viewer-click-mode').getByText('测量距离').click();
    const canvas = (await scene.locator('canvas').first().boundingBox())!;
    const measurements = page.getByTestId('viewer-measurements');
    for (const [dx, dy] of SPIRAL) {
      await page.mouse.click(canvas.x + canvas.width / 2 + dx, canvas.y + canvas.height / 2 + dy);
      if ((await measurements.count()) > 0) break;
    }
    expect(await measurements.innerText()).toMatch(/^\S+ [A-Z]\d+:\S+ — \S+ [A-Z]\d+:\S+: \d+\.\d\d Å$/);
    await screenshot(page, 'viewer-01-upload-residue-distance');

    // The surface last, once over both structures: with it on, every later redraw of the scene
    // (an upload, a selection, each click of the measurement) takes seconds in software WebGL.
    await page.getByTestId('viewer-toggle-surface').click();
    await expect.poll(() => scene.getAttribute('data-surface'), { timeout: 30_000 }).toBe('on');
    await screenshot(page, 'viewer-02-pdb-upload-surface');

    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('viewer-screenshot').click()]);
    expect(download.suggestedFilename()).toBe('5DPV_receptor_pocket.png');
    const png = await downloaded(download);
    expect(png.subarray(0, 4).equals(PNG_SIGNATURE)).toBe(true);
    expect(png.length).toBeGreaterThan(10_000);
  });
});
