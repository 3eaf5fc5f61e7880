import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { graphDtaRowSchema, signRowSchema, workflowRowSchema, admetRowSchema } from '@yunyao/contract';
import { openPglite, type Database } from './client.ts';

// Migration 0010 gives rows stored before issue 29 the spec's field names; the statements are run again
// here on rows written in the old shape (the migration itself ran on an empty database when it opened).
const MIGRATION = readFileSync(new URL('../migrations/0010_result_rows_spec_fields.sql', import.meta.url), 'utf8');

describe('result rows stored before the spec names (migration 0010)', () => {
  let database: Database;
  const rowsOf = async (module: string) =>
    (await database.sql.executeSql(`select r.row from task_rows r join tasks t on t.id = r.task_id where t.module = $1 order by r.idx`, [module])).rows.map(
      (r) => (r as { row: Record<string, unknown> }).row,
    );

  beforeAll(async () => {
    database = await openPglite();
    const run = (text: string, values: unknown[] = []) => database.sql.executeSql(text, values);
    await run(`insert into users (email, password_hash, invite_code) values ('old@example.com', 'x', 'old')`);
    const old: [string, Record<string, unknown>[]][] = [
      ['sign', [
        { index: 1, id: 'a', smiles: 'CCO', pk: 6.59, kd_m: 2.57e-7, vina_score: -6.986, posed: 'input', in_domain: true, error: null },
        { index: 2, id: 'b', smiles: '', pk: null, kd_m: null, vina_score: null, posed: null, in_domain: null, error: '无法读取' },
      ]],
      ['graph_dta', [{ index: 1, id: 'c', smiles: 'c1ccccc1', affinity: 6.2, kd_nm: 631, error: null }]],
      ['admet', [{ index: 1, name: 'd', Smiles: 'CC', error: null }]],
      ['group', [{ name: 'e', SMILES: 'CCN', s1: -7.1, s2: null }]],
      ['autodock', [{ ID: 'A_f', ids: 'A_f', ligand: 'f', pocket: 'A', SMILES: 'CC', score: [-5] }]],
    ];
    for (const [module, rows] of old) {
      const { rows: [task] } = await run(
        `insert into tasks (user_id, module, module_version, name, state, params) select id, $1, '1.0.0', 'old', 'succeeded', '{}'::jsonb from users returning id`,
        [module],
      );
      for (const [idx, row] of rows.entries()) await run(`insert into task_rows (task_id, idx, row) values ($1, $2, $3::jsonb)`, [(task as { id: number }).id, idx, JSON.stringify(row)]);
    }
    await run(MIGRATION.replaceAll('--> statement-breakpoint', ''));
  });
  afterAll(() => database?.close());

  it('renames 3D affinity rows, Kd in nM', async () => {
    const [scored, failed] = (await rowsOf('sign')).map((r) => signRowSchema.parse(r));
    expect(scored).toEqual({ index: 1, ID: 'a', SMILES: 'CCO', affinity: 6.59, Kd: 257, score: -6.986, posed: 'input', in_domain: true, error: null });
    expect(failed).toMatchObject({ ID: 'b', affinity: null, Kd: null, score: null, error: '无法读取' });
  });

  it('renames 2D affinity and workflow rows, adds ID and SMILES to ADMET rows, and leaves the others', async () => {
    expect((await rowsOf('graph_dta')).map((r) => graphDtaRowSchema.parse(r))).toEqual([{ index: 1, ID: 'c', SMILES: 'c1ccccc1', Kd: 631, affinity: 6.2, error: null }]);
    expect((await rowsOf('group')).map((r) => workflowRowSchema.parse(r))).toEqual([{ ID: 'e', SMILES: 'CCN', s1: -7.1, s2: null }]);
    expect((await rowsOf('admet')).map((r) => admetRowSchema.parse(r))).toEqual([{ index: 1, ID: 'd', SMILES: 'CC', name: 'd', Smiles: 'CC', error: null }]);
    expect(await rowsOf('autodock')).toEqual([{ ID: 'A_f', ids: 'A_f', ligand: 'f', pocket: 'A', SMILES: 'CC', score: [-5] }]);
  });

  it('changes nothing when run again', async () => {
    const before = await Promise.all(['sign', 'graph_dta', 'admet', 'group'].map(rowsOf));
    await database.sql.executeSql(MIGRATION.replaceAll('--> statement-breakpoint', ''));
    expect(await Promise.all(['sign', 'graph_dta', 'admet', 'group'].map(rowsOf))).toEqual(before);
  });
});
