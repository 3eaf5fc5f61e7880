/**
 * First-load JavaScript of the web app per route: what a browser must download
 * before the page can render on a cold visit. Builds apps/web with a Vite
 * manifest into a temporary folder (apps/web/dist, which the platform serves,
 * is left alone) and, per route, adds up the entry chunk, the route's lazy
 * chunks and everything those import statically.
 *
 *   npx tsx bench/web-bundle.ts     (or npm run bench:web)
 *
 * The budget (300 kB gzip) holds for the pages a visitor's first load lands on:
 * the landing page and the account screens. Pages behind login are reached
 * from those, so besides their cold-visit size the table shows what navigating
 * to them adds to the shell already loaded.
 *
 * Exits 1 when a budgeted route's gzip size exceeds the budget, or when a heavy
 * viewer library (RDKit, 3Dmol, ECharts) is part of any first load: those must
 * stay behind a dynamic import of the page that uses them.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { build, type Manifest, type Rollup } from 'vite';

const BUDGET_GZIP_BYTES = 300 * 1000;
/** Packages that must only load with the page that shows a molecule or chart. */
const HEAVY = ['@rdkit/rdkit', '3dmol', 'echarts'];

/**
 * Route → the lazy modules apps/web/src/app/router.tsx loads for it (relative to
 * apps/web). Every /calculate page renders inside the lazy CalculateLayout, and its
 * route comes from the catalogue's routes, patched in on the first visit there.
 */
const CALCULATE_LAYOUT = ['src/layout/CalculateLayout.tsx', 'src/app/calculate-routes.tsx'];
/** Routes a first visit lands on; the budget applies to them. */
const ENTRY_ROUTES = new Set(['/', '/login', '/register', '/document']);
const ROUTES: Record<string, string[]> = {
  '/': ['src/pages/landing/LandingPage.tsx'],
  '/login': ['src/pages/auth/LoginPage.tsx'],
  '/register': ['src/pages/auth/RegisterPage.tsx'],
  '/document': ['src/pages/document/DocumentPage.tsx'],
  '/calculate/home': [...CALCULATE_LAYOUT, 'src/pages/calculate/CalculateHomePage.tsx'],
  '/calculate/list': [...CALCULATE_LAYOUT, 'src/pages/tasks/TaskListPage.tsx'],
  '/calculate/convert': [...CALCULATE_LAYOUT, 'src/modules/convert/ConvertPage.tsx'],
  '/calculate/dataCenter': [...CALCULATE_LAYOUT, 'src/pages/data-center/DataCenterPage.tsx'],
  '/calculate/molecule': [...CALCULATE_LAYOUT, 'src/pages/viewer/ViewerPage.tsx'],
};

const webRoot = fileURLToPath(new URL('../apps/web', import.meta.url));
const outDir = mkdtempSync(join(tmpdir(), 'yunyao-web-bundle-'));

try {
  const result = await build({
    root: webRoot,
    configFile: join(webRoot, 'vite.config.ts'),
    logLevel: 'warn',
    build: { outDir, emptyOutDir: true, manifest: true },
  });
  const outputs = (Array.isArray(result) ? result : [result]) as Rollup.RollupOutput[];
  // Which library code ended up in which chunk, to find the heavy packages. Modules
  // tree-shaken to nothing and asset URLs (`@rdkit/rdkit/RDKit_minimal.wasm?url` is a
  // string naming the wasm file, not the library) do not count.
  const modulesOf = new Map<string, string[]>();
  for (const out of outputs)
    for (const item of out.output)
      if (item.type === 'chunk') modulesOf.set(item.fileName, Object.entries(item.modules).filter(([id, m]) => m.renderedLength > 0 && !/\?(url|raw)\b/.test(id)).map(([id]) => id));

  const manifest = JSON.parse(readFileSync(join(outDir, '.vite/manifest.json'), 'utf8')) as Manifest;
  const entry = Object.keys(manifest).find((key) => manifest[key]!.isEntry);
  if (!entry) throw new Error('the manifest has no entry chunk');

  /** The chunk of `key` and, transitively, its static imports: all load before it runs. */
  const closure = (key: string, files = new Set<string>()): Set<string> => {
    const chunk = manifest[key];
    if (!chunk) throw new Error(`${key} is not in the build manifest: has router.tsx changed? update ROUTES in bench/web-bundle.ts`);
    if (files.has(chunk.file)) return files;
    files.add(chunk.file);
    for (const dep of chunk.imports ?? []) closure(dep, files);
    return files;
  };

  const sizes = new Map<string, { raw: number; gzip: number }>();
  const sizeOf = (file: string) => {
    let size = sizes.get(file);
    if (!size) {
      const bytes = readFileSync(join(outDir, file));
      size = { raw: bytes.length, gzip: gzipSync(bytes, { level: 9 }).length };
      sizes.set(file, size);
    }
    return size;
  };

  const kb = (bytes: number) => (bytes / 1000).toFixed(1).padStart(8);
  const problems: string[] = [];
  console.log(`First-load JavaScript per route (kB = 1000 bytes; gzip level 9; budget ${BUDGET_GZIP_BYTES / 1000} kB gzip)\n`);
  console.log(`${'route'.padEnd(24)}${'chunks'.padStart(7)}${'raw kB'.padStart(9)}${'gzip kB'.padStart(9)}${'added on navigation, gzip kB'.padStart(31)}`);
  const shell = closure(entry);
  for (const [route, sources] of Object.entries(ROUTES)) {
    const files = closure(entry);
    for (const source of sources) {
      if (!manifest[source]?.isDynamicEntry) problems.push(`${route}: ${source} is not a lazy chunk`);
      closure(source, files);
    }
    let raw = 0;
    let gzip = 0;
    for (const file of files) {
      if (!file.endsWith('.js')) continue;
      raw += sizeOf(file).raw;
      gzip += sizeOf(file).gzip;
      for (const id of modulesOf.get(file) ?? []) {
        const pkg = HEAVY.find((name) => id.includes(`/node_modules/${name}/`));
        if (pkg) problems.push(`${route}: ${pkg} is in first-load chunk ${file}`);
      }
    }
    const added = [...files].filter((f) => f.endsWith('.js') && !shell.has(f)).reduce((sum, f) => sum + sizeOf(f).gzip, 0);
    const budgeted = ENTRY_ROUTES.has(route);
    console.log(`${route.padEnd(24)}${String(files.size).padStart(7)} ${kb(raw)} ${kb(gzip)}${kb(added).padStart(31)}${budgeted ? '   (budgeted)' : ''}`);
    if (budgeted && gzip > BUDGET_GZIP_BYTES) problems.push(`${route}: ${kb(gzip).trim()} kB gzip exceeds the ${BUDGET_GZIP_BYTES / 1000} kB budget`);
  }

  const heavyChunks = [...modulesOf].filter(([, ids]) => ids.some((id) => HEAVY.some((name) => id.includes(`/node_modules/${name}/`))));
  const heavyFirstLoad = problems.some((p) => p.includes('first-load chunk'));
  const where = heavyChunks.length ? `in chunks ${heavyChunks.map(([file]) => file).join(', ')}` : 'not in the build';
  console.log(`\n${HEAVY.join(', ')}: ${where}; ${heavyFirstLoad ? 'PART OF A FIRST LOAD' : 'in no first load'}`);
  // Dedup: a heavy package in the shared entry closure is reported once per route above.
  for (const problem of new Set(problems)) console.error(`FAIL ${problem}`);
  process.exitCode = problems.length ? 1 : 0;
} finally {
  rmSync(outDir, { recursive: true, force: true });
}
