import type { GraphDtaRow, SignRow } from '@yunyao/contract';

/**
 * The two affinity modules' rows (python/yunyao/sign/sign.py and python/yunyao/graph_dta/predict.py, both the
 * spec's task output row, declared in @yunyao/contract) read into one view row, so one dialog shows both.
 */
export interface AffinityRow {
  index: number;
  id: string;
  smiles: string;
  /** sign: predicted pK; graph_dta: pKd (Davis) or the KIBA score. */
  affinity: number | null;
  /** Kd in nM (sign: from pK; graph_dta: Davis only). */
  kdNm: number | null;
  /** sign only: Vina's score of the scored pose (kcal/mol). */
  vinaScore: number | null;
  posed: 'input' | 'docked' | null;
  /** sign: per complex; graph_dta: per pair (protein and ligand; rows from before that: the protein's). */
  inDomain: boolean | null;
  /** Why the row is outside the domain (Chinese, from the step), when it is. */
  domainNote: string | null;
  /** The 90 % conformal interval of `affinity`, when the model has one. */
  low: number | null;
  high: number | null;
  /** graph_dta: false when the interval holds the training median (not distinguishable from a typical pair). */
  distinctFromTypical: boolean | null;
  error: string | null;
}

export function signRow(r: SignRow): AffinityRow {
  return {
    index: r.index,
    id: r.ID,
    smiles: r.SMILES,
    affinity: r.affinity,
    kdNm: r.Kd,
    vinaScore: r.score,
    posed: r.posed,
    inDomain: r.in_domain,
    domainNote: r.domain_note ?? null,
    low: r.pk_low ?? null,
    high: r.pk_high ?? null,
    distinctFromTypical: null,
    error: r.error ?? null,
  };
}

/** A graph_dta row; rows written before the step judged each pair fall back on the protein's domain. */
export function dtaRow(r: GraphDtaRow, proteinInDomain: boolean | null): AffinityRow {
  return {
    index: r.index,
    id: r.ID,
    smiles: r.SMILES,
    affinity: r.affinity,
    kdNm: r.Kd,
    vinaScore: null,
    posed: null,
    inDomain: r.error ? null : (r.in_domain ?? proteinInDomain),
    domainNote: r.domain_note ?? null,
    low: r.affinity_low ?? null,
    high: r.affinity_high ?? null,
    distinctFromTypical: r.distinct_from_typical ?? null,
    error: r.error ?? null,
  };
}

/** "6.36–7.84": the interval, or '' when the row has none. */
export function formatInterval(r: Pick<AffinityRow, 'low' | 'high'>): string {
  return r.low === null || r.high === null ? '' : `${r.low.toFixed(2)}–${r.high.toFixed(2)}`;
}

/**
 * A Kd as a chemist reads it: nM below 1 µM, µM below 1 mM, mM beyond; two significant digits
 * (the models are not more precise than that).
 */
export function formatKd(nm: number | null): string {
  if (nm === null || !Number.isFinite(nm)) return '–';
  const [value, unit] = nm < 1e3 ? [nm, 'nM'] : nm < 1e6 ? [nm / 1e3, 'µM'] : [nm / 1e6, 'mM'];
  return `${Number(value.toPrecision(2))} ${unit}`;
}

/** Every number in a nested metrics object, with its path (`vina+xgboost · cross_validation · pearson`). */
export function metricEntries(metrics: unknown, path: string[] = []): { name: string; value: number }[] {
  if (typeof metrics === 'number') return [{ name: path.join(' · '), value: metrics }];
  if (!metrics || typeof metrics !== 'object') return [];
  return Object.entries(metrics).flatMap(([key, value]) => metricEntries(value, [...path, key]));
}
