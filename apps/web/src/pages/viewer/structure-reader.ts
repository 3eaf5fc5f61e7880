/**
 * Reads a .pdb or .pdbqt file in the browser before 3Dmol.js draws it: refuses what is not a
 * structure (with the reason a user can act on) and summarises what is (chains, residues,
 * ligands), which the page shows beside the scene. Both formats share the PDB's fixed columns;
 * PDBQT adds charge and AutoDock type after them, which are not read.
 */

export type StructureFormat = 'pdb' | 'pdbqt';

export interface ChainSummary {
  id: string;
  /** Polymer residues (amino acids and nucleotides). */
  residues: number;
}

export interface StructureSummary {
  atoms: number;
  chains: ChainSummary[];
  /** Hetero groups other than water, as "RESN CHAIN RESI". */
  ligands: string[];
  waters: number;
}

/** A file the viewer cannot draw; `key` is the i18n key of the reason, `values` its values. */
export class StructureReadError extends Error {
  constructor(
    readonly key: 'unsupportedFormat' | 'noAtoms' | 'badCoordinates' | 'emptyFile',
    readonly values: Record<string, string | number> = {},
  ) {
    super(key);
  }
}

export const WATERS: ReadonlySet<string> = new Set(['HOH', 'WAT', 'H2O', 'DOD', 'TIP', 'TIP3', 'SOL']);
/**
 * Residues of a polymer chain: amino acids (with the protonation names of prepared receptors) and
 * nucleotides. Anything else is a ligand, even written as ATOM, as docking tools write PDBQT poses (UNL).
 */
export const POLYMER_RESIDUES: ReadonlySet<string> = new Set([
  ...['ALA', 'ARG', 'ASN', 'ASP', 'CYS', 'GLN', 'GLU', 'GLY', 'HIS', 'ILE', 'LEU', 'LYS', 'MET', 'PHE', 'PRO', 'SER', 'THR', 'TRP', 'TYR', 'VAL', 'MSE', 'SEC', 'PYL'],
  ...['HID', 'HIE', 'HIP', 'CYX', 'CYM', 'ASH', 'GLH', 'LYN', 'ACE', 'NME'],
  ...['DA', 'DC', 'DG', 'DT', 'DU', 'A', 'C', 'G', 'U', 'I'],
]);
/** Stands for a blank chain column (prepared receptors often have none). */
export const NO_CHAIN_ID = '-';
const ATOM_RECORD = /^(ATOM  |HETATM)/;

/** The format from a file name, or an error for any other extension. */
export function formatOfFileName(name: string): StructureFormat {
  const extension = name.toLowerCase().split('.').pop();
  if (extension === 'pdb' || extension === 'pdbqt') return extension;
  throw new StructureReadError('unsupportedFormat', { name });
}

const coordinate = (line: string, from: number) => Number(line.slice(from, from + 8));

/**
 * Summarises the first model of a PDB or PDBQT text (3Dmol.js draws the first model too). Throws
 * StructureReadError for an empty file, one without atom records, or a record whose coordinates
 * are not numbers (the usual sign of a file cut short or of another format renamed).
 */
export function readStructure(text: string): StructureSummary {
  if (!text.trim()) throw new StructureReadError('emptyFile');
  const residuesByChain = new Map<string, Set<string>>();
  const ligands = new Set<string>();
  const waters = new Set<string>();
  let atoms = 0;
  const lines = text.split(/\r?\n/);
  for (const [index, line] of lines.entries()) {
    if (line.startsWith('ENDMDL')) break;
    if (!ATOM_RECORD.test(line)) continue;
    const [x, y, z] = [coordinate(line, 30), coordinate(line, 38), coordinate(line, 46)];
    if (line.length < 54 || ![x, y, z].every(Number.isFinite)) throw new StructureReadError('badCoordinates', { line: index + 1 });
    atoms += 1;
    const resn = line.slice(17, 20).trim();
    const chain = line.slice(21, 22).trim() || NO_CHAIN_ID;
    const residue = `${resn} ${chain} ${line.slice(22, 27).trim()}`;
    if (POLYMER_RESIDUES.has(resn)) {
      const residues = residuesByChain.get(chain) ?? new Set<string>();
      residues.add(residue);
      residuesByChain.set(chain, residues);
    } else if (WATERS.has(resn)) waters.add(residue);
    else ligands.add(residue);
  }
  if (atoms === 0) throw new StructureReadError('noAtoms');
  const chains = [...residuesByChain].map(([id, residues]) => ({ id, residues: residues.size }));
  return { atoms, chains, ligands: [...ligands], waters: waters.size };
}
