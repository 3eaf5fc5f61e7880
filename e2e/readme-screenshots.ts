/**
 * Regenerates the README's screenshots from the real platform:
 * `npx tsx e2e/readme-screenshots.ts` (after `npm run build:web`).
 * Not a test; it writes docs/screenshots/*.png.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { submitEndpoint, type SubmitFormDeclaration } from '@yunyao/contract/api';
import { convertForm } from '@yunyao/modules/forms/convert';
import { performForm } from '@yunyao/modules/forms/perform';
import { apiClient, endpoints } from './support/api.ts';
import { launchBrowser } from './support/browser.ts';
import { repoRoot, startE2EPlatform } from './support/platform.ts';

const OUT = join(repoRoot, 'docs/screenshots');
const EXAMPLES = join(repoRoot, 'packages/modules/convert/examples');
const email = 'researcher@example.com';
const password = 'readme-secret-1';

const platform = await startE2EPlatform();
const browser = await launchBrowser(platform.baseUrl);
try {
  const anonymous = apiClient(platform.baseUrl);
  await anonymous.call(endpoints.user.register, { body: { email, password } });
  await platform.ops('credit', email, '200', '--reason', 'trial');
  const login = await anonymous.call(endpoints.user.login, { body: { account: email, password } });
  const api = apiClient(platform.baseUrl, login.token);

  const submit = async (module: SubmitFormDeclaration, file: string, fields: Record<string, string>) => {
    const form = new FormData();
    for (const [k, v] of Object.entries(fields)) form.append(k, v);
    form.append(module.files[0]!.field, new Blob([readFileSync(join(EXAMPLES, file))]), file);
    return (await api.call(submitEndpoint(module), { body: form })).task_id;
  };
  const ids = [
    await submit(convertForm, 'bzr-3.sdf', { out: 'benzodiazepines.mol2' }),
    await submit(convertForm, 'chembl-4.csv', { out: 'chembl.sdf' }),
    await submit(performForm, 'bzr-4.smi', { structure: '2D', out: 'bzr-3d.sdf' }),
    await submit(convertForm, 'bad.sdf', { out: 'broken.mol2' }),
  ];
  for (const id of ids) {
    for (let i = 0; i < 120; i++) {
      const task = await api.call(endpoints.tasks.get, { params: { id } });
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
