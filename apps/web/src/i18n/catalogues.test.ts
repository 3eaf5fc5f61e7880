import { describe, expect, it, vi } from 'vitest';

/** Every *.i18n.ts bundle, by namespace, captured as the files register them. */
const bundles = new Map<string, { zh: Record<string, unknown>; en: Record<string, unknown> }>();
vi.mock('./index.ts', () => ({
  registerMessages: (namespace: string, messages: { zh: Record<string, unknown>; en: Record<string, unknown> }) => bundles.set(namespace, messages),
}));

function leaves(value: unknown, path: string[] = []): [string, string][] {
  if (typeof value === 'string') return [[path.join('.'), value]];
  if (value && typeof value === 'object') return Object.entries(value).flatMap(([k, v]) => leaves(v, [...path, k]));
  return [];
}

/** i18next's plural forms are one text: `n_one` / `n_other` in English answer `n` in Chinese. */
const base = (key: string) => key.replace(/_(zero|one|two|few|many|other)$/, '');
const placeholders = (text: string) => [...new Set([...text.matchAll(/\{\{\s*(\w+)/g)].map((m) => m[1]!))].filter((p) => p !== 'count').sort().join();

describe('the web app\'s message bundles (one per feature, keyed by id)', () => {
  it('give every id its Chinese and its English, with the same placeholders', async () => {
    const { common } = await import('./common.ts');
    bundles.set('common', common);
    await Promise.all(Object.values(import.meta.glob('../**/*.i18n.ts')).map((load) => load()));
    expect(bundles.size).toBeGreaterThan(25);

    const problems: string[] = [];
    for (const [namespace, { zh, en }] of bundles) {
      const zhTexts = new Map(leaves(zh).map(([k, v]) => [base(k), v]));
      const enTexts = new Map<string, string[]>();
      for (const [k, v] of leaves(en)) enTexts.set(base(k), [...(enTexts.get(base(k)) ?? []), v]);
      for (const key of zhTexts.keys()) if (!enTexts.has(key)) problems.push(`${namespace}:${key} has no English`);
      for (const key of enTexts.keys()) if (!zhTexts.has(key)) problems.push(`${namespace}:${key} has no Chinese`);
      for (const [key, text] of zhTexts) {
        for (const english of enTexts.get(key) ?? []) {
          if (placeholders(text) !== placeholders(english)) problems.push(`${namespace}:${key} zh {${placeholders(text)}} en {${placeholders(english)}}`);
        }
      }
    }
    expect(problems).toEqual([]);
  });
});
