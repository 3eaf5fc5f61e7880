import { pepsearchCoreHours, type SamplingLevel } from '@yunyao/modules/forms/pepsearch';

/** Residues the help speaks of while no sequence is typed: the size docs/models/peptides.md measures. */
export const EXAMPLE_RESIDUES = 10;

export type Duration = { unit: 'underMinute' } | { unit: 'minutes' | 'hours'; count: number };

/**
 * The wall time a level takes for a sequence on `cores`, from the module's own core-hour estimate
 * (the one the hold is made from); decoy batches and refinements run in parallel, so cores divide it.
 */
export function samplingDuration(residues: number, level: SamplingLevel, cores: number): Duration {
  const seconds = (pepsearchCoreHours(residues || EXAMPLE_RESIDUES, level) * 3600) / Math.max(cores, 1);
  if (seconds < 60) return { unit: 'underMinute' };
  if (seconds < 3600) return { unit: 'minutes', count: Math.round(seconds / 60) };
  const hours = seconds / 3600;
  return { unit: 'hours', count: hours < 10 ? Math.round(hours * 10) / 10 : Math.round(hours) };
}
