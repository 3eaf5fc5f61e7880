import { afterAll, describe, expect, it } from 'vitest';
import { renderMessage } from '@yunyao/contract';
import { generateModule } from './generate.module.ts';
import { generateParams } from './generate.form.ts';
import { moleculeSourceProblem, typedMoleculesCsv, TYPED_MOLECULES_FILE_NAME } from '../shared/molecule-source.ts';
import { cleanupStaged, runModule } from '../shared/run-steps.testing.ts';

/** A refusal as the Chinese page reads it (schemas give message ids). */
const issue = (input: unknown) => {
  const id = generateParams.safeParse(input).error?.issues[0]?.message;
  return id === undefined ? undefined : renderMessage(id, 'zh');
};

afterAll(cleanupStaged);

describe('generation params', () => {
  it('defaults to 5 per molecule and seed 2 (spec document 2, section 9)', () => {
    expect(generateParams.parse({ mole_type: 'molecule', molecules: 'CCO' })).toEqual({ mole_type: 'molecule', molecules: 'CCO', gene_nums: 5, seed: 2 });
    expect(generateParams.parse({ mole_type: 'cos', gene_nums: '1000', seed: '100' })).toMatchObject({ gene_nums: 1000, seed: 100 });
  });

  it('refuses with the spec messages and the bounds', () => {
    expect(issue({ mole_type: 'molecule', molecules: ' \n' })).toBe('请输入化合物分子式！');
    expect(moleculeSourceProblem('cos', 0, 0)?.zh).toBe('请选择数据中心小分子文件！');
    for (const gene_nums of ['0', '1001', '2.5', 'many', '']) expect(issue({ mole_type: 'cos', gene_nums })).toBe('每个分子的生成数量须为 1–1000 的整数！');
    for (const seed of ['0', '101', '1.5']) expect(issue({ mole_type: 'cos', seed })).toBe('随机种子须为 1–100 的整数！');
    expect(renderMessage(generateParams.safeParse({ mole_type: 'cos', seed: 0 }).error!.issues[0]!.message, 'en')).toBe('The random seed must be a whole number from 1 to 100.');
  });

  it('takes optional property windows on the rows\' scales, each low end at most its high end', () => {
    expect(generateParams.parse({ mole_type: 'cos', mw_min: '', mw_max: '450', qed_min: 0.5 })).toMatchObject({ mw_max: 450, qed_min: 0.5 });
    expect(generateParams.parse({ mole_type: 'cos', mw_min: '' }).mw_min).toBeUndefined();
    expect(issue({ mole_type: 'cos', qed_min: 1.5 })).toBe('QED的范围须在 0–1 之间！');
    expect(issue({ mole_type: 'cos', sa_max: 'hard' })).toBe('SA的范围须在 1–10 之间！');
    expect(issue({ mole_type: 'cos', mw_min: 500, mw_max: 300 })).toBe('分子量的下限不能大于上限！');
    expect(renderMessage(generateParams.safeParse({ mole_type: 'cos', logp_min: 3, logp_max: 1 }).error!.issues[0]!.message, 'en')).toBe('The lower logP bound cannot be above the upper one.');
  });

  it('holds what the molecules times the count cost, and names the task after its input', () => {
    const inputs = { smiles: [{ name: 'x.csv', bytes: 400, records: 10, atoms: 200 }] };
    const small = generateModule.estimateCoreHours(generateParams.parse({ mole_type: 'cos', gene_nums: 5 }), inputs);
    const large = generateModule.estimateCoreHours(generateParams.parse({ mole_type: 'cos', gene_nums: 1000 }), inputs);
    expect(large / small).toBeGreaterThan(10);
    expect(large * 3600).toBeGreaterThan((10 * 1000) / 250);
    expect(generateModule.taskName(generateParams.parse({ mole_type: 'molecule', molecules: 'CCO\nCCN' }), {})).toEqual({ zh: '分子生成（2 个分子）', en: 'Molecule generation (2 molecules)' });
  });
});

describe('generation engine (RDKit)', () => {
  it('makes the asked children of each typed molecule, grouped and closest first, the unreadable one with its reason', async () => {
    const molecules = 'CC(=O)Oc1ccccc1C(=O)O aspirin\nC1CC broken\nCn1cnc2c1c(=O)n(C)c(=O)n2C caffeine';
    const run = await runModule(generateModule, { mole_type: 'molecule', molecules, gene_nums: 4, seed: 2, logp_max: 12 }, [
      { field: 'smiles', originalName: TYPED_MOLECULES_FILE_NAME, content: typedMoleculesCsv(molecules) },
    ]);
    expect(run.error).toBeUndefined();
    const rows = run.result!.rows;
    expect(rows.map((r) => r.parent_id)).toEqual(['aspirin', 'aspirin', 'aspirin', 'aspirin', 'broken', 'caffeine', 'caffeine', 'caffeine', 'caffeine']);
    expect(rows[4]).toMatchObject({ ID: 'broken', SMILES: '' });
    expect(rows[4]!.error).toMatch(/^common\.smilesInvalidAt#/);
    const sims = rows.slice(5).map((r) => r.similarity as number);
    expect(sims).toEqual([...sims].sort((a, b) => b - a));
    expect(run.result!.outputs).toEqual([{ path: 'generated.csv', name: 'generated.csv' }]);
    expect(run.result!.summary).toMatchObject({ params: { gene_nums: 4, seed: 2, logp_max: 12 }, windows: { logp_max: 12 }, outside: 0, generated: 8, failed: 1, molecules: 3 });
  }, 60_000);
});
