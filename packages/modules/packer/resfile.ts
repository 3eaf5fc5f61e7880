import { messageRef } from '@yunyao/contract';
import type { PdbResidue } from '../shared/rosetta/pdb-residues.ts';
import { PACKER_MESSAGES } from './packer.messages.ts';

/** Commands that take no argument (core/pack/task/ResfileReader.cc). */
const BARE = new Set(['NATAA', 'NATRO', 'ALLAA', 'ALLAAXC', 'ALLAAWC', 'POLAR', 'APOLAR', 'CHARGED', 'AROMATIC', 'EMPTY', 'RESET', 'USE_INPUT_SC', 'AUTO', 'SCAN', 'NO_ADDUCTS', 'FIX_HIS_TAUTOMER']);
/** Amino acids by one-letter code, or a non-canonical one as `X[name]`. */
const AMINO_ACIDS = /^(?:[ACDEFGHIKLMNPQRSTVWY]|X\[[A-Za-z0-9_:]+\])+$/i;
const RESIDUE = /^-?\d+[A-Za-z]?$/;
const CHAIN = /^[A-Za-z0-9_]$/;

/** Each command with its arguments, or the message naming the first that is wrong. */
function commandsProblem(words: readonly string[], line: number): string | null {
  const bad = (command: string, value: string) => messageRef(PACKER_MESSAGES.resfileArgument, { line, command, value });
  for (let i = 0; i < words.length; i++) {
    const command = words[i]!.toUpperCase();
    const next = words[i + 1];
    if (BARE.has(command)) continue;
    if (command === 'PIKAA' || command === 'NOTAA') {
      if (next === undefined || !AMINO_ACIDS.test(next)) return bad(command, next ?? '');
      i += 1;
    } else if (command === 'PIKNA') {
      if (next === undefined || !/^[ACGTU]+$/i.test(next)) return bad(command, next ?? '');
      i += 1;
    } else if (command === 'PROPERTY' || command === 'TARGET') {
      if (next === undefined || !/^[A-Za-z0-9_]+$/.test(next)) return bad(command, next ?? '');
      i += 1;
    } else if (command === 'EX_CUTOFF') {
      if (next === undefined || !/^\d+$/.test(next)) return bad(command, next ?? '');
      i += 1;
    } else if (command === 'EX') {
      // EX <chi 1-4> or EX ARO <chi 1-2>, each with an optional LEVEL <0-7>.
      const aro = next?.toUpperCase() === 'ARO';
      const chi = words[i + (aro ? 2 : 1)];
      if (chi === undefined || !(aro ? /^[12]$/ : /^[1-4]$/).test(chi)) return bad(command, chi ?? '');
      i += aro ? 2 : 1;
      if (words[i + 1]?.toUpperCase() === 'LEVEL') {
        const level = words[i + 2];
        if (level === undefined || !/^[0-7]$/.test(level)) return bad('EX LEVEL', level ?? '');
        i += 2;
      }
    } else {
      return messageRef(PACKER_MESSAGES.resfileCommand, { line, command: words[i]! });
    }
  }
  return null;
}

const residueKey = (chain: string, resid: string) => `${chain}:${resid.toUpperCase()}`;

/**
 * Why a resfile cannot be used with this protein, or null. The header (default commands) runs up to
 * `start`; each body line is `<resid> <chain> <commands>`, `<first> - <last> <chain> <commands>` or
 * `* <chain> <commands>`, with PDB numbers (an insertion code after the number) and `_` for a blank
 * chain, each checked against the protein's residues. `#` starts a comment.
 */
export function resfileProblem(text: string, fileName: string, residues: readonly PdbResidue[]): string | null {
  const present = new Set(residues.map((r) => residueKey(r.chain, `${r.number}${r.icode}`)));
  const chains = new Set(residues.map((r) => r.chain));
  let body = false;
  let commands = 0;
  for (const [i, raw] of text.split(/\r?\n/).entries()) {
    const line = i + 1;
    const words = raw.replace(/#.*/, '').trim().split(/\s+/).filter(Boolean);
    if (!words.length) continue;
    if (!body && words.length === 1 && words[0]!.toUpperCase() === 'START') {
      body = true;
      continue;
    }
    if (!body) {
      const problem = commandsProblem(words, line);
      if (problem) return problem;
      commands += 1;
      continue;
    }
    const malformed = messageRef(PACKER_MESSAGES.resfileBody, { line, text: raw.trim() });
    const range = words[1] === '-';
    const [first, last, chain] = range ? [words[0]!, words[2], words[3]] : [words[0]!, words[0]!, words[1]];
    const rest = words.slice(range ? 4 : 2);
    const numbered = first === '*' ? !range : RESIDUE.test(first) && last !== undefined && RESIDUE.test(last);
    if (!numbered || chain === undefined || !CHAIN.test(chain) || !rest.length) return malformed;
    if (!chains.has(chain)) return messageRef(PACKER_MESSAGES.resfileChain, { line, chain });
    if (first !== '*') {
      const missing = [first, last!].find((resid) => !present.has(residueKey(chain, resid)));
      if (missing !== undefined) return messageRef(PACKER_MESSAGES.resfileResidue, { line, residue: missing, chain });
    }
    const problem = commandsProblem(rest, line);
    if (problem) return problem;
    commands += 1;
  }
  return commands ? null : messageRef(PACKER_MESSAGES.resfileEmpty, { file: fileName });
}
