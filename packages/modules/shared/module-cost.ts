import type { z } from 'zod';
import { taskResources, type ModuleDefinition } from '../types.ts';
import type { InputMeasures } from './input-measure.ts';

/**
 * How much more than its estimate a task may use before it is stopped, when the user set no
 * cap. Estimates come from the input's size (molecules, atoms, settings), not from running the
 * engine, so a margin lets ordinary variation finish while a runaway still ends.
 */
export const HOLD_MARGIN = 3;
/** The smallest hold without a cap (0.10 yuan): below it the estimate's rounding dominates. */
export const MIN_HOLD_FEN = 10;

/** A submission's cost before it runs. */
export interface TaskCost {
  /** The module's estimate of the CPU core-hours. */
  coreHours: number;
  /** The estimate at the module's price, rounded up to the fen (at least 1). */
  estimateFen: number;
  /** What submission holds on the balance and the most the task may be charged. */
  holdFen: number;
}

/**
 * A submission's estimate and hold: the user's cap (`capFen`) when given, else the estimate with
 * its margin (at least MIN_HOLD_FEN); never more than the task could use within its cores and
 * time limit. The server holds exactly this, and the module tests run their examples under it.
 */
export function moduleCost<P extends z.ZodType>(mod: ModuleDefinition<P>, params: z.infer<P>, inputs: InputMeasures, capFen?: number): TaskCost {
  const price = mod.priceFenPerCoreHour;
  const coreHours = mod.estimateCoreHours(params, inputs);
  const estimateFen = estimateFenOf(coreHours, price);
  const ceiling = Math.max(1, Math.ceil(((taskResources(mod, params).cores * mod.timeLimitSeconds) / 3600) * price));
  const wanted = capFen ?? Math.max(MIN_HOLD_FEN, Math.ceil(estimateFen * HOLD_MARGIN));
  return { coreHours, estimateFen, holdFen: Math.min(wanted, ceiling) };
}

/** Core-hours at a price (fen per core-hour), rounded up to the fen and at least 1: a task's estimate. */
export function estimateFenOf(coreHours: number, priceFenPerCoreHour: number): number {
  return Math.max(1, Math.ceil(Number((coreHours * priceFenPerCoreHour).toFixed(6))));
}

/** The CPU seconds a hold buys at this price: the budget the worker stops a task at. */
export function cpuSecondsOfHold(holdFen: number, priceFenPerCoreHour: number): number {
  return (holdFen / priceFenPerCoreHour) * 3600;
}
