import { fileURLToPath } from 'node:url';
import { errors } from '@yunyao/contract';

export const API_DOC_PATH = fileURLToPath(new URL('../../../../docs/api.md', import.meta.url));

const START = '<!-- errors:start (generated from packages/contract/src/errors.ts by `npm run openapi`) -->';
const END = '<!-- errors:end -->';

/** A table cell: pipes would end the cell early. */
const cell = (text: string) => text.replace(/\|/g, '\\|');

/** The error catalogue as a Markdown table, by errno. */
export function renderErrorTable(): string {
  const rows = Object.entries(errors)
    .sort(([, a], [, b]) => a.errno - b.errno)
    .map(([name, e]) => `| ${e.errno} | ${e.http} | \`${name}\` | ${cell(e.zh)} | ${cell(e.en)} |`);
  return ['| errno | HTTP | name | zh | en |', '|---|---|---|---|---|', ...rows].join('\n');
}

/** The document with the table between its markers replaced by the catalogue's. */
export function withErrorTable(markdown: string): string {
  const start = markdown.indexOf(START);
  const end = markdown.indexOf(END);
  if (start < 0 || end < start) throw new Error(`docs/api.md needs the markers ${START} and ${END}`);
  return `${markdown.slice(0, start + START.length)}\n${renderErrorTable()}\n${markdown.slice(end)}`;
}
