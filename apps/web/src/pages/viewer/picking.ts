/**
 * What the user picks in the viewer: residues (selected, labelled) and pairs of atoms (distances).
 * Kept apart from 3Dmol.js so the rules are plain functions; the scene draws what they hold.
 */

export type Point = [number, number, number];

/** An atom as the user picked it; `structure` is the key of the loaded structure it belongs to. */
export interface PickedAtom {
  structure: string;
  chain: string;
  resi: number;
  resn: string;
  atom: string;
  position: Point;
}

export interface SelectedResidue {
  structure: string;
  chain: string;
  resi: number;
  resn: string;
}

export interface Measurement {
  from: PickedAtom;
  to: PickedAtom;
  /** Å */
  distance: number;
}

/** A chain id (optional when the structure has one chain) and a residue number, as typed. */
export interface ResidueQuery {
  chain: string | null;
  resi: number;
}

export const residueKey = (r: Pick<SelectedResidue, 'structure' | 'chain' | 'resi'>): string => `${r.structure}|${r.chain}|${r.resi}`;

/** "LYS A162": how structural biologists name a residue. */
export const residueLabel = (r: Pick<SelectedResidue, 'chain' | 'resi' | 'resn'>): string => `${r.resn} ${r.chain}${r.resi}`;

export const atomLabel = (a: PickedAtom): string => `${residueLabel(a)}:${a.atom}`;

export const distanceOf = (a: Point, b: Point): number => Math.hypot(a[0] - b[0], a[1] - b[1], a[2] - b[2]);

export const midpoint = (a: Point, b: Point): Point => [(a[0] + b[0]) / 2, (a[1] + b[1]) / 2, (a[2] + b[2]) / 2];

/** Adds the residue, or takes it away when it is already selected (a second click undoes the first). */
export function toggleResidue(selection: readonly SelectedResidue[], residue: SelectedResidue): SelectedResidue[] {
  const key = residueKey(residue);
  return selection.some((r) => residueKey(r) === key) ? selection.filter((r) => residueKey(r) !== key) : [...selection, residue];
}

/**
 * The next state of a distance measurement after an atom is picked: the first atom waits for a
 * second; the second closes a measurement. Picking the waiting atom again cancels it.
 */
export function pickForMeasurement(pending: PickedAtom | null, atom: PickedAtom): { pending: PickedAtom | null; measured: Measurement | null } {
  if (!pending) return { pending: atom, measured: null };
  if (pending.structure === atom.structure && distanceOf(pending.position, atom.position) === 0) return { pending: null, measured: null };
  return { pending: null, measured: { from: pending, to: atom, distance: distanceOf(pending.position, atom.position) } };
}

/** "A 162", "A162", "A:162", "a 162" or "162" (any chain); null when it is none of these. */
export function parseResidueQuery(text: string): ResidueQuery | null {
  const match = /^\s*(?:([A-Za-z0-9])\s*[:\s]?\s*)??(-?\d+)\s*$/.exec(text);
  if (!match) return null;
  return { chain: match[1] ? match[1].toUpperCase() : null, resi: Number(match[2]) };
}
