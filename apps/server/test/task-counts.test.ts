import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { STATUS_OF_STATE, TASK_STATES } from '@yunyao/contract';
import { endpoints } from '@yunyao/contract/api';
import { attemptOf, cancelTask, claimTask, finishTask, heartbeat, insertTask, requeueTask, selectRows, type Db, type TaskAttempt } from '@yunyao/db';
import { clientOf, freshDatabase, newUser, startTestPlatform, type TestPlatform } from './support/harness.ts';

// The task list's total comes from task_counts, which triggers on tasks keep (migration 0008).
// Every check here compares it with a plain count over tasks, so it fails as soon as a trigger
// misses a change.

let t: TestPlatform;
beforeAll(async () => {
  t = await startTestPlatform({}, { worker: false });
});
afterAll(() => t?.close());

const db = () => t.platform.deps.database.db;

/** Counters that differ from a plain count of top-level tasks, per (user, module, state); empty when exact. */
async function countMismatches(database: Db = db()): Promise<unknown[]> {
  return selectRows(
    database,
    sql`select coalesce(c.user_id, t.user_id) as user_id, coalesce(c.module, t.module) as module, coalesce(c.state, t.state) as state,
               coalesce(c.n, 0)::int as counted, coalesce(t.n, 0)::int as actual
        from task_counts c
        full join (select user_id, module, state, count(*) as n from tasks where parent_id is null group by user_id, module, state) t
          on (c.user_id, c.module, c.state) = (t.user_id, t.module, t.state)
        where coalesce(c.n, 0) <> coalesce(t.n, 0)`,
  );
}

/** The task list's total for every module and status filter, beside a plain count of the same tasks. */
async function listTotals(userId: number, token: string): Promise<{ listed: number[]; counted: number[] }> {
  const client = clientOf(t, token);
  const listed: number[] = [];
  const counted: number[] = [];
  for (const module of [undefined, 'convert', 'docking']) {
    for (const status of [0, 1, 2, 3]) {
      listed.push((await client.call(endpoints.tasks.list, { query: { module, status, page: 1, limit: 10 } })).total);
      const states = status ? TASK_STATES.filter((state) => STATUS_OF_STATE[state] === status) : undefined;
      const [row] = await selectRows<{ n: number }>(
        db(),
        sql`select count(*)::int as n from tasks where user_id = ${userId} and parent_id is null
            ${module ? sql`and module = ${module}` : sql``}
            ${states ? sql`and state in (${sql.join(states.map((s) => sql`${s}`), sql`, `)})` : sql``}`,
      );
      counted.push(row!.n);
    }
  }
  return { listed, counted };
}

async function submitted(userId: number, module: string, parentId?: number) {
  return insertTask(db(), { userId, module, moduleVersion: '1', name: module, params: {}, parentId });
}

async function claimed(taskId: number): Promise<TaskAttempt> {
  return attemptOf((await claimTask(db(), taskId, 'test-worker'))!);
}

const ended = { cpuSeconds: 1, priceFenPerCoreHour: 100 };

describe('task counts', () => {
  it('stay exact through submission, every state change, child tasks, bulk writes and account closure', async () => {
    const alice = await newUser(t, 'counts-alice@example.com');
    const bob = await newUser(t, 'counts-bob@example.com');
    const expectExact = async () => {
      expect(await countMismatches()).toEqual([]);
      for (const user of [alice, bob]) {
        const { listed, counted } = await listTotals(user.userId, user.token);
        expect(listed).toEqual(counted);
      }
    };

    const [a, b, c, d] = [await submitted(alice.userId, 'convert'), await submitted(alice.userId, 'convert'), await submitted(alice.userId, 'docking'), await submitted(alice.userId, 'convert')];
    await submitted(bob.userId, 'convert');
    await expectExact();

    const runningA = await claimed(a.id);
    expect(await heartbeat(db(), runningA, { done: 1, total: 2, unit: 'ligands' })).toBe(true);
    await expectExact();
    await finishTask(db(), runningA, { state: 'succeeded', ...ended });
    await finishTask(db(), await claimed(b.id), { state: 'failed', failureKind: 'engine', error: 'x', ...ended });
    expect(await cancelTask(db(), c.id, alice.userId)).toBe(true);
    await expectExact();
    expect(await requeueTask(db(), await claimed(d.id))).toBe(true);
    await expectExact();

    // Child tasks are listed under their parent, never counted themselves.
    const child = await submitted(alice.userId, 'convert', a.id);
    await finishTask(db(), await claimed(child.id), { state: 'succeeded', ...ended });
    await expectExact();

    // One statement writing many tasks (as a bulk import or a bench seeding does).
    await t.platform.deps.database.sql.executeSql(
      `insert into tasks (user_id, module, module_version, name, state, params) select $1, case when i % 3 = 0 then 'docking' else 'convert' end, '1', 'bulk', 'succeeded', '{}'::jsonb from generate_series(1, 25) as i`,
      [alice.userId],
    );
    await expectExact();

    expect(await clientOf(t, alice.token).call(endpoints.user.close, {})).toBeNull();
    expect(await countMismatches()).toEqual([]);
    const [left] = await selectRows<{ n: number }>(db(), sql`select coalesce(sum(n), 0)::int as n from task_counts where user_id = ${alice.userId}`);
    expect(left!.n).toBe(0);
    const { listed, counted } = await listTotals(bob.userId, bob.token);
    expect(listed).toEqual(counted);
    expect(listed[0]).toBe(1);
  });

  it('stay exact when tasks of one user change state concurrently', async () => {
    const carol = await newUser(t, 'counts-carol@example.com');
    const modules = ['convert', 'docking'];
    const queued = await Promise.all(Array.from({ length: 30 }, (_, i) => submitted(carol.userId, modules[i % 2]!)));
    const attempts = await Promise.all(queued.slice(0, 20).map((task) => claimed(task.id)));
    // Submissions, cancellations, successes, failures and requeues at once, over the same counters in different orders.
    await Promise.all([
      ...Array.from({ length: 10 }, (_, i) => submitted(carol.userId, modules[i % 2]!)),
      ...queued.slice(20).map((task) => cancelTask(db(), task.id, carol.userId)),
      ...attempts.map((attempt, i) =>
        i % 3 === 0
          ? requeueTask(db(), attempt)
          : finishTask(db(), attempt, i % 3 === 1 ? { state: 'succeeded', ...ended } : { state: 'failed', failureKind: 'engine', error: 'x', ...ended }),
      ),
    ]);
    expect(await countMismatches()).toEqual([]);
    const { listed, counted } = await listTotals(carol.userId, carol.token);
    expect(listed).toEqual(counted);
    expect(listed[0]).toBe(40);
  });

  it('are backfilled by their migration from the tasks already there', async () => {
    const fresh = await freshDatabase();
    const { db: freshDb, sql: exec } = fresh.database;
    try {
      // Back to the schema before migration 0008, with a history in it.
      await exec.executeSql('drop function task_counts_track() cascade; drop table task_counts; drop index tasks_parent_idx');
      await exec.executeSql(`insert into users (email, password_hash, invite_code) values ('old@example.com', 'x', 'old')`);
      await exec.executeSql(
        `insert into tasks (user_id, module, module_version, name, state, params, parent_id)
         select (select id from users where email = 'old@example.com'), case when i % 3 = 0 then 'docking' else 'convert' end, '1', 'old',
                (array['queued', 'running', 'succeeded', 'failed', 'cancelled'])[i % 5 + 1], '{}'::jsonb, case when i % 7 = 0 then 1 end
         from generate_series(1, 40) as i`,
      );

      const migration = readFileSync(new URL('../../../packages/db/migrations/0008_task_counts.sql', import.meta.url), 'utf8');
      for (const statement of migration.split('--> statement-breakpoint')) await exec.executeSql(statement);

      const [counted] = await selectRows<{ n: number }>(freshDb, sql`select sum(n)::int as n from task_counts`);
      expect(counted!.n).toBe(40 - 5); // the five child tasks (every seventh) are not counted
      expect(await countMismatches(freshDb)).toEqual([]);
    } finally {
      await fresh.database.close();
      await fresh.drop();
    }
  });
});
