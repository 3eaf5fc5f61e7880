import type { PharmacophoreQuery } from '@yunyao/modules/forms/pharmer';

/** One row of a pharmacophore task's result.json, as python/yunyao/pharmer/screen.py writes it. */
export interface PharmerRow {
  ID: string;
  SMILES: string;
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

/** The query the task screened with, from its result document (`summary.query`). */
export function queryOf(summary: Record<string, unknown> | null): PharmacophoreQuery | null {
  const query = summary?.query as PharmacophoreQuery | undefined;
  return query && Array.isArray(query.features) ? query : null;
}
