import { describe, expect, it } from 'vitest';
import { loadConfig } from '@yunyao/platform';
import { checkTypedSmiles, unreadableSmilesRefusal } from './smiles-check.service.ts';

const check = {
  molecules: 4,
  unreadable: [
    { line: 2, smiles: 'xyz', reason: 'SMILES Parse Error: syntax error' },
    { line: 4, smiles: 'C1CC', reason: 'SMILES Parse Error: unclosed ring' },
  ],
};

describe('the refusal naming unreadable SMILES', () => {
  it("reads as the spec's Chinese, for typed molecules and for a file", () => {
    expect(unreadableSmilesRefusal(check, null).render('zh')).toBe(
      '输入的分子中有 2 行无法解析（第 2 行 xyz：SMILES Parse Error: syntax error；第 4 行 C1CC：SMILES Parse Error: unclosed ring），请修改或删除这些行后重新提交！',
    );
    expect(unreadableSmilesRefusal(check, 'bad.csv').message).toMatch(/^文件 bad\.csv 中有 2 行无法解析（第 2 行 xyz：/);
  });

  it('and in English', () => {
    expect(unreadableSmilesRefusal(check, 'bad.csv').render('en')).toBe(
      '2 lines of bad.csv cannot be read (line 2 xyz: SMILES Parse Error: syntax error; line 4 C1CC: SMILES Parse Error: unclosed ring); fix or remove those lines and submit again.',
    );
  });
});

describe('the check of typed SMILES (RDKit)', () => {
  it('reads each line, and remembers the answer for the same molecules (the estimate, then the submit)', async () => {
    const config = loadConfig({});
    const first = await checkTypedSmiles(config, ['CCO', 'C1CC']);
    expect(first).toMatchObject({ molecules: 2, unreadable: [{ line: 2, smiles: 'C1CC' }] });
    expect(await checkTypedSmiles(config, ['CCO', 'C1CC'])).toBe(first);
    expect(await checkTypedSmiles(config, ['C1CC', 'CCO'])).not.toBe(first);
  });
});
