/**
 * Debian's Chromium driven by playwright-core: no browser download, so CI needs
 * only the apt package (scripts/debian-packages.txt).
 */
import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { chromium, type Browser, type BrowserContext, type BrowserServer, type Download, type LaunchOptions, type Locator, type Page } from 'playwright-core';
import { repoRoot } from './platform.ts';

export const CHROMIUM = '/usr/bin/chromium';
export const SCREENSHOT_DIR = join(repoRoot, 'test-results/e2e');

export interface E2EBrowser {
  browser: Browser;
  context: BrowserContext;
  page: Page;
  close(): Promise<void>;
}

/** Debian's Chromium, headless; each of its contexts starts with empty storage and an empty cache. */
export async function launchChromium(): Promise<Browser> {
  return chromium.launch(chromiumOptions());
}

/**
 * One Chromium for a whole run, which test files connect to (the e2e project's global set-up):
 * starting Chromium took 3–7 s of a loaded 2-core machine, once per file before.
 */
export async function launchChromiumServer(): Promise<BrowserServer> {
  return chromium.launchServer(chromiumOptions());
}

function chromiumOptions(): LaunchOptions {
  if (!existsSync(CHROMIUM)) throw new Error(`${CHROMIUM} is missing: run \`bash scripts/setup.sh\` (it installs the Debian chromium package)`);
  return {
    executablePath: CHROMIUM,
    headless: true,
    // No sandbox: CI runs as root in a container. The rest keeps Chromium from
    // reaching the network on its own or using a GPU the machine does not have.
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-dev-shm-usage',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      '--disable-quic',
    ],
  };
}

/**
 * One browser context per test file: its own storage, cookies and cache. With `wsEndpoint` (the
 * run's shared Chromium) the file connects to that browser and closing disconnects it, which closes
 * the file's context; without, it launches a Chromium of its own, with a temporary user-data dir
 * deleted on close.
 */
export async function launchBrowser(baseUrl: string, wsEndpoint?: string): Promise<E2EBrowser> {
  const browser = wsEndpoint ? await chromium.connect(wsEndpoint) : await launchChromium();
  // As a visitor who asked for reduced motion: the app then leaves out antd's transitions and
  // ECharts' animations (components/reduced-motion.ts), each frame of which the software-rendered
  // browser here paid for in CPU beside the engines.
  const context = await browser.newContext({ baseURL: baseUrl, viewport: { width: 1440, height: 900 }, locale: 'zh-CN', reducedMotion: 'reduce' });
  // Two slow cores in CI, shared with the other test projects: wait longer than Playwright's 30 s default.
  context.setDefaultTimeout(45_000);
  const page = await context.newPage();
  return {
    browser,
    context,
    page,
    async close() {
      await context.close();
      await browser.close();
    },
  };
}

/** A download's bytes (the shared Chromium runs beside the test, so its files are read over the connection). */
export async function downloaded(download: Download): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of await download.createReadStream()) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/**
 * Whether the journeys take their screenshots, which are for a person to look at and assert nothing:
 * for a file run by hand, and in `make test` (scripts/vitest/lanes.ts, which sets YY_TEST_LANE) only with
 * YY_E2E_SCREENSHOTS=1. Each cost 0.3–2.5 s of a loaded 2-core machine (a full page rendered and encoded,
 * 3D views included), about 100 of them a run. A failing test's screenshot is taken either way (suite.ts).
 */
const JOURNEY_SCREENSHOTS = process.env.YY_E2E_SCREENSHOTS === '1' || !process.env.YY_TEST_LANE;

/** A journey's screenshot (see JOURNEY_SCREENSHOTS), of the whole page or of one element: test-results/e2e/<name>.png. */
export async function screenshot(target: Page | Locator, name: string): Promise<void> {
  if (JOURNEY_SCREENSHOTS) await capture(target, name);
}

/** Saves a PNG of the whole page (or of one element) as test-results/e2e/<name>.png and returns its path. */
export async function capture(target: Page | Locator, name: string): Promise<string> {
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  const path = join(SCREENSHOT_DIR, `${name.replace(/[^\w.-]+/g, '_')}.png`);
  await ('goto' in target ? target.screenshot({ path, fullPage: true }) : target.screenshot({ path }));
  return path;
}

/**
 * Waits until `locator` is visible and the CSS animations of it and its ancestors
 * (antd's popup slide/zoom) have finished. Under load Playwright can otherwise click
 * a dropdown item while its popup is still being placed, hit the header instead,
 * and the hover dropdown closes for good.
 */
export async function settled(locator: Locator): Promise<Locator> {
  await locator.waitFor();
  await locator.evaluate(async (el) => {
    for (let node: Element | null = el; node; node = node.parentElement) await Promise.all(node.getAnimations().map((a) => a.finished.catch(() => undefined)));
  });
  return locator;
}

/** antd puts an InputNumber's data-testid on the <input> itself (or on its wrapper in older versions). */
export const numberInput = (page: Page, testId: string): Locator => page.locator(`input[data-testid="${testId}"], [data-testid="${testId}"] input`).first();
