/** One model of a peptide task's result.json, as python/yunyao/pepsearch writes it. */
export interface PeptideRow {
  rank: number;
  model_file: string;
  energy_kcal_mol?: number | null;
  cluster_size?: number | null;
  population_percent?: number | null;
  /** DSSP letter per residue. */
  ss?: string | null;
  helix_percent?: number | null;
  strand_percent?: number | null;
  radius_of_gyration_a?: number | null;
  end_to_end_a?: number | null;
  ca_rmsd_to_model1_a?: number | null;
  /** Energy minus the lowest of the returned models (0 = lowest; not necessarily rank 1). */
  relative_energy_kcal_mol?: number | null;
  /** Share of the independent searches (annealing snapshots or assembled decoys) that ended in this shape. */
  confidence_percent?: number | null;
}

/** A model's energy above the lowest of the task's models, as the engine writes it or, for results written before that column, from the absolute energies. */
export function relativeEnergy(row: PeptideRow, models: PeptideRow[]): number | null {
  if (typeof row.relative_energy_kcal_mol === 'number') return row.relative_energy_kcal_mol;
  const energies = models.map((m) => m.energy_kcal_mol).filter((e): e is number => typeof e === 'number');
  return typeof row.energy_kcal_mol === 'number' && energies.length ? row.energy_kcal_mol - Math.min(...energies) : null;
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
export function foldOf(row: Pick<PeptideRow, 'helix_percent' | 'strand_percent' | 'radius_of_gyration_a'>, residues: number): Fold {
  const helix = row.helix_percent ?? 0;
  const strand = row.strand_percent ?? 0;
  const rg = row.radius_of_gyration_a;
  if (helix >= 33 && strand >= 20) return 'mixed';
  if (helix >= 33) return 'helix';
  if (strand >= 33) return 'hairpin';
  // Rg of a compact globule of N residues ≈ 2.2 N^0.38 Å (Skolnick et al.); 1.5× that is still compact.
  return rg !== null && rg !== undefined && rg <= 1.5 * 2.2 * residues ** 0.38 ? 'compact' : 'extended';
}
