/**
 * `const e2e = useE2E()` at the top of an *.e2e.ts file: the suite's shared platform, a fresh browser
 * context of the run's Chromium for that file (closed when it is done), and a screenshot of every failing test.
 */
import { existsSync, readdirSync, rmSync } from 'node:fs';
import { basename, join } from 'node:path';
import { afterAll, afterEach, beforeAll, inject } from 'vitest';
import type { Page } from 'playwright-core';
import { capture, launchBrowser, SCREENSHOT_DIR, type E2EBrowser } from './browser.ts';
import { connectE2EPlatform, type E2EPlatform } from './platform.ts';

export interface E2E {
  readonly platform: E2EPlatform;
  readonly browser: E2EBrowser;
  readonly page: Page;
  readonly baseUrl: string;
}

/** Failure screenshots of a file are named after it, so a new run of that file can drop the old ones. */
const failurePrefix = (file: string | undefined) => `FAILED-${basename(file ?? 'e2e', '.e2e.ts')}-`;

export function useE2E(): E2E {
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
    platform = connectE2EPlatform(inject('e2ePlatform'));
    browser = await launchBrowser(platform.baseUrl, inject('e2eBrowser'));
  });

  afterEach(async ({ task }) => {
    if (task.result?.state !== 'fail' || !browser) return;
    const path = await capture(browser.page, `${failurePrefix(task.file?.name)}${task.name}`).catch(() => undefined);
    if (path) console.error(`[e2e] screenshot of the failure: ${path}`);
  });

  afterAll(async () => {
    await browser?.close();
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
