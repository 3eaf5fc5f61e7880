/**
 * `const e2e = useE2E()` at the top of an *.e2e.ts file: the suite's shared platform (or, with
 * `env`, a fresh one of the file's own) and a fresh browser context of the run's Chromium for that file, a screenshot of every
 * failing test, and what the file started stopped when it is done.
 */
import { existsSync, readdirSync, rmSync } from 'node:fs';
import { basename, join } from 'node:path';
import { afterAll, afterEach, beforeAll, inject } from 'vitest';
import type { Page } from 'playwright-core';
import { launchBrowser, screenshot, SCREENSHOT_DIR, type E2EBrowser } from './browser.ts';
import { connectE2EPlatform, startE2EPlatform, type E2EPlatform } from './platform.ts';

export interface E2E {
  readonly platform: E2EPlatform;
  readonly browser: E2EBrowser;
  readonly page: Page;
  readonly baseUrl: string;
}

/** Failure screenshots of a file are named after it, so a new run of that file can drop the old ones. */
const failurePrefix = (file: string | undefined) => `FAILED-${basename(file ?? 'e2e', '.e2e.ts')}-`;

/** `env` is added to the environment of a platform started for this file alone (e.g. a datasets folder). */
export function useE2E({ env }: { env?: Record<string, string> } = {}): E2E {
  let platform: E2EPlatform | undefined;
  let browser: E2EBrowser | undefined;
  const ready = <T>(value: T | undefined): T => {
    if (value === undefined) throw new Error('useE2E(): used outside a test, or its beforeAll failed');
    return value;
  };

  beforeAll(async ({}, suite) => {
    // Only this file's: other files' screenshots may belong to a run going on beside this one.
    const prefix = failurePrefix(suite.file.name);
    const old = existsSync(SCREENSHOT_DIR) ? readdirSync(SCREENSHOT_DIR).filter((name) => name.startsWith(prefix)) : [];
    for (const name of old) rmSync(join(SCREENSHOT_DIR, name));
    platform = env ? await startE2EPlatform({ env }) : connectE2EPlatform(inject('e2ePlatform'));
    browser = await launchBrowser(platform.baseUrl, inject('e2eBrowser'));
  });

  afterEach(async ({ task }) => {
    if (task.result?.state !== 'fail' || !browser) return;
    const path = await screenshot(browser.page, `${failurePrefix(task.file?.name)}${task.name}`).catch(() => undefined);
    if (path) console.error(`[e2e] screenshot of the failure: ${path}`);
  });

  afterAll(async () => {
    await browser?.close();
    await platform?.stop();
  });

  return {
    get platform() {
      return ready(platform);
    },
    get browser() {
      return ready(browser);
    },
    get page() {
      return ready(browser).page;
    },
    get baseUrl() {
      return ready(platform).baseUrl;
    },
  };
}
