import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { attemptOf, balanceFen, bill, claimTask, finishTask, getTask, insertTask, verifyLedger, selectRows, type TaskAttempt } from '@yunyao/db';
import { TASK_FAILURE_KINDS } from '@yunyao/contract';
import { sql } from 'drizzle-orm';
import { newUser, startTestPlatform, type TestPlatform } from './support/harness.ts';

let t: TestPlatform;
beforeAll(async () => {
  t = await startTestPlatform({}, { worker: false });
});
afterAll(() => t?.close());

async function runningTask(userId: number): Promise<TaskAttempt> {
  const db = t.platform.deps.database.db;
  const task = await insertTask(db, { userId, module: 'convert', moduleVersion: '1', name: 'x', params: {} });
  return attemptOf((await claimTask(db, task.id, 'test-worker'))!);
}

describe('billing', () => {
  it('rounds core-hours to 6 decimals and fees up to the next fen', () => {
    expect(bill(36, 100)).toEqual({ machineTime: 0.01, feeFen: 1 });
    expect(bill(1, 100)).toEqual({ machineTime: 0.000278, feeFen: 1 });
    expect(bill(0, 100)).toEqual({ machineTime: 0, feeFen: 0 });
    expect(bill(3600 * 2.5, 150)).toEqual({ machineTime: 2.5, feeFen: 375 });
  });

  it('charges each of 50 concurrently completing tasks exactly once, even when completion runs twice', async () => {
    const db = t.platform.deps.database.db;
    const { userId } = await newUser(t, 'payer@example.com', 100);
    const attempts: TaskAttempt[] = [];
    for (let i = 0; i < 50; i++) attempts.push(await runningTask(userId));
    // 360 CPU seconds at 10 yuan per core-hour: 1 yuan a task. Every task is completed twice at once.
    const outcome = { state: 'succeeded' as const, cpuSeconds: 360, priceFenPerCoreHour: 1000 };
    await Promise.all([...attempts, ...attempts].map((attempt) => finishTask(db, attempt, outcome)));

    expect(await balanceFen(db, userId)).toBe(100_00 - 50 * 100);
    const charges = await selectRows<{ n: string; total: string }>(db, sql`select count(*) as n, sum(amount_fen) as total from ledger_entries where kind = 'task_charge' and user_id = ${userId}`);
    expect(Number(charges[0]!.n)).toBe(50);
    expect(Number(charges[0]!.total)).toBe(-5000);
    for (const { taskId } of attempts) expect((await getTask(db, taskId))!.feeFen).toBe(100);
    expect(await verifyLedger(db)).toEqual([]);
  });

  it('does not charge a failure caused by the platform', async () => {
    const db = t.platform.deps.database.db;
    const { userId } = await newUser(t, 'unlucky@example.com', 10);
    const attempt = await runningTask(userId);
    await finishTask(db, attempt, { state: 'failed', failureKind: 'platform', error: 'disk full', cpuSeconds: 3600, priceFenPerCoreHour: 1000 });
    expect(await balanceFen(db, userId)).toBe(1000);
    expect((await getTask(db, attempt.taskId))!.feeFen).toBe(0);
  });

  it('charges the CPU of engine failures, time limits, spending caps and cancels, and nothing for refused input', async () => {
    const db = t.platform.deps.database.db;
    const { userId } = await newUser(t, 'endings@example.com', 10);
    const fees: Record<string, number> = {};
    for (const failureKind of TASK_FAILURE_KINDS) {
      const attempt = await runningTask(userId);
      // 1 CPU second at 1 yuan per core-hour: a fraction of a fen, which rounds up to 1 when charged.
      await finishTask(db, attempt, { state: 'failed', failureKind, error: failureKind, cpuSeconds: 1, priceFenPerCoreHour: 100 });
      fees[failureKind] = (await getTask(db, attempt.taskId))!.feeFen;
    }
    expect(fees).toEqual({ input: 0, engine: 1, time_limit: 1, cancelled: 1, spending_cap: 1, platform: 0 });
    expect(await balanceFen(db, userId)).toBe(1000 - 4);
    expect(await verifyLedger(db)).toEqual([]);
  });

  it('ledger verification catches a balance that drifted from its ledger', async () => {
    const db = t.platform.deps.database.db;
    const { userId } = await newUser(t, 'drift@example.com', 10);
    await db.execute(sql`update users set balance_fen = balance_fen + 1 where id = ${userId}`);
    const problems = await verifyLedger(db);
    expect(problems.map((p) => p.email)).toEqual(['drift@example.com']);
    await db.execute(sql`update users set balance_fen = balance_fen - 1 where id = ${userId}`);
  });
});
