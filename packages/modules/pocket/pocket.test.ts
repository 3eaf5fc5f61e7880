import { describe, expect, it, afterAll } from 'vitest';
import { renderMessage } from '@yunyao/contract';
import { pocketModule } from './pocket.module.ts';
import { pocketParams } from './pocket.form.ts';
import { cleanupStaged, runModule } from '../shared/run-steps.testing.ts';

afterAll(cleanupStaged);

// Aurora A kinase with its ATP-site inhibitor removed (Debian rdkit-data).
const AURKA = '/usr/share/RDKit/Contrib/CalcLigRMSD/data/aurka_protein_2c6e.pdb';

describe('pocket params', () => {
  it('check the archive id of the chosen source only', () => {
    const zh = (id: string | undefined) => (id === undefined ? undefined : renderMessage(id, 'zh'));
    expect(zh(pocketParams.safeParse({ protein_source: 'rcsb', pdb_id: '1ab' }).error?.issues[0]?.message)).toBe('请输入蛋白质pdbid！');
    expect(zh(pocketParams.safeParse({ protein_source: 'uniprod', uniprod_id: 'P0' }).error?.issues[0]?.message)).toBe('请输入六位蛋白质pdbid！');
    expect(pocketParams.safeParse({ protein_source: 'file', pdb_id: 'x' }).success).toBe(true);
  });
});

describe('pocket prediction step (the TypeScript detector on the worker’s Node)', () => {
  it('ranks pockets of a real kinase with centres, boxes and lining residues', async () => {
    const run = await runModule(pocketModule, { protein_source: 'file' }, [{ field: 'protein', originalName: 'aurka.pdb', source: AURKA }]);
    expect(run.error).toBeUndefined();
    const rows = run.result!.rows;
    expect(rows.length).toBeGreaterThan(2);
    expect(rows.map((r) => r.id)).toEqual(rows.map((_, i) => i + 1));
    const first = rows[0]!;
    expect(first).toMatchObject({ name: 'pocket1' });
    expect(first.center).toHaveLength(3);
    expect((first.box as { size: number[] }).size).toHaveLength(3);
    expect((first.residues as string[]).length).toBeGreaterThan(5);
    expect(first['Alpha Spheres'] as number).toBeGreaterThanOrEqual(15);
    expect(await run.read('pockets.pqr')).toMatch(/^ATOM/m);
  }, 60_000);

  it('names the line of a malformed PDB', async () => {
    const bad = 'ATOM      1  N   ALA A   1      11.104  xx.xxx   0.000  1.00  0.00           N\n';
    const run = await runModule(pocketModule, { protein_source: 'file' }, [{ field: 'protein', originalName: 'bad.pdb', content: bad }]);
    expect(run.ok).toBe(false);
    expect(run.error).toMatch(/bad\.pdb：第 1 行无法解析/);
    expect(run.failureKind).toBe('input');
  }, 60_000);

  it('refuses a structure without protein atoms as input, free', async () => {
    const ligandOnly = 'HETATM    1  C1  LIG A   1       0.000   0.000   0.000  1.00  0.00           C\n';
    const run = await runModule(pocketModule, { protein_source: 'file' }, [{ field: 'protein', originalName: 'lig.pdb', content: ligandOnly }]);
    expect(run.error).toMatch(/lig\.pdb：未找到蛋白质原子/);
    expect(run.failureKind).toBe('input');
  }, 60_000);
});
