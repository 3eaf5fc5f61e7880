import type { QsarpredRow } from '@yunyao/modules/forms/qsarpred';
import type { ScoreHistogram } from '../../components/charts/score-histogram.ts';
import type { Highlight } from '../../components/Molecule2D.tsx';

/** A classifier's rows carry the predicted class; a regressor's never do. */
export const isClassification = (rows: readonly QsarpredRow[]) => rows.some((r) => r.predicted_class !== null && r.predicted_class !== undefined);

export interface PredictionCounts {
  total: number;
  predicted: number;
  outOfDomain: number;
  failed: number;
}

export function predictionCounts(rows: readonly QsarpredRow[]): PredictionCounts {
  return {
    total: rows.length,
    predicted: rows.filter((r) => !r.error && r.prediction !== null).length,
    outOfDomain: rows.filter((r) => !r.error && r.out_of_domain === true).length,
    failed: rows.filter((r) => Boolean(r.error)).length,
  };
}

/** Probabilities in tenths; values in about √n bins, 5 to 20, so a handful of molecules is not lost among empty bars. */
const PROBABILITY_BINS = 10;
const valueBins = (n: number) => Math.min(20, Math.max(5, Math.ceil(Math.sqrt(n))));

/**
 * The predictions' distribution as the score histogram draws it. Probabilities are binned over
 * 0–1, values over their own range; a single value gets bins around itself.
 */
export function predictionHistogram(rows: readonly QsarpredRow[], classification: boolean, binCount?: number): ScoreHistogram {
  const values = rows.filter((r) => !r.error).flatMap((r) => (r.prediction === null || !Number.isFinite(r.prediction) ? [] : [r.prediction]));
  if (!values.length) return { count: [], interval: [] };
  const bins = binCount ?? (classification ? PROBABILITY_BINS : valueBins(values.length));
  let lo = classification ? 0 : Math.min(...values);
  let hi = classification ? 1 : Math.max(...values);
  if (hi === lo) {
    lo -= 0.5;
    hi += 0.5;
  }
  const width = (hi - lo) / bins;
  const interval = Array.from({ length: bins + 1 }, (_, i) => Number((lo + i * width).toFixed(6)));
  const count = new Array<number>(bins).fill(0);
  for (const v of values) count[Math.min(bins - 1, Math.max(0, Math.floor((v - lo) / width)))]! += 1;
  return { count, interval };
}

/** Raises the prediction: red; lowers it: blue (RDKit similarity-map colours). */
const RAISES: readonly [number, number, number] = [0.84, 0.19, 0.15];
const LOWERS: readonly [number, number, number] = [0.13, 0.4, 0.85];
/** Atoms weighing less than this share of the largest are left plain, so the few that matter stand out. */
const MIN_SHARE = 0.15;
const MIN_RADIUS = 0.2;
const MAX_RADIUS = 0.4;

const mix = (color: readonly [number, number, number], share: number): [number, number, number] =>
  color.map((c) => Number((1 - share * (1 - c)).toFixed(3))) as [number, number, number];

/**
 * Each atom's contribution drawn on the structure: its colour says which way it pushes the
 * prediction, its strength and circle size how much, relative to the molecule's largest weight.
 */
export function atomWeightHighlight(weights: readonly number[] | null | undefined): Highlight | undefined {
  if (!weights?.length) return undefined;
  const largest = Math.max(...weights.map((w) => (Number.isFinite(w) ? Math.abs(w) : 0)));
  if (!(largest > 0)) return undefined;
  const atoms: number[] = [];
  const highlightAtomColors: Record<number, [number, number, number]> = {};
  const highlightAtomRadii: Record<number, number> = {};
  weights.forEach((w, i) => {
    const share = Number.isFinite(w) ? Math.abs(w) / largest : 0;
    if (share < MIN_SHARE) return;
    atoms.push(i);
    highlightAtomColors[i] = mix(w > 0 ? RAISES : LOWERS, share);
    highlightAtomRadii[i] = Number((MIN_RADIUS + (MAX_RADIUS - MIN_RADIUS) * share).toFixed(3));
  });
  return { atoms, bonds: [], highlightAtomColors, highlightAtomRadii };
}

/** The row first shown in the detail panel: the first one predicted. */
export const firstPredicted = (rows: readonly QsarpredRow[]) => rows.find((r) => !r.error && r.prediction !== null) ?? null;
