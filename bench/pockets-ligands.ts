/**
 * Ligands for the pocket benchmark and the re-scorer's training data: hetero atoms clustered into
 * ligands, P2Rank's default rules for which of them are "relevant", and the heavy atoms of a ligand
 * file (SDF V2000 or Tripos mol2). Values of the rules are P2Rank's Params.groovy defaults, as
 * documented in the `pockets` dataset's README.
 */
import type { HeteroAtom, ProteinAtoms } from '../packages/pockets/src/pdb.ts';

/** P2Rank's `ligand_clustering_distance`. */
const CLUSTER_DISTANCE = 1.7;
/** P2Rank's `min_ligand_atoms`. */
const MIN_LIGAND_ATOMS = 5;
/** P2Rank's `ligc_prot_dist`: ligands whose centre lies farther from the protein are floating. */
const MAX_CENTRE_TO_PROTEIN = 5.5;
/** P2Rank's `ignore_het_groups`. */
const IGNORED_GROUPS = new Set(['HOH', 'DOD', 'WAT', 'NAG', 'MAN', 'UNK', 'GLC', 'ABA', 'MPD', 'GOL', 'SO4', 'PO4']);

/** Hetero heavy atoms grouped by single linkage at 1.7 Å (waters are already dropped by parsePdb). */
export function heteroClusters(hetero: readonly HeteroAtom[]): HeteroAtom[][] {
  const heavy = hetero.filter((h) => h.element !== 'H');
  const parent = heavy.map((_, i) => i);
  const find = (i: number): number => (parent[i] === i ? i : (parent[i] = find(parent[i]!)));
  for (let i = 0; i < heavy.length; i++)
    for (let j = i + 1; j < heavy.length; j++) {
      const a = heavy[i]!, b = heavy[j]!;
      if ((a.x - b.x) ** 2 + (a.y - b.y) ** 2 + (a.z - b.z) ** 2 <= CLUSTER_DISTANCE ** 2) parent[find(i)] = find(j);
    }
  const groups = new Map<number, HeteroAtom[]>();
  heavy.forEach((atom, i) => groups.set(find(i), [...(groups.get(find(i)) ?? []), atom]));
  return [...groups.values()];
}

export function centreOf(xyz: readonly number[]): [number, number, number] {
  const n = xyz.length / 3;
  const mean = (k: number): number => xyz.filter((_, i) => i % 3 === k).reduce((s, v) => s + v, 0) / n;
  return [mean(0), mean(1), mean(2)];
}

export const clusterXyz = (cluster: readonly HeteroAtom[]): number[] => cluster.flatMap((a) => [a.x, a.y, a.z]);

function distanceToProtein(p: ProteinAtoms, point: readonly number[]): number {
  let best = Infinity;
  for (let i = 0; i < p.n; i++) {
    best = Math.min(best, (p.coords[3 * i]! - point[0]!) ** 2 + (p.coords[3 * i + 1]! - point[1]!) ** 2 + (p.coords[3 * i + 2]! - point[2]!) ** 2);
  }
  return Math.sqrt(best);
}

/** Whether a hetero cluster is a relevant ligand by P2Rank's default rules. */
export function isRelevantLigand(p: ProteinAtoms, cluster: readonly HeteroAtom[]): boolean {
  return (
    cluster.length >= MIN_LIGAND_ATOMS &&
    !cluster.every((a) => IGNORED_GROUPS.has(a.resname)) &&
    distanceToProtein(p, centreOf(clusterXyz(cluster))) <= MAX_CENTRE_TO_PROTEIN
  );
}

/** Heavy-atom coordinates (x,y,z interleaved) of the first molecule in SDF V2000 or mol2 text. */
export function ligandHeavyAtoms(text: string, format: 'sdf' | 'mol2'): number[] {
  const lines = text.split(/\r?\n/);
  const xyz: number[] = [];
  if (format === 'sdf') {
    const atoms = Number(lines[3]!.slice(0, 3));
    for (const line of lines.slice(4, 4 + atoms)) {
      const [x, y, z, element] = line.trim().split(/\s+/);
      if (element !== 'H') xyz.push(Number(x), Number(y), Number(z));
    }
  } else {
    const start = lines.findIndex((l) => l.startsWith('@<TRIPOS>ATOM'));
    for (const line of lines.slice(start + 1)) {
      if (line.startsWith('@<TRIPOS>')) break;
      const [, , x, y, z, type] = line.trim().split(/\s+/);
      if (type && type.split('.')[0] !== 'H') xyz.push(Number(x), Number(y), Number(z));
    }
  }
  if (!xyz.length || xyz.some((v) => !Number.isFinite(v))) throw new Error(`ligand file without readable heavy atoms (${format})`);
  return xyz;
}
