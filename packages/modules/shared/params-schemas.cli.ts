/** `npm run params-schemas`: writes each module's exported parameter schema beside it (shared/params-schemas.ts). */
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { committedParamsSchemas } from './params-schemas.ts';

for (const { file, text } of await committedParamsSchemas()) {
  const before = await readFile(file, 'utf8').catch(() => '');
  if (before === text) continue;
  await writeFile(file, text);
  process.stdout.write(`wrote ${path.relative(process.cwd(), file)}\n`);
}
