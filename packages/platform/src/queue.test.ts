import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPglite, type Database } from '@yunyao/db';
import { MAX_QUEUE_EXPIRY_SECONDS, TaskQueue } from './queue.ts';

describe('the task queue and runs longer than its expiry', () => {
  let database: Database;
  beforeAll(async () => {
    database = await openPglite();
  });
  afterAll(() => database.close());

  it('accepts a longest time limit of days (pg-boss alone refuses more than 24 hours)', async () => {
    const queue = await TaskQueue.start(database.sql, { expireInSeconds: 14 * 24 * 3600 });
    await queue.stop();
    expect(MAX_QUEUE_EXPIRY_SECONDS).toBe(24 * 3600);
  });

  it('lets a run outlast its job: the handler is not stopped, and the slot takes the next job once it returns', async () => {
    const queue = await TaskQueue.start(database.sql, { expireInSeconds: 1 });
    const finished: number[] = [];
    await queue.work(1, async ({ taskId }) => {
      // Three times the expiry, ignoring pg-boss's abort signal as the task runner does.
      if (taskId === 1) await new Promise((resolve) => setTimeout(resolve, 3000));
      finished.push(taskId);
    });
    await queue.enqueue(1);
    await queue.enqueue(2);
    const deadline = Date.now() + 20_000;
    while (finished.length < 2 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 100));
    await queue.stop();
    expect(finished).toEqual([1, 2]);
  }, 30_000);
});
