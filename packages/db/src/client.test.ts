import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { openPglite, type Database } from './client.ts';

describe('the embedded database for raw SQL (pg-boss)', () => {
  let database: Database;
  beforeAll(async () => {
    database = await openPglite();
  });
  afterAll(() => database.close());

  it('answers the rows of every statement of a multi-statement script, not only the last', async () => {
    // pg-boss 12 claims its background commands this way and checks that the lock's row came back.
    const { rows } = await database.sql.executeSql('begin; select 1 as first; select 2 as second; commit');
    expect(rows).toEqual([{ first: 1 }, { second: 2 }]);
  });

  it('runs a parameterised statement as one query', async () => {
    expect((await database.sql.executeSql('select $1::int + 1 as n', [41])).rows).toEqual([{ n: 42 }]);
  });

  it('runs statements off the event loop: timers keep firing while a slow one runs', async () => {
    let ticks = 0;
    const ticker = setInterval(() => ticks++, 10);
    const started = performance.now();
    // Seconds of work on any machine: at 500,000 rows a quick moment finished it in 194 ms, under the bound below.
    await database.sql.executeSql('select count(*) from generate_series(1, 2000000) as g where g % 7 = 0');
    const elapsed = performance.now() - started;
    clearInterval(ticker);
    // PGlite on the calling thread runs the statement in one synchronous stretch: no tick at all meanwhile.
    expect(elapsed).toBeGreaterThan(200);
    expect(ticks).toBeGreaterThanOrEqual(5);
  });

  it('keeps other statements out of a transaction: they wait for its end and never see inside it', async () => {
    await database.sql.executeSql('create table isolation_probe (n int)');
    const order: string[] = [];
    const transaction = database.db
      .transaction(async (tx) => {
        await tx.execute(sql`insert into isolation_probe values (1)`);
        await new Promise((r) => setTimeout(r, 100));
        order.push('inside');
        throw new Error('rolled back on purpose');
      })
      .catch((err: Error) => order.push(err.message));
    const outside = database.sql.executeSql('select count(*)::int as n from isolation_probe').then(({ rows }) => order.push(`outside saw ${(rows[0] as { n: number }).n}`));
    await Promise.all([transaction, outside]);
    expect(order).toEqual(['inside', 'rolled back on purpose', 'outside saw 0']);
  });

  it('answers a failed statement with the database error and goes on', async () => {
    await expect(database.sql.executeSql('select * from no_such_table')).rejects.toMatchObject({ message: expect.stringContaining('no_such_table'), code: '42P01' });
    expect((await database.sql.executeSql('select 1 as one')).rows).toEqual([{ one: 1 }]);
  });
});
