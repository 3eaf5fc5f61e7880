/**
 * The web app over a slow link: cold visits of the landing, home, ADMET and docking pages
 * in headless Chromium throttled to 1.6 Mbit/s down, 0.75 Mbit/s up and 150 ms round trip,
 * with the browser cache disabled, against the platform serving apps/web/dist (built first
 * when stale, as the e2e tests do).
 *
 *   npx tsx bench/slow-link.ts        (RUNS=1 for a quick look; the median of 3 by default)
 *
 * Per page, in seconds from the start of navigation:
 * - first paint and first contentful paint (the browser's paint timing);
 * - DOMContentLoaded: the HTML parsed and the entry module scripts run;
 * - interactive: the control a user acts on first is in the page (landing: its content;
 *   home: the module cards; ADMET: the SMILES box; docking: the pocket button), i.e.
 *   React mounted and the route's lazy code and first render are done;
 * - first structure: on ADMET, "view" clicked on a finished three-molecule task as soon as
 *   its row shows, until the first RDKit drawing (its 2D SVG) is in the result dialog; on
 *   docking, a PDB chosen as soon as the page is interactive, until 3Dmol's canvas shows
 *   the protein. The landing and home pages draw no structure.
 * - repeat visit: interactive again on a second visit with the cache on, after a first
 *   (unthrottled) visit filled it: what caching headers save.
 * and the bytes that crossed the link (encoded, i.e. compressed where the server compressed).
 *
 * Chromium's throttling delays each request by the round trip and shares the bandwidth; it
 * does not model TCP slow start, so a real link is somewhat slower still.
 */
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { STATUS_OF_STATE, submitEndpoint } from '@yunyao/contract';
import { admetForm } from '@yunyao/modules/forms/admet';
import { apiClient } from '../e2e/support/api.ts';
import { launchChromium } from '../e2e/support/browser.ts';
import { startBenchPlatform, type BenchPlatform } from './support/bench-platform.ts';

const RUNS = Number(process.env.RUNS ?? 3);
const LINK = { offline: false, latency: 150, downloadThroughput: 1.6e6 / 8, uploadThroughput: 0.75e6 / 8 };
const PROTEIN = '/usr/share/RDKit/Contrib/CalcLigRMSD/data/aurka_protein_2c6e.pdb';
const MOLECULES = 'CC(=O)Oc1ccccc1C(=O)O aspirin\nCn1cnc2c1c(=O)n(C)c(=O)n2C caffeine\nCC(C)Cc1ccc(cc1)C(C)C(=O)O ibuprofen';
const WAIT_MS = 180_000;

interface Scenario {
  name: string;
  path: string;
  loggedIn: boolean;
  /** The control a user acts on first: the page is interactive once it is there. */
  ready: string;
  /** What the user does to get a structure drawn, and the drawing that then appears. */
  structure?: { act(page: Page): Promise<void>; drawn: string };
}

interface Visit {
  transferredBytes: number;
  firstPaint: number;
  firstContentfulPaint: number;
  domContentLoaded: number;
  interactive: number;
  firstStructure?: number;
}

function scenarios(admetTaskId: number): Scenario[] {
  return [
    { name: 'landing `/`', path: '/', loggedIn: false, ready: '[data-testid="landing-page"]' },
    { name: 'home `/calculate/home`', path: '/calculate/home', loggedIn: true, ready: '[data-testid^="module-card-"]' },
    {
      name: 'ADMET `/calculate/admet`',
      path: '/calculate/admet',
      loggedIn: true,
      ready: '[data-testid="admet-molecules-text"]',
      structure: {
        act: (page) => page.locator(`[data-testid="task-row"][data-id="${admetTaskId}"] [data-testid="task-view"]`).click({ timeout: WAIT_MS }),
        drawn: '[data-testid="admet-molecule"] img',
      },
    },
    {
      name: 'docking `/calculate/docking`',
      path: '/calculate/docking',
      loggedIn: true,
      ready: '[data-testid="docking-predict"]',
      structure: {
        act: (page) => page.locator('[data-testid="docking-protein"] input[type=file]').setInputFiles(PROTEIN),
        drawn: '[data-testid="structure-3d"] canvas',
      },
    },
  ];
}

/** Milliseconds since navigation start when `selector` is first in the page (checked every frame). */
async function timeOf(page: Page, selector: string): Promise<number> {
  const handle = await page.waitForFunction((s) => (document.querySelector(s) ? performance.now() : 0), selector, { timeout: WAIT_MS });
  return Number(await handle.jsonValue());
}

async function newContext(browser: Browser, bench: BenchPlatform, loggedIn: boolean): Promise<BrowserContext> {
  const context = await browser.newContext({ baseURL: bench.base, viewport: { width: 1440, height: 900 }, locale: 'zh-CN' });
  if (loggedIn) await context.addCookies([{ name: 'token', value: bench.token, url: bench.base }]);
  return context;
}

async function coldVisit(browser: Browser, bench: BenchPlatform, scenario: Scenario): Promise<Visit> {
  const context = await newContext(browser, bench, scenario.loggedIn);
  try {
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
    await cdp.send('Network.emulateNetworkConditions', LINK);
    let transferredBytes = 0;
    cdp.on('Network.loadingFinished', (event) => (transferredBytes += event.encodedDataLength));

    await page.goto(scenario.path, { waitUntil: 'commit' });
    const interactive = await timeOf(page, scenario.ready);
    let firstStructure: number | undefined;
    if (scenario.structure) {
      await scenario.structure.act(page);
      firstStructure = await timeOf(page, scenario.structure.drawn);
    }
    // Paint entries arrive a frame or more after the paint: wait for them rather than read too early.
    // No helper functions inside: tsx would name them with a `__name` the page does not have.
    const paints = await page.waitForFunction(
      () => {
        const fcp = performance.getEntriesByName('first-contentful-paint', 'paint')[0];
        const [navigation] = performance.getEntriesByType('navigation');
        if (!fcp || !(navigation instanceof PerformanceNavigationTiming) || navigation.domContentLoadedEventEnd === 0) return null;
        return {
          firstPaint: performance.getEntriesByName('first-paint', 'paint')[0]?.startTime ?? Number.NaN,
          firstContentfulPaint: fcp.startTime,
          domContentLoaded: navigation.domContentLoadedEventEnd,
        };
      },
      undefined,
      { timeout: WAIT_MS },
    );
    const timing = await paints.jsonValue();
    if (!timing) throw new Error(`${scenario.path}: no paint timing`);
    return { transferredBytes, ...timing, interactive, firstStructure };
  } finally {
    await context.close();
  }
}

/** Interactive on a second, throttled visit, after an unthrottled first one filled the cache. */
async function repeatVisit(browser: Browser, bench: BenchPlatform, scenario: Scenario): Promise<number> {
  const context = await newContext(browser, bench, scenario.loggedIn);
  try {
    const page = await context.newPage();
    await page.goto(scenario.path);
    await timeOf(page, scenario.ready);
    await page.waitForLoadState('load');
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', LINK);
    await page.goto('about:blank');
    await page.goto(scenario.path, { waitUntil: 'commit' });
    return await timeOf(page, scenario.ready);
  } finally {
    await context.close();
  }
}

const median = (values: number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
};
const seconds = (ms: number | undefined): string => (ms === undefined ? '–' : (ms / 1000).toFixed(1));

async function finishedAdmetTask(bench: BenchPlatform): Promise<number> {
  const form = new FormData();
  form.set('mole_type', 'molecule');
  form.set('molecules', MOLECULES);
  const { task_id } = await apiClient(bench.base, bench.token).call(submitEndpoint(admetForm), { body: form });
  const task = await bench.waitForTask(task_id, 500);
  if (task.status !== STATUS_OF_STATE.succeeded) throw new Error(`the ADMET task ended ${task.status_text}`);
  return task_id;
}

execFileSync('bash', [fileURLToPath(new URL('../scripts/build-web-if-stale.sh', import.meta.url))], { stdio: 'inherit' });
const bench = await startBenchPlatform();
const browser = await launchChromium();
try {
  const admetTaskId = await finishedAdmetTask(bench);
  console.log(`Cold visits at 1.6 Mbit/s down, 0.75 Mbit/s up, 150 ms RTT, cache disabled; median of ${RUNS}; seconds from navigation start\n`);
  console.log('| page | transferred kB | first paint | first contentful paint | DOMContentLoaded | interactive | first structure | repeat visit, interactive |');
  console.log('|---|---|---|---|---|---|---|---|');
  for (const scenario of scenarios(admetTaskId)) {
    const visits: Visit[] = [];
    const repeats: number[] = [];
    for (let run = 0; run < RUNS; run++) {
      visits.push(await coldVisit(browser, bench, scenario));
      repeats.push(await repeatVisit(browser, bench, scenario));
    }
    const of = (pick: (visit: Visit) => number) => median(visits.map(pick));
    const structure = scenario.structure ? of((v) => v.firstStructure ?? Number.NaN) : undefined;
    console.log(
      `| ${scenario.name} | ${(of((v) => v.transferredBytes) / 1000).toFixed(0)} | ${seconds(of((v) => v.firstPaint))} | ${seconds(of((v) => v.firstContentfulPaint))} | ${seconds(of((v) => v.domContentLoaded))} | ${seconds(of((v) => v.interactive))} | ${seconds(structure)} | ${seconds(median(repeats))} |`,
    );
  }
} finally {
  await browser.close();
  await bench.close();
}
