import { z } from 'zod';

/*
 * A QSAR model card as the build writes it (python/yunyao/qsar/build.py `card`): the build task's
 * result `card`, and the registry's `card`. Every key is optional and a malformed one reads as
 * missing, so a card from an older or newer build still shows what it has.
 */

const lenient = <T extends z.ZodType>(schema: T) => schema.optional().catch(undefined);
const num = lenient(z.number().nullable());
const str = lenient(z.string().nullable());

const skippedRowSchema = z.looseObject({ line: num, smiles: str, reason: str });

export const qsarCardSchema = z.looseObject({
  mode: str,
  label: str,
  smiles_col: str,
  algorithm: str,
  descriptors: lenient(z.union([z.array(z.string()), z.string()])),
  best_params: lenient(z.record(z.string(), z.unknown())),
  metric: str,
  // `folds`: each fold's score (python/yunyao/qsar/build.py), or their count.
  cv: lenient(z.looseObject({ mean: num, sd: num, folds: lenient(z.union([z.number(), z.array(z.number().nullable())])) })),
  test: lenient(z.looseObject({ n: num, metrics: lenient(z.record(z.string(), z.number().nullable())) })),
  // The build's blend with the kernel SVM (python/yunyao/qsar/blend.py): its grouped-CV score against the search's best alone.
  blend: lenient(z.looseObject({ chosen: lenient(z.boolean()), alone_cv: num, blend_cv: num })),
  interval: lenient(z.looseObject({ method: str, level: num, cv_coverage: num, test_coverage: num })),
  domain: lenient(z.looseObject({ method: str, threshold: num })),
  data: lenient(
    z.looseObject({
      sha256: str,
      file: str,
      rows: num,
      used: num,
      development: num,
      test: num,
      skipped: lenient(z.array(skippedRowSchema)),
      duplicates_merged: num,
    }),
  ),
  plots: lenient(
    z.looseObject({
      test_points: lenient(z.array(z.object({ observed: z.number(), predicted: z.number() }))),
      roc: lenient(z.array(z.object({ fpr: z.number(), tpr: z.number() }))),
      calibration: lenient(z.array(z.object({ predicted: z.number(), observed: z.number(), n: z.number().optional() }))),
    }),
  ),
  versions: lenient(z.record(z.string(), z.unknown())),
  seed: num,
  trials_run: num,
  trials_requested: num,
  stopped_by: str,
  search: lenient(z.looseObject({ folds: num, split: str })),
});
export type QsarCard = z.infer<typeof qsarCardSchema>;
export type QsarSkippedRow = z.infer<typeof skippedRowSchema>;

/** Whatever the server handed over, as a card (an empty one when it is none). */
export function readCard(value: unknown): QsarCard {
  const parsed = qsarCardSchema.safeParse(value ?? {});
  return parsed.success ? parsed.data : {};
}

export const isClassifier = (card: Pick<QsarCard, 'mode'>) => card.mode === 'classification';

/** The test metrics in the order the card shows them; the first is the headline. */
const METRIC_ORDER = {
  regression: ['R2', 'RMSE', 'MAE', 'Pearson', 'Spearman'],
  classification: ['AUROC', 'AUPRC', 'accuracy', 'MCC', 'Brier'],
} as const;

/** How a metric name is written on screen (the card's keys are plain ASCII). */
export const metricLabel = (name: string) => (name === 'R2' ? 'R²' : name);

/** The card's test metrics, known ones first in their order, then any others it has. */
export function testMetrics(card: QsarCard): { name: string; value: number | null }[] {
  const metrics = card.test?.metrics ?? {};
  const known: readonly string[] = METRIC_ORDER[isClassifier(card) ? 'classification' : 'regression'];
  const names = [...known.filter((n) => n in metrics), ...Object.keys(metrics).filter((n) => !known.includes(n))];
  return names.map((name) => ({ name, value: metrics[name] ?? null }));
}

/** The headline: R² (regression) or AUROC (classification) on the held-out test set, null where the card has none. */
export function headlineMetric(card: QsarCard): { name: string; value: number | null } {
  const name = isClassifier(card) ? 'AUROC' : 'R2';
  return { name, value: card.test?.metrics?.[name] ?? null };
}

export const formatNumber = (v: number | null | undefined, digits = 3) => (v === null || v === undefined || !Number.isFinite(v) ? '–' : v.toFixed(digits));

/** A share (0–1) as a percentage, e.g. an interval's coverage. */
export const formatShare = (v: number | null | undefined) => (v === null || v === undefined || !Number.isFinite(v) ? '–' : `${(v * 100).toFixed(1)}%`);

/** The descriptor(s) the model was built on, however the card lists them. */
export const cardDescriptors = (card: QsarCard): string[] => (Array.isArray(card.descriptors) ? card.descriptors : card.descriptors ? [card.descriptors] : []);

/** How many cross-validation folds scored the model: the card's fold scores counted, or the search's count. */
export function foldCount(card: QsarCard): number | null {
  const folds = card.cv?.folds;
  if (Array.isArray(folds)) return folds.length || null;
  return folds ?? card.search?.folds ?? null;
}

/** The cross-validated score as "0.812 ± 0.041", or null where the card has no mean. */
export function cvText(card: QsarCard): string | null {
  const mean = card.cv?.mean;
  if (mean === null || mean === undefined) return null;
  const sd = card.cv?.sd;
  return sd === null || sd === undefined ? formatNumber(mean) : `${formatNumber(mean)} ± ${formatNumber(sd)}`;
}
