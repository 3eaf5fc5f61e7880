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
 * Which ends of a supercomputer job (its Slurm state) are not paid for: the machine broke under it
 * (a node or its boot failed), as `platform` is free for a task. Every other end used the cores it
 * held, the user's own cancel, a time limit and a crash of the user's program included.
 */
const FREE_TERMINAL_STATES = new Set(['NODE_FAIL', 'BOOT_FAIL']);

/** What a supercomputer job that ended in `state` after `coreSeconds` allocated core-seconds is charged. */
export function terminalJobCharge(state: string, coreSeconds: number, priceFenPerCoreHour: number): { machineTime: number; feeFen: number } {
  const { machineTime, feeFen } = bill(coreSeconds, priceFenPerCoreHour);
  return { machineTime, feeFen: FREE_TERMINAL_STATES.has(state) ? 0 : feeFen };
}
