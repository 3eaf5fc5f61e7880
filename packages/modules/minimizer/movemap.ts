import { messageRef } from '@yunyao/contract';
import { maxJumps, type PdbResidue } from '../shared/rosetta/pdb-residues.ts';
import { MINIMIZER_MESSAGES } from './minimizer.messages.ts';

const MOVES = new Set(['BB', 'CHI', 'BBCHI', 'NO']);
const JUMP_MOVES = new Set(['YES', 'NO']);
const NUMBER = /^\d+$/;

/**
 * Why a movemap file (Rosetta's MoveMap::init_from_file format) cannot be used with this protein, or
 * null: `RESIDUE <n|*> <move>`, `RESIDUE|RESRANGE <first> <last> <move>`, `JUMP <n|*> [YES|NO]`, `#`
 * comments. Residues are Rosetta numbers (1 … N across chains), checked against the protein's count;
 * jumps against the most Rosetta's default fold tree can have (`maxJumps`).
 */
export function movemapProblem(text: string, fileName: string, residues: readonly PdbResidue[]): string | null {
  const jumps = maxJumps(residues);
  let settings = 0;
  const lines = text.split(/\r?\n/);
  for (const [i, raw] of lines.entries()) {
    const line = i + 1;
    const words = raw.replace(/#.*/, '').trim().split(/\s+/).filter(Boolean);
    if (!words.length) continue;
    const malformed = messageRef(MINIMIZER_MESSAGES.movemapLine, { line, text: raw.trim() });
    const [kind, ...rest] = words.map((w) => w.toUpperCase()) as [string, ...string[]];
    if (kind === 'JUMP') {
      const [jump, move] = rest;
      if (rest.length > 2 || jump === undefined || (jump !== '*' && !NUMBER.test(jump)) || (move !== undefined && !JUMP_MOVES.has(move))) return malformed;
      if (jump !== '*' && (Number(jump) < 1 || Number(jump) > jumps)) return messageRef(MINIMIZER_MESSAGES.movemapJump, { line, jump, count: jumps });
    } else if (kind === 'RESIDUE' || kind === 'RESRANGE') {
      const move = rest[rest.length - 1];
      const span = rest.slice(0, -1);
      const single = kind === 'RESIDUE' && span.length === 1 && (span[0] === '*' || NUMBER.test(span[0]!));
      const range = span.length === 2 && span.every((n) => NUMBER.test(n)) && Number(span[0]) <= Number(span[1]);
      if (move === undefined || !MOVES.has(move) || !(single || range)) return malformed;
      const beyond = span.find((n) => n !== '*' && (Number(n) < 1 || Number(n) > residues.length));
      if (beyond !== undefined) return messageRef(MINIMIZER_MESSAGES.movemapResidue, { line, residue: beyond, count: residues.length });
    } else {
      return malformed;
    }
    settings += 1;
  }
  return settings ? null : messageRef(MINIMIZER_MESSAGES.movemapEmpty, { file: fileName });
}
