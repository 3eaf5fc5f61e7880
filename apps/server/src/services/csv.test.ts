import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import tableColumns from '@yunyao/python/table-columns.json' with { type: 'json' };
import { readSmilesTable } from './csv.ts';

const PYTHON_PATH = dirname(createRequire(import.meta.url).resolve('@yunyao/python/package.json'));
const dir = mkdtempSync(join(tmpdir(), 'yunyao-columns-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** How the Python steps read the same tables: (name, SMILES) per record. */
function pythonRows(files: string[]): [string, string][][] {
  const script = [
    'import json, sys',
    'from yunyao.common import InputFile, read_smiles_table',
    'print(json.dumps([[[r.name, r.smiles] for r in read_smiles_table(InputFile(p, p, "csv")).records] for p in sys.argv[1:]]))',
  ].join('\n');
  const res = spawnSync('/usr/bin/python3', ['-c', script, ...files], { cwd: dir, env: { ...process.env, PYTHONPATH: PYTHON_PATH }, encoding: 'utf8' });
  expect(res.stderr).toBe('');
  return JSON.parse(res.stdout) as [string, string][][];
}

describe('the SMILES and ID column names', () => {
  it('are recognised alike by the server and the Python steps, however the header spells them', () => {
    // Each listed name as a user might write it ("Canonical_SMILES", "Compound-ID"), beside a decoy column.
    const spelled = (name: string, i: number) => (i % 2 ? name.toUpperCase() : `${name.slice(0, 1).toUpperCase()}${name.slice(1)}`).replace(/^(.{3})/, '$1_');
    const tables = tableColumns.smiles.map((smiles, i) => {
      const id = tableColumns.id[i % tableColumns.id.length]!;
      const file = `t${i}.csv`;
      const molecule = `CC${'C'.repeat(i)}O`;
      const text = `note,${spelled(id, i)},${spelled(smiles, i)}\nx,mol${i},${molecule}\n`;
      writeFileSync(join(dir, file), text);
      return { file, text, want: [`mol${i}`, molecule] };
    });
    const python = pythonRows(tables.map((t) => t.file));
    tables.forEach((t, i) => {
      const server = readSmilesTable(t.text).map((r) => [r.ID, r.SMILES]);
      expect(server, t.text).toEqual([t.want]);
      expect(python[i], t.text).toEqual([t.want]);
    });
  });
});
