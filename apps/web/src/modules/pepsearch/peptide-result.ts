/** One model of a peptide task's result.json, as python/yunyao/peptide writes it. */
export interface PeptideRow {
  rank: number;
  model: string;
  energy?: number | null;
  cluster_size?: number | null;
  population?: number | null;
  ss?: string | null;
  helix?: number | null;
  strand?: number | null;
  rg?: number | null;
  end_to_end?: number | null;
  rmsd_to_top?: number | null;
}

/** DSSP's eight letters reduced to what a chemist reads: helix, strand or coil. */
export type SecondaryClass = 'helix' | 'strand' | 'coil';
const CLASS_OF: Record<string, SecondaryClass> = { H: 'helix', G: 'helix', I: 'helix', E: 'strand', B: 'strand' };
export const SECONDARY_COLORS: Record<SecondaryClass, string> = { helix: '#f5222d', strand: '#faad14', coil: '#bfbfbf' };

export function secondaryClass(letter: string): SecondaryClass {
  return CLASS_OF[letter] ?? 'coil';
}

/** The fold a model's secondary structure and compactness describe, in one word. */
export type Fold = 'helix' | 'hairpin' | 'mixed' | 'compact' | 'extended';

/** Helix or strand over a third of the residues names the fold; otherwise its radius of gyration against an ideal globule's. */
export function foldOf(row: Pick<PeptideRow, 'helix' | 'strand' | 'rg'>, residues: number): Fold {
  const helix = row.helix ?? 0;
  const strand = row.strand ?? 0;
  if (helix >= 33 && strand >= 20) return 'mixed';
  if (helix >= 33) return 'helix';
  if (strand >= 33) return 'hairpin';
  // Rg of a compact globule of N residues ≈ 2.2 N^0.38 Å (Skolnick et al.); 1.5× that is still compact.
  return row.rg !== null && row.rg !== undefined && row.rg <= 1.5 * 2.2 * residues ** 0.38 ? 'compact' : 'extended';
}
