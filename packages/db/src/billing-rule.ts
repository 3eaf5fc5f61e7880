import type { TaskFailureKind } from '@yunyao/contract';

/** How a task ended, as far as its bill goes: succeeded, or failed in one of the failure kinds. */
export type TaskEnding = 'succeeded' | TaskFailureKind;

/**
 * Which endings pay for the CPU they used: the one billing rule, shown as the table in
 * docs/api.md's "Billing". An input the step refused before doing real work is free, as is
 * anything the platform broke; an engine that failed, a time limit, a task stopped at its
 * spending cap or the user's own cancel leave the machine time used, so it is paid.
 */
export const CHARGED_ENDINGS: Readonly<Record<TaskEnding, boolean>> = {
  succeeded: true,
  engine: true,
  time_limit: true,
  cancelled: true,
  spending_cap: true,
  input: false,
  platform: false,
};

/** Core-hours to 6 decimals; the fee rounds up to the next fen so any use of the machine is paid for. */
export function bill(cpuSeconds: number, priceFenPerCoreHour: number): { machineTime: number; feeFen: number } {
  const machineTime = Math.round((cpuSeconds / 3600) * 1e6) / 1e6;
  const feeFen = Math.ceil(Number(((cpuSeconds / 3600) * priceFenPerCoreHour).toFixed(6)));
  return { machineTime, feeFen };
}

/**
 * What a task that ended this way is charged: its CPU time at the module's price, or nothing;
 * never more than the hold placed at submission (`holdFen`, absent for tasks that had none).
 */
export function taskCharge(ending: TaskEnding, cpuSeconds: number, priceFenPerCoreHour: number, holdFen?: number): { machineTime: number; feeFen: number } {
  if (!CHARGED_ENDINGS[ending]) return { machineTime: 0, feeFen: 0 };
  const { machineTime, feeFen } = bill(cpuSeconds, priceFenPerCoreHour);
  return { machineTime, feeFen: holdFen === undefined ? feeFen : Math.min(feeFen, holdFen) };
}

/**
 * How much more than its estimate a task may use before it is stopped, when the user set no
 * cap. Estimates come from the input's size (molecules, atoms, settings), not from running the
 * engine, so a margin lets ordinary variation finish while a runaway still ends.
 */
export const HOLD_MARGIN = 3;
/** The smallest hold without a cap (0.10 yuan): below it the estimate's rounding dominates. */
export const MIN_HOLD_FEN = 10;

export interface TaskCost {
  /** The module's estimate, rounded up to the fen (at least 1). */
  estimateFen: number;
  /** What submission holds on the balance and the most the task may be charged. */
  holdFen: number;
}

/**
 * A submission's estimate and hold: the user's cap when given, else the estimate with its margin
 * (at least MIN_HOLD_FEN); never more than the task could use within its cores and time limit.
 */
export function taskCost(input: { coreHours: number; maxCoreHours: number; priceFenPerCoreHour: number; capFen?: number }): TaskCost {
  const price = input.priceFenPerCoreHour;
  const estimateFen = Math.max(1, Math.ceil(Number((input.coreHours * price).toFixed(6))));
  const ceiling = Math.max(1, Math.ceil(input.maxCoreHours * price));
  const wanted = input.capFen ?? Math.max(MIN_HOLD_FEN, Math.ceil(estimateFen * HOLD_MARGIN));
  return { estimateFen, holdFen: Math.min(wanted, ceiling) };
}

/** The CPU seconds a hold buys at this price: the budget the worker stops a task at. */
export function cpuSecondsOfHold(holdFen: number, priceFenPerCoreHour: number): number {
  return priceFenPerCoreHour > 0 ? (holdFen / priceFenPerCoreHour) * 3600 : Number.POSITIVE_INFINITY;
}
