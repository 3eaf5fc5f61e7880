import { fileURLToPath } from 'node:url';
import type { LangText } from '@yunyao/contract';

/**
 * The catalogue the Python steps render their row messages with (python/yunyao/messages.py): the
 * human-readable files a user downloads (result.csv, SDF tags) carry Chinese text, not ids.
 *
 * GENERATED and committed, since the step programs run without Node: `npm run gen:python-messages`
 * writes it from the registered catalogues, and python-messages.test.ts fails when it is stale.
 */
export const PYTHON_MESSAGES_PATH = fileURLToPath(new URL('../../../python/yunyao/messages.json', import.meta.url));

/**
 * python/yunyao/messages.json for these messages: `{ "<id>": { "zh": …, "en": … } }`, ids sorted,
 * one entry a line, so the file is stable and its diffs read as the catalogue's.
 */
export function renderPythonMessages(messages: ReadonlyMap<string, LangText>): string {
  const ids = [...messages.keys()].sort();
  const lines = ids.map((id) => {
    const text = messages.get(id)!;
    return `  ${JSON.stringify(id)}: ${JSON.stringify({ zh: text.zh, en: text.en })}`;
  });
  return `{\n${lines.join(',\n')}\n}\n`;
}
