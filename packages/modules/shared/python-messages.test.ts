import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { registeredMessages } from '@yunyao/contract';
// Every catalogue a Python step may name: the modules', the shared texts (common.*) and the contract's.
import '../index.ts';
import { PYTHON_MESSAGES_PATH, renderPythonMessages } from './python-messages.ts';

describe('python/yunyao/messages.json', () => {
  it('is the registered catalogues (run `npm run gen:python-messages` after changing a messages file)', () => {
    expect(readFileSync(PYTHON_MESSAGES_PATH, 'utf8')).toBe(renderPythonMessages(registeredMessages()));
  });

  it('holds the texts the Python steps put in rows, in both languages', () => {
    const catalogue = JSON.parse(readFileSync(PYTHON_MESSAGES_PATH, 'utf8')) as Record<string, { zh: string; en: string }>;
    for (const id of ['common.recordUnparsable', 'common.smilesParenthesesAt', 'common.noMolecules']) {
      expect(catalogue[id]?.zh, id).toBeTruthy();
      expect(catalogue[id]?.en, id).toBeTruthy();
    }
    expect(Object.keys(catalogue)).toEqual(Object.keys(catalogue).sort());
  });
});
