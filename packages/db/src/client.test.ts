import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
});
