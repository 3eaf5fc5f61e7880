import { z } from 'zod';
import { bothLanguages, messageRef, moleQuerySchema } from '@yunyao/contract';
import type { Bilingual, FileFieldSpec } from '../types.ts';
import { MB } from './file-names.ts';
import { SHARED_MESSAGES } from './shared.messages.ts';

/**
 * The small-molecule source radio many modules share (ADMET, docking, 2D affinity,
 * QSAR prediction, generation): SMILES typed in, an uploaded .csv, or a data-center
 * .csv. Declared once so every form, the server and the worker read it the same way:
 * typed SMILES become an uploaded `molecules.csv`, so steps only ever see files.
 */
export const MOLECULE_SOURCE_TYPES = ['molecule', 'file', 'cos'] as const;
/** Screening modules (docking, pharmacophore, workflows) may also take molecules from the library: `database` with `mole_query`. */
export const SCREENING_SOURCE_TYPES = [...MOLECULE_SOURCE_TYPES, 'database'] as const;
export type MoleculeSourceType = (typeof SCREENING_SOURCE_TYPES)[number];

/**
 * File modules (convert, optimise) keep their file field and take typed or drawn SMILES instead
 * when `mole_type` is `molecule`; `file` (the default, so the spec's requests still read) means
 * the field's uploads and data-center files as before.
 */
export const FILE_OR_TYPED_SOURCE_TYPES = ['file', 'molecule'] as const;

/** The spec's textarea limit; more molecules go through an upload. */
export const MAX_TYPED_MOLECULES = 100;
/**
 * Longest SMILES a typed molecule may have: drug-like and even peptide-sized molecules stay far
 * below it, while a 100,000-character one held a worker slot for a minute before failing.
 * python/yunyao/common.py applies the same bound to uploaded files' records.
 */
export const MAX_SMILES_CHARS = 1000;
/** The whole textarea: room for every molecule at full length with a name, so only abuse meets it. */
export const MAX_TYPED_TEXT_CHARS = MAX_TYPED_MOLECULES * (MAX_SMILES_CHARS + 100);

// Message ids (shared/shared.messages.ts), with their limits where they name one.
export const TYPED_MOLECULES_MISSING = SHARED_MESSAGES.typedMoleculesMissing;
export const TYPED_MOLECULES_TOO_MANY = messageRef(SHARED_MESSAGES.typedMoleculesTooMany, { max: MAX_TYPED_MOLECULES });
export const TYPED_SMILES_TOO_LONG = messageRef(SHARED_MESSAGES.typedSmilesTooLong, { max: MAX_SMILES_CHARS });
export const TYPED_TEXT_TOO_LONG = messageRef(SHARED_MESSAGES.typedTextTooLong, { max: MAX_TYPED_TEXT_CHARS });
export const MOLECULE_FILE_MISSING = SHARED_MESSAGES.moleculeFileMissing;
export const MOLECULE_COS_MISSING = SHARED_MESSAGES.moleculeCosMissing;
export const MOLECULE_SOURCE_INVALID = SHARED_MESSAGES.moleculeSourceInvalid;
export const MOLE_QUERY_MISSING = SHARED_MESSAGES.moleQueryMissing;
export const MOLE_QUERY_EMPTY = SHARED_MESSAGES.moleQueryEmpty;

/** The file field the source fills: an upload (`smiles`) or data-center ids (`smiles_cos`). */
export const MOLECULE_FILE_FIELD: FileFieldSpec = {
  field: 'smiles',
  extensions: ['.csv'],
  // The source, not the field, decides whether a file is required (see moleculeSourceProblem).
  min: 0,
  max: 1,
  maxBytes: 20 * MB,
  requiredMessage: bothLanguages(MOLECULE_FILE_MISSING),
  dataCenterField: 'smiles_cos',
};

export const TYPED_MOLECULES_FILE_NAME = 'molecules.csv';

/** Non-empty lines of the textarea; each is a SMILES, optionally followed by whitespace and a name. */
export function typedMoleculeLines(text: string | undefined): string[] {
  return (text ?? '')
    .split(/\r?\n/)
    .map((l) => l.trim())
    .filter(Boolean);
}

/** A typed line's SMILES and name. */
function typedMolecule(line: string): { smiles: string; name: string } {
  const [smiles = '', ...rest] = line.split(/\s+/);
  return { smiles, name: rest.join(' ') };
}

/** A typed molecule and the textarea line it is on (from 1, blank lines counted, as an editor numbers them). */
export interface NumberedMolecule {
  line: number;
  smiles: string;
  name: string;
}

/** Each non-empty line of the textarea, in order, with its line number. */
export function numberedTypedMolecules(text: string | undefined): NumberedMolecule[] {
  return (text ?? '').split(/\r?\n/).flatMap((raw, i) => {
    const line = raw.trim();
    return line ? [{ line: i + 1, ...typedMolecule(line) }] : [];
  });
}

const typedMolecules = z.string().max(MAX_TYPED_TEXT_CHARS, { error: TYPED_TEXT_TOO_LONG }).optional();

/** Zod fields of the source, spread into a module's params object. */
export const moleculeSourceParams = {
  mole_type: z.enum(MOLECULE_SOURCE_TYPES, { error: MOLECULE_SOURCE_INVALID }).default('molecule'),
  molecules: typedMolecules,
};

/** The file-or-typed choice of file modules, spread into their params object (see `typedMoleculesField`). */
export const fileOrTypedParams = {
  mole_type: z.enum(FILE_OR_TYPED_SOURCE_TYPES, { error: MOLECULE_SOURCE_INVALID }).default('file'),
  molecules: typedMolecules,
};

/** The same with the library as a fourth source (`mole_query`: the pool page's query string). */
export const screeningSourceParams = {
  mole_type: z.enum(SCREENING_SOURCE_TYPES, { error: MOLECULE_SOURCE_INVALID }).default('molecule'),
  molecules: typedMolecules,
  mole_query: z.string().optional(),
};

/**
 * The source's own checks, for a params schema's superRefine: typed SMILES (present,
 * at most 100, each at most 1000 characters) and the library query (present and well-formed).
 * `typedMissing`: a page's own words for an empty textarea, where the spec gives it other ones.
 */
export function checkTypedMolecules(
  params: { mole_type: MoleculeSourceType; molecules?: string | undefined; mole_query?: string | undefined },
  ctx: z.RefinementCtx,
  typedMissing: string = TYPED_MOLECULES_MISSING,
): void {
  if (params.mole_type === 'database') {
    if (!params.mole_query?.trim()) ctx.addIssue({ code: 'custom', path: ['mole_query'], message: MOLE_QUERY_MISSING });
    else {
      const parsed = moleQuerySchema.safeParse(params.mole_query);
      if (!parsed.success) ctx.addIssue({ code: 'custom', path: ['mole_query'], message: parsed.error.issues[0]?.message ?? MOLE_QUERY_MISSING });
    }
    return;
  }
  if (params.mole_type !== 'molecule') return;
  const lines = typedMoleculeLines(params.molecules);
  if (lines.length === 0) ctx.addIssue({ code: 'custom', path: ['molecules'], message: typedMissing });
  else if (lines.length > MAX_TYPED_MOLECULES) ctx.addIssue({ code: 'custom', path: ['molecules'], message: TYPED_MOLECULES_TOO_MANY });
  else if (lines.some((line) => typedMolecule(line).smiles.length > MAX_SMILES_CHARS)) ctx.addIssue({ code: 'custom', path: ['molecules'], message: TYPED_SMILES_TOO_LONG });
}

/** What is missing for the chosen source, given how many files were uploaded and picked. */
export function moleculeSourceProblem(type: MoleculeSourceType, uploads: number, dataCenter: number): Bilingual | null {
  const message = type === 'file' && uploads === 0 ? MOLECULE_FILE_MISSING : type === 'cos' && dataCenter === 0 ? MOLECULE_COS_MISSING : null;
  return message ? bothLanguages(message) : null;
}

/** One CSV cell, quoted when it holds a comma, quote or line break (RFC 4180). */
export const csvCell = (v: string) => (/[",\r\n]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v);

/**
 * The typed SMILES as the CSV an upload would have been: `smiles,name`, names defaulting to
 * mol_<n> (n counts the molecules typed). `skipLines`: textarea lines left out, keeping the others' names.
 */
export function typedMoleculesCsv(text: string | undefined, skipLines: ReadonlySet<number> = new Set()): string {
  const rows = numberedTypedMolecules(text).flatMap(({ line, smiles, name }, i) =>
    skipLines.has(line) ? [] : [`${csvCell(smiles)},${csvCell(name || `mol_${i + 1}`)}`],
  );
  return ['smiles,name', ...rows].join('\n') + '\n';
}
