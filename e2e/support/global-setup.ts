/**
 * Vitest global set-up of the e2e project.
 * - The platform serves apps/web/dist, so a stale build would test yesterday's web app. Staleness
 *   is decided by the same script `make test` uses (scripts/build-web-if-stale.sh).
 * - One platform for every journey: each of them registers its own accounts, and the files run one
 *   at a time, so a platform per file only added its start (tens of seconds on a loaded 2-core
 *   machine) to every file. What a journey needs of the platform's settings is set here for all:
 *   the fixture datasets (the 33-drug fda library, imported on first start) and one staff address
 *   (E2E_STAFF_EMAIL, which only the library journey registers).
 * - The shared platform's structure mirror holds PDB entry 5DPV (test-fixtures/pdb), so a journey can
 *   load a PDB id with no network, as the archive reads <mirror>/pdb/<ID>.pdb before it asks the RCSB.
 * - One Chromium for every file (./browser.ts): each file still gets a context of its own.
 */
import { execFileSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { fixturePath } from '../../test-fixtures/fixtures.ts';
import { E2E_STAFF_EMAIL, repoRoot, startE2EPlatform, type SharedPlatform } from './platform.ts';
import { launchChromiumServer } from './browser.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    e2ePlatform: SharedPlatform;
    e2eBrowser: string;
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  execFileSync('bash', [join(repoRoot, 'scripts/build-web-if-stale.sh')], { cwd: repoRoot, stdio: 'inherit' });
  const mirror = mkdtempSync(join(tmpdir(), 'yunyao-e2e-mirror-'));
  mkdirSync(join(mirror, 'pdb'));
  copyFileSync(fixturePath('pdb', '5dpv.pdb'), join(mirror, 'pdb', '5DPV.pdb'));
  const [platform, chromium] = await Promise.all([startE2EPlatform({ env: { STRUCTURE_MIRROR_DIR: mirror, YUNYAO_DATASETS: fixturePath('datasets'), STAFF_EMAILS: E2E_STAFF_EMAIL } }), launchChromiumServer()]);
  project.provide('e2ePlatform', { baseUrl: platform.baseUrl, dataDir: platform.dataDir });
  project.provide('e2eBrowser', chromium.wsEndpoint());
  return async () => {
    await Promise.all([platform.stop(), chromium.close()]);
    rmSync(mirror, { recursive: true, force: true });
  };
}
