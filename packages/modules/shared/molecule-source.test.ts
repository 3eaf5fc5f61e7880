import { describe, expect, it } from 'vitest';
import { renderMessage } from '@yunyao/contract';
import { admetParams } from '../admet/admet.form.ts';
import {
  MAX_SMILES_CHARS,
  MAX_TYPED_MOLECULES,
  MAX_TYPED_TEXT_CHARS,
  TYPED_MOLECULES_TOO_MANY,
  TYPED_SMILES_TOO_LONG,
  TYPED_TEXT_TOO_LONG,
} from './molecule-source.ts';

/** A refusal as the Chinese page reads it (schemas give message ids). */
const zh = (id: string | undefined) => (id === undefined ? undefined : renderMessage(id, 'zh'));

const problem = (molecules: string) => zh(admetParams.safeParse({ mole_type: 'molecule', molecules }).error?.issues[0]?.message);

describe('typed molecules are bounded at submission', () => {
  it('take a SMILES of up to 1000 characters, with or without a name', () => {
    expect(problem(`${'C'.repeat(MAX_SMILES_CHARS)} long-chain`)).toBeUndefined();
  });

  it('refuse one SMILES over the limit, however short the others', () => {
    expect(problem(`CCO ethanol\n${'C'.repeat(MAX_SMILES_CHARS + 1)} too-long`)).toBe(zh(TYPED_SMILES_TOO_LONG));
    expect(problem('C'.repeat(100_000))).toBe(zh(TYPED_SMILES_TOO_LONG));
  });

  it('refuse more molecules than the textarea takes, and text longer than they could fill', () => {
    expect(problem(Array.from({ length: MAX_TYPED_MOLECULES + 1 }, () => 'CCO').join('\n'))).toBe(zh(TYPED_MOLECULES_TOO_MANY));
    expect(problem('C'.repeat(MAX_TYPED_TEXT_CHARS + 1))).toBe(zh(TYPED_TEXT_TOO_LONG));
  });

  it('say each refusal in English too', () => {
    for (const message of [TYPED_SMILES_TOO_LONG, TYPED_TEXT_TOO_LONG]) expect(renderMessage(message, 'en')).toMatch(/characters/);
    expect(renderMessage(TYPED_SMILES_TOO_LONG, 'zh')).toBe(`每个分子的 SMILES 不能超过 ${MAX_SMILES_CHARS} 个字符！`);
  });
});
