/** One residue of a PDB file as Rosetta reads it: its chain, PDB number and insertion code. */
export interface PdbResidue {
  /** Column 22; a blank chain is `_`, as resfiles write it. */
  chain: string;
  number: number;
  /** Column 27, '' when blank. */
  icode: string;
  name: string;
  /** From HETATM records (a ligand, an ion, a water). */
  hetero: boolean;
}

/**
 * The residues of the first model of a PDB file, in file order: what a movemap counts in Rosetta
 * numbering (1, 2, … across chains) and what a resfile names by PDB number and chain. Waters and
 * ligands count too, so a movemap's upper bound is generous where Rosetta would drop them.
 */
export function readPdbResidues(text: string): PdbResidue[] {
  const residues: PdbResidue[] = [];
  let last = '';
  for (const line of text.split(/\r?\n/)) {
    if (line.startsWith('ENDMDL')) break;
    if (!line.startsWith('ATOM  ') && !line.startsWith('HETATM')) continue;
    const number = Number.parseInt(line.slice(22, 26), 10);
    if (!Number.isFinite(number)) continue;
    const chain = line[21]?.trim() || '_';
    const icode = (line[26] ?? '').trim();
    const key = `${chain}:${number}:${icode}`;
    if (key === last) continue;
    last = key;
    residues.push({ chain, number, icode, name: line.slice(17, 20).trim(), hetero: line.startsWith('HETATM') });
  }
  return residues;
}

const WATERS = new Set(['HOH', 'WAT', 'DOD']);

/**
 * The most rigid-body jumps Rosetta's default fold tree can have for these residues: one per chain
 * after the first, and one per hetero group (a ligand is its own jump); waters are not counted.
 */
export function maxJumps(residues: readonly PdbResidue[]): number {
  const chains = new Set(residues.filter((r) => !r.hetero).map((r) => r.chain)).size;
  const groups = residues.filter((r) => r.hetero && !WATERS.has(r.name)).length;
  return Math.max(0, chains + groups - 1);
}
