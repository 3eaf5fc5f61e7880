import type { PharmacophoreQuery } from '@yunyao/modules/forms/pharmer';

/** One row of a pharmacophore task's result.json, as python/yunyao/pharmer/screen.py writes it. */
export interface PharmerRow {
  ID: string;
  SMILES: string;
  /** Vina energy of the best aligned placements optimised in the receptor, kcal/mol: what the step ranks by. */
  vina?: number | null;
  score?: number | null;
  /** Meets the query as set (all enabled features but one, no clash); the others are ranked partial matches. */
  pass?: boolean | null;
  /** Every placement of the molecule overlaps the receptor: ranked after the rest. */
  clash?: boolean | null;
  rmsd?: number | null;
  shape?: number | null;
  matched?: number | null;
  total?: number | null;
  features?: string[] | null;
  error?: string | null;
}

export interface PharmerHit {
  rank: number | null;
  id: string;
  smiles: string;
  vina: number | null;
  score: number | null;
  pass: boolean;
  clash: boolean;
  rmsd: number | null;
  shape: number | null;
  matched: number | null;
  total: number | null;
  features: string[];
  error: string | null;
}

/** Bands of the rank score (0–1) a chemist reads at a glance; the model card gives their meaning. */
export const SCORE_BANDS = { strong: 0.55, fair: 0.4 } as const;
export type ScoreBand = 'strong' | 'fair' | 'weak';

export function scoreBand(score: number): ScoreBand {
  return score >= SCORE_BANDS.strong ? 'strong' : score >= SCORE_BANDS.fair ? 'fair' : 'weak';
}

const numberOrNull = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? v : null);

/** The rows ranked as the step ranked them (best first), error rows after without a rank. */
export function pharmerHits(rows: readonly PharmerRow[]): PharmerHit[] {
  let rank = 0;
  return rows.map((r) => {
    const error = r.error ?? null;
    return {
      rank: error ? null : ++rank,
      id: r.ID,
      smiles: r.SMILES,
      vina: numberOrNull(r.vina),
      score: numberOrNull(r.score),
      pass: r.pass === true,
      clash: r.clash === true,
      rmsd: numberOrNull(r.rmsd),
      shape: numberOrNull(r.shape),
      matched: numberOrNull(r.matched),
      total: numberOrNull(r.total),
      features: r.features ?? [],
      error,
    };
  });
}

/** Whether the step rescored the molecules with Vina (tasks before the rescoring have no `vina`), so the table shows the energy. */
export function rescored(hits: readonly PharmerHit[]): boolean {
  return hits.some((h) => h.vina !== null);
}

/** The query the task screened with, from its result document (`summary.query`). */
export function queryOf(summary: Record<string, unknown> | null): PharmacophoreQuery | null {
  const query = summary?.query as PharmacophoreQuery | undefined;
  return query && Array.isArray(query.features) ? query : null;
}
