import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { autodockModule } from './autodock.module.ts';
import { autodockParams } from './autodock.form.ts';
import { heteroGroups, KEEP_HETERO_INVALID, KEEP_HETERO_TOO_MANY } from './hetero-groups.ts';
import { renderMessage } from '@yunyao/contract';

/** A refusal as the Chinese page reads it (schemas give message ids). */
const zh = (id: string | undefined) => (id === undefined ? undefined : renderMessage(id, 'zh'));

// 5dpv: Aurora A with two ligands (SKE, 5DN) and 37 waters; a zinc and a haem are added below.
const ENTRY = readFileSync(new URL('../../../test-fixtures/pdb/5dpv.pdb', import.meta.url), 'utf8');
const hetatm = (serial: number, name: string, resname: string, resseq: number, element: string) =>
  `HETATM${String(serial).padStart(5)} ${name.padEnd(4)} ${resname.padStart(3)} A${String(resseq).padStart(4)}       1.000   2.000   3.000  1.00 20.00          ${element.padStart(2)}`;
const WITH_COFACTORS = `${ENTRY}\n${hetatm(9001, 'ZN', 'ZN', 901, 'ZN')}\n${hetatm(9002, 'FE', 'HEM', 902, 'FE')}\n${hetatm(9003, 'NA', 'HEM', 902, 'N')}\n`;

const site = { protein_source: 'file', mole_type: 'molecule', molecules: 'CCO', center_x: 0, center_y: 0, center_z: 0, size_x: 20, size_y: 20, size_z: 20 };
const issue = (input: unknown) => zh(autodockParams.safeParse(input).error?.issues[0]?.message);

describe('hetero groups of a structure', () => {
  it('are listed without waters, with metals and cofactors ticked and the ligands not', () => {
    expect(heteroGroups(WITH_COFACTORS)).toEqual([
      { name: '5DN', copies: 1, atoms: 21, preselected: false },
      { name: 'HEM', copies: 1, atoms: 2, preselected: true },
      { name: 'SKE', copies: 1, atoms: 27, preselected: false },
      { name: 'ZN', copies: 1, atoms: 1, preselected: true },
    ]);
  });
});

describe('keep_hetero', () => {
  it('reads a comma list or an array, upper-cased and deduplicated, and is empty by default', () => {
    expect(autodockParams.parse(site).keep_hetero).toEqual([]);
    expect(autodockParams.parse({ ...site, keep_hetero: 'hem, ZN,zn' }).keep_hetero).toEqual(['HEM', 'ZN']);
    expect(autodockParams.parse({ ...site, keep_hetero: ['MG', 'NAD'] }).keep_hetero).toEqual(['MG', 'NAD']);
  });

  it('refuses names that are not residue names, and too many of them, with Chinese messages', () => {
    expect(issue({ ...site, keep_hetero: 'HEME' })).toBe(zh(KEEP_HETERO_INVALID));
    expect(issue({ ...site, keep_hetero: 'ZN;MG' })).toBe(zh(KEEP_HETERO_INVALID));
    expect(issue({ ...site, keep_hetero: Array.from({ length: 31 }, (_, i) => `X${i}`) })).toBe(zh(KEEP_HETERO_TOO_MANY));
  });

  it('reaches the receptor preparation step', () => {
    const steps = autodockModule.buildSteps({
      params: autodockParams.parse({ ...site, keep_hetero: 'ZN,HEM' }),
      inputs: { protein: [{ path: 'inputs/0_p.pdb', originalName: 'p.pdb' }] },
      python: '/usr/bin/python3',
      pythonPath: '/repo/python',
      licensed: {},
      cores: 2,
    });
    const prep = steps.find((s) => s.argv.includes('yunyao.protein_prep'))!;
    expect(prep.argv).toContain('--keep-het=HEM,ZN');
  });
});
