import type { Locator } from 'playwright-core';
import { expect } from 'vitest';

/**
 * The task a submit just made: the history's first row once its id is above `newest`, the
 * journey's newest task before the submit (task ids only grow). Right after the success toast
 * the table may not have refetched yet, and its first row is still the previous task (seen on
 * a loaded CI machine).
 */
export async function newTaskId(history: Locator, newest: number): Promise<number> {
  const first = history.getByTestId('task-row').first();
  await expect.poll(async () => Number(await first.getAttribute('data-id')), { timeout: 15_000 }).toBeGreaterThan(newest);
  return Number(await first.getAttribute('data-id'));
}
