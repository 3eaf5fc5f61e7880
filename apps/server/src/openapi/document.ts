import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { openPglite } from '@yunyao/db';
import { loadConfig } from '@yunyao/platform';
import { startPlatform } from '../platform.ts';

/** Where the checked-in document lives, so a contract change shows as a diff in review and CI. */
export const OPENAPI_PATH = fileURLToPath(import.meta.resolve('@yunyao/contract/openapi.json'));

/** Objects with their keys sorted at every depth: the same API always writes the same bytes. */
function sortedKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortedKeys);
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.keys(value)
      .sort()
      .map((key) => [key, sortedKeys((value as Record<string, unknown>)[key])]),
  );
}

/** A ready app's OpenAPI document as the checked-in file holds it (no setting of the platform shows in it). */
export function openApiDocumentText(app: { swagger(): unknown }): string {
  return `${JSON.stringify(sortedKeys(app.swagger()), null, 2)}\n`;
}

/** The API's OpenAPI document as the server builds it: a platform on an in-memory database, never listening. */
export async function renderOpenApiDocument(): Promise<string> {
  const dataDir = mkdtempSync(join(tmpdir(), 'yunyao-openapi-'));
  const database = await openPglite();
  try {
    const platform = await startPlatform(loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'warn' }), { database, logger: false, worker: false });
    try {
      await platform.app.ready();
      return openApiDocumentText(platform.app);
    } finally {
      await platform.close();
    }
  } finally {
    await database.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
