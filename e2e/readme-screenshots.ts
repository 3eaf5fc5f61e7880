/**
 * Regenerates the README's screenshots from the real platform:
 * `npx tsx e2e/readme-screenshots.ts` (after `npm run build:web`).
 * Not a test; it writes docs/screenshots/*.png.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { launchBrowser } from './support/browser.ts';
import { repoRoot, startE2EPlatform } from './support/platform.ts';

const OUT = join(repoRoot, 'docs/screenshots');
const EXAMPLES = join(repoRoot, 'packages/modules/convert/examples');
const email = 'researcher@example.com';
const password = 'readme-secret-1';

const platform = await startE2EPlatform();
const browser = await launchBrowser(platform.baseUrl);
try {
  const api = async (path: string, init: RequestInit & { token?: string } = {}) => {
    const headers = new Headers(init.headers);
    if (init.token) headers.set('authorization', `Bearer ${init.token}`);
    const res = await fetch(`${platform.baseUrl}${path}`, { ...init, headers });
    return (await res.json()) as { errno: number; data: any };
  };
  const json = (body: unknown) => ({ method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  await api('/api/user/register', json({ email, password }));
  await platform.ops('credit', email, '200', '--reason', 'trial');
  const login = (await api('/api/user/login', json({ account: email, password }))).data;

  const submit = async (route: string, file: string, fields: Record<string, string>) => {
    const form = new FormData();
    for (const [k, v] of Object.entries(fields)) form.append(k, v);
    form.append(route === '/api/merge' ? 'ligands[]' : 'input', new Blob([readFileSync(join(EXAMPLES, file))]), file);
    return (await api(route, { method: 'POST', body: form, token: login.token })).data.task_id as number;
  };
  const ids = [
    await submit('/api/convert', 'bzr-3.sdf', { out: 'benzodiazepines.mol2' }),
    await submit('/api/convert', 'chembl-4.csv', { out: 'chembl.sdf' }),
    await submit('/api/perform', 'bzr-4.smi', { structure: '2D', out: 'bzr-3d.sdf' }),
    await submit('/api/convert', 'bad.sdf', { out: 'broken.mol2' }),
  ];
  for (const id of ids) {
    for (let i = 0; i < 120; i++) {
      const task = (await api(`/api/tasks/${id}`, { token: login.token })).data;
      if (task.status !== 1) break;
      await new Promise((r) => setTimeout(r, 500));
    }
  }

  const { context, page } = browser;
  const host = new URL(platform.baseUrl).hostname;
  await context.addCookies([
    { name: 'token', value: login.token, domain: host, path: '/' },
    { name: 'refresh_token', value: login.refresh_token, domain: host, path: '/' },
  ]);
  await page.goto('/');
  await page.evaluate((user) => localStorage.setItem('user', JSON.stringify(user)), { email });

  await page.goto('/calculate/list');
  await page.getByTestId('task-row').first().waitFor();
  await page.waitForLoadState('networkidle');
  await page.waitForTimeout(500);
  await page.screenshot({ path: join(OUT, 'task-list.png') });

  await page.goto('/calculate/convert');
  await page.getByTestId('task-row').first().waitFor();
  await page.waitForLoadState('networkidle');
  await page.waitForTimeout(500);
  await page.screenshot({ path: join(OUT, 'convert.png') });
  // Narrow-window check (not in the README): written next to the test screenshots.
  await page.setViewportSize({ width: 1024, height: 768 });
  for (const path of ['/calculate/list', '/calculate/convert', '/calculate/dataCenter', '/']) {
    await page.goto(path);
    await page.waitForLoadState('networkidle');
    await page.screenshot({ path: join(repoRoot, 'test-results', `narrow${path.replaceAll('/', '-') || '-home'}.png`) });
  }
  console.log(`screenshots written to ${OUT}`);
} finally {
  await browser.close();
  await platform.stop();
}
