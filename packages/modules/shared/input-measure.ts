import { extOf } from './file-names.ts';
import { zipMembers, zipProblem } from './safe-zip.ts';

/**
 * How big one input file is, as far as a cost estimate cares: its molecules (records) and
 * their heavy atoms. Read with cheap text rules at submission, before any engine runs, so a
 * module can estimate its core-hours from the input (see `ModuleDefinition.estimateCoreHours`).
 * The rules count; they do not validate (the steps do that and say what is wrong).
 */
export interface FileMeasure {
  name: string;
  bytes: number;
  /** Molecules, structures or table rows. */
  records: number;
  /** Heavy atoms over all records (hydrogens too where the format lists them explicitly). */
  atoms: number;
}

/** A submission's inputs, measured per file field. */
export type InputMeasures = Readonly<Record<string, readonly FileMeasure[]>>;

/** Atoms of a SMILES: two-letter organic atoms, bracket atoms, then one-letter (aliphatic or aromatic) atoms. */
const SMILES_ATOM = /Cl|Br|\[[^\]]*\]|[BCNOSPFI]|[bcnops]/g;

export function smilesAtoms(smiles: string): number {
  return smiles.match(SMILES_ATOM)?.length ?? 0;
}

const lines = (text: string) => text.split(/\r?\n/);

/** A table of molecules (.csv, .smi, ...): one record per non-empty line after a header naming a SMILES column; the SMILES is the cell with the most atoms. */
function measureTable(text: string): { records: number; atoms: number } {
  const rows = lines(text).filter((l) => l.trim());
  const body = rows.length && /smiles/i.test(rows[0]!) ? rows.slice(1) : rows;
  const atoms = body.reduce((sum, row) => sum + Math.max(0, ...row.split(/[,\t ]+/).map(smilesAtoms)), 0);
  return { records: body.length, atoms };
}

/** MDL molfile/SDF: records end with `$$$$`; the atom count is the counts line's first field (V2000) or `M  V30 COUNTS` (V3000). */
function measureSdf(text: string): { records: number; atoms: number } {
  const blocks = text.split(/^\$\$\$\$\s*$/m).filter((b) => b.trim());
  let atoms = 0;
  for (const block of blocks) {
    const v3000 = /^M {2}V30 COUNTS (\d+)/m.exec(block);
    const countsLine = lines(block.replace(/^\s*\n/, ''))[3] ?? '';
    atoms += v3000 ? Number(v3000[1]) : Number.parseInt(countsLine.slice(0, 3), 10) || 0;
  }
  return { records: blocks.length, atoms };
}

/** Tripos MOL2: one `@<TRIPOS>MOLECULE` per record, its atom count on the line after the name. */
function measureMol2(text: string): { records: number; atoms: number } {
  const all = lines(text);
  let records = 0;
  let atoms = 0;
  all.forEach((line, i) => {
    if (!line.startsWith('@<TRIPOS>MOLECULE')) return;
    records += 1;
    atoms += Number.parseInt((all[i + 2] ?? '').trim(), 10) || 0;
  });
  return { records, atoms };
}

/** PDB/PDBQT: its ATOM and HETATM lines, one structure per MODEL (one when there is none). */
function measurePdb(text: string): { records: number; atoms: number } {
  let atoms = 0;
  let models = 0;
  for (const line of lines(text)) {
    if (line.startsWith('ATOM  ') || line.startsWith('HETATM')) atoms += 1;
    else if (line.startsWith('MODEL ')) models += 1;
  }
  return { records: Math.max(1, models), atoms: models > 1 ? Math.round(atoms / models) : atoms };
}

/** XYZ: the first frame's atom count. */
function measureXyz(text: string): { records: number; atoms: number } {
  return { records: 1, atoms: Number.parseInt(text.trimStart().split(/\s/, 1)[0] ?? '', 10) || 0 };
}

const BY_EXTENSION: Record<string, (text: string) => { records: number; atoms: number }> = {
  csv: measureTable,
  tsv: measureTable,
  smi: measureTable,
  txt: measureTable,
  sdf: measureSdf,
  sd: measureSdf,
  mol: measureSdf,
  mol2: measureMol2,
  pdb: measurePdb,
  pdbqt: measurePdb,
  ent: measurePdb,
  xyz: measureXyz,
};

/**
 * A .zip of molecule files (3D affinity ligands): the sum over the members a rule can measure,
 * one member inflated at a time (see safe-zip.ts). An archive the submission refuses counts as
 * one record; a member that cannot be read throws `ZipMemberError`.
 */
function measureZip(name: string, data: Uint8Array): { records: number; atoms: number } {
  if (zipProblem(name, data)) return { records: 1, atoms: 0 };
  const sum = { records: 0, atoms: 0 };
  for (const member of zipMembers(name, data, (ext) => ext in BY_EXTENSION)) {
    const counted = BY_EXTENSION[extOf(member.name)]!(new TextDecoder().decode(member.data));
    sum.records += counted.records;
    sum.atoms += counted.atoms;
  }
  return sum;
}

/** Measures one file by its extension; a format without a rule counts as one record of unknown size. */
export function measureFile(name: string, data: Uint8Array): FileMeasure {
  const ext = extOf(name);
  const rule = BY_EXTENSION[ext];
  const counted = ext === 'zip' ? measureZip(name, data) : rule ? rule(new TextDecoder().decode(data)) : { records: 1, atoms: 0 };
  return { name, bytes: data.byteLength, ...counted };
}

/** Every file of a submission measured, grouped by its form field. */
export function measureInputs(files: readonly { field: string; name: string; data: Uint8Array }[]): InputMeasures {
  const measures: Record<string, FileMeasure[]> = {};
  for (const f of files) (measures[f.field] ??= []).push(measureFile(f.name, f.data));
  return measures;
}

/** Sums over one field's files (0 when the field is absent). */
export function fieldTotals(measures: InputMeasures, field: string): { files: number; records: number; atoms: number } {
  const files = measures[field] ?? [];
  return { files: files.length, records: files.reduce((s, f) => s + f.records, 0), atoms: files.reduce((s, f) => s + f.atoms, 0) };
}
