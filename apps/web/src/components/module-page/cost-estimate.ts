import type { CostEstimate } from '@yunyao/contract/api';

/** Core-hours to two significant digits (0.00063, 1.2, 340): the estimate is no finer than that. */
export function formatCoreHours(coreHours: number): string {
  return coreHours.toLocaleString('en', { maximumSignificantDigits: 2, useGrouping: false });
}

/** Submission would be refused (HTTP 402): what it holds is more than the balance has free. */
export const holdTooLarge = (cost: CostEstimate): boolean => cost.hold > cost.available;

/** A cap under the estimate may stop the task before it ends. */
export const capBelowEstimate = (cap: number | null, cost: CostEstimate | null): boolean => cap !== null && cost !== null && cap < cost.estimate;
