import { describe, expect, it, vi } from 'vitest';

/** Every catalogue's English strings, by namespace, captured as the *.i18n.ts files register them. */
const english = new Map<string, Record<string, unknown>>();
vi.mock('./index.ts', () => ({
  registerMessages: (namespace: string, messages: { en: Record<string, unknown> }) => english.set(namespace, messages.en),
}));

/** Nouns English counts; a number before one of them needs i18next's `_one` / `_other` forms. */
const COUNTED = /\{\{(\w+)\}\} (?:[a-z]+ )?(modules|files|molecules|ligands|residues|records|atoms|days|tasks|lines|characters|steps|hits|features|models|poses|pockets|rows|structures|sequences)\b/;

function leaves(value: unknown, path: string[] = []): [string, string][] {
  if (typeof value === 'string') return [[path.join('.'), value]];
  if (value && typeof value === 'object') return Object.entries(value).flatMap(([k, v]) => leaves(v, [...path, k]));
  return [];
}

describe('English plurals', () => {
  it('writes every counted noun in the singular and plural forms i18next picks by count', async () => {
    const { common } = await import('./common.ts');
    english.set('common', common.en);
    await Promise.all(Object.values(import.meta.glob('../**/*.i18n.ts')).map((load) => load()));
    expect(english.size).toBeGreaterThan(20);

    const wrong: string[] = [];
    for (const [namespace, messages] of english) {
      const keys = new Set(leaves(messages).map(([key]) => key));
      for (const [key, text] of leaves(messages)) {
        const counted = COUNTED.exec(text);
        // A range's upper end ("2–50 residues") is always plural; `types` is a word ("No PDB files").
        if (!counted || counted[1] === 'types' || text.includes(`–{{${counted[1]}}}`)) continue;
        const base = key.replace(/_(one|other)$/, '');
        const plural = counted[1] === 'count' && keys.has(`${base}_one`) && keys.has(`${base}_other`);
        if (!plural) wrong.push(`${namespace}:${key} "${text}"`);
      }
    }
    expect(wrong).toEqual([]);
  });
});
