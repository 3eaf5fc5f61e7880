import { z } from 'zod';
import { messageRef } from '@yunyao/contract';
import { AUTODOCK_MESSAGES } from './autodock.messages.ts';

/**
 * Which hetero groups (cofactors, metal ions, glycans) the receptor keeps for docking: the
 * `keep_hetero` parameter, the list the forms offer from the structure's HETATM records, and the
 * groups ticked before the user chooses. Every group not kept is stripped by protein_prep.
 */

/**
 * Metal ions and cofactors that are part of the binding site in most structures that hold them, so they
 * start ticked. Na/K/Cd/Hg are left out: they are mostly crystallisation additives. Mo is left out
 * because Vina 1.2.3 has no atom type for it; nucleotides (ATP, GDP, ...) because in kinases and
 * G proteins they are often the very ligand whose site is docked into.
 */
export const PRESELECTED_HETERO = new Set([
  'ZN', 'MG', 'MN', 'CA', 'FE', 'FE2', 'CO', 'NI', 'CU', 'CU1',
  // haem, flavins, nicotinamides, pyridoxal, coenzyme A, thiamine, SAM/SAH, biopterin, chlorophyll
  'HEM', 'HEC', 'HEA', 'HEB', 'FAD', 'FMN', 'NAD', 'NAP', 'NDP', 'NAI',
  'PLP', 'COA', 'ACO', 'TPP', 'SAM', 'SAH', 'BH4', 'H4B', 'CLA', 'SF4', 'FES', 'MGD',
]);
/** Never offered: water is always removed (Vina has no water model). */
const WATERS = new Set(['HOH', 'WAT', 'H2O', 'DOD', 'D2O', 'TIP', 'TIP3', 'SOL', 'SPC']);
/** At most this many names: more is not a cofactor choice but a malformed request. */
export const MAX_KEPT_HETERO = 30;

export const KEEP_HETERO_INVALID = AUTODOCK_MESSAGES.keepHeteroInvalid;
export const KEEP_HETERO_TOO_MANY = messageRef(AUTODOCK_MESSAGES.keepHeteroTooMany, { max: MAX_KEPT_HETERO });

const RESIDUE_NAME = /^[A-Z0-9]{1,3}$/;

/**
 * `keep_hetero`: residue names as a comma list (form posts) or an array (JSON); upper-cased, deduplicated, sorted.
 * The output is declared (the pipe), so the parameters' exported schema says what a step reads.
 */
export const keepHeteroField = z
  .unknown()
  .optional()
  .transform((value, ctx): string[] => {
    const parts = (Array.isArray(value) ? value : [value]).flatMap((v) => (v === undefined || v === null ? [] : String(v).split(',')));
    const names = [...new Set(parts.map((p) => p.trim().toUpperCase()).filter(Boolean))].sort();
    if (names.some((n) => !RESIDUE_NAME.test(n))) ctx.addIssue({ code: 'custom', message: KEEP_HETERO_INVALID });
    else if (names.length > MAX_KEPT_HETERO) ctx.addIssue({ code: 'custom', message: KEEP_HETERO_TOO_MANY });
    return names;
  })
  .pipe(z.array(z.string().regex(RESIDUE_NAME)).max(MAX_KEPT_HETERO));

/** One kind of hetero group found in a structure. */
export interface HeteroGroup {
  name: string;
  /** How many copies (distinct chain + residue number). */
  copies: number;
  /** Heavy atoms of one copy, to tell an ion from a cofactor from a ligand. */
  atoms: number;
  preselected: boolean;
}

/** The hetero groups of a PDB text's first model (waters left out), most copies first. */
export function heteroGroups(pdb: string): HeteroGroup[] {
  const copies = new Map<string, Set<string>>();
  const atoms = new Map<string, number>();
  for (const line of pdb.split('\n')) {
    if (line.startsWith('ENDMDL')) break;
    if (!line.startsWith('HETATM')) continue;
    const name = line.slice(17, 20).trim().toUpperCase();
    const element = line.slice(76, 78).trim().toUpperCase();
    if (!name || WATERS.has(name) || element === 'H' || element === 'D') continue;
    const copy = line.slice(21, 27);
    const seen = copies.get(name) ?? new Set<string>();
    seen.add(copy);
    copies.set(name, seen);
    atoms.set(`${name}|${copy}`, (atoms.get(`${name}|${copy}`) ?? 0) + 1);
  }
  return [...copies.entries()]
    .map(([name, seen]) => ({
      name,
      copies: seen.size,
      atoms: Math.max(...[...seen].map((copy) => atoms.get(`${name}|${copy}`) ?? 0)),
      preselected: PRESELECTED_HETERO.has(name),
    }))
    .sort((a, b) => b.copies - a.copies || a.name.localeCompare(b.name));
}
