import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { renderMessage } from '@yunyao/contract';
import { readPdbResidues } from '../shared/rosetta/pdb-residues.ts';
import { ROSETTA_FIXTURES, standinRosettaBin } from '../shared/rosetta/standin.testing.ts';
import { cleanupStaged, runModule } from '../shared/run-steps.testing.ts';
import { minimizerModule } from './minimizer.module.ts';
import { movemapProblem } from './movemap.ts';

const zh = (problem: string | null | undefined) => (problem ? renderMessage(problem, 'zh') : problem);
const PROTEIN = readFileSync(path.join(ROSETTA_FIXTURES, '1l2y_0001.pdb'), 'utf8');
const residues = readPdbResidues(PROTEIN);
const FLAGS = '-s 1l2y.pdb\n-run:min_type lbfgs_armijo_nonmonotone\n-run:min_tolerance 0.001\n-movemap movemap.txt\n-nstruct 2\n';
const MOVEMAP = 'RESIDUE * BBCHI\nRESIDUE 2 4 NO   # keep the middle\nJUMP * NO\n';
const files = (flags = FLAGS, movemap = MOVEMAP) => [
  { field: 'protein', name: '1l2y.pdb', data: Buffer.from(PROTEIN) },
  { field: 'flags', name: 'flags.txt', data: Buffer.from(flags) },
  { field: 'movemap', name: 'movemap.txt', data: Buffer.from(movemap) },
];
const staged = (flags = FLAGS) => files(flags).map((f) => ({ field: f.field, originalName: f.name, content: f.data.toString() }));

let bin: string;
beforeAll(async () => {
  bin = await standinRosettaBin();
});
afterAll(cleanupStaged);

describe('Rosetta Minimize movemaps', () => {
  it('take the tutorial’s format: defaults, single residues, ranges and jumps', () => {
    expect(movemapProblem(MOVEMAP, 'm.txt', residues)).toBeNull();
    expect(movemapProblem('RESRANGE 1 5 CHI\nRESIDUE 3 NO\n', 'm.txt', residues)).toBeNull();
  });

  it.each([
    ['RESIDUE 45 57 NO', /第 1 行：残基 45 超出蛋白的 5 个残基/],
    ['RESIDUE 1 SIDE', /第 1 行“RESIDUE 1 SIDE”格式错误/],
    ['RESIDUE 4 2 BB', /格式错误/],
    ['JUMP 1 YES', /JUMP 1 超出蛋白的 0 个刚体连接/],
    ['# only a comment', /movemap 文件 m.txt 中没有任何设置/],
  ])('refuse %j, naming the line', (text, message) => {
    expect(zh(movemapProblem(text, 'm.txt', residues))).toMatch(message);
  });
});

describe('Rosetta Minimize submissions and runs', () => {
  it('refuse at submission, free, while ROSETTA_BIN is not set, after checking the files', () => {
    expect(zh(minimizerModule.preflight!({ protein_source: 'file' }, files(), {}))).toMatch(/尚未配置 Rosetta（运营方需设置 ROSETTA_BIN/);
    expect(zh(minimizerModule.preflight!({ protein_source: 'file' }, files('-database /x'), {}))).toMatch(/-database 由平台设置/);
    expect(minimizerModule.preflight!({ protein_source: 'file' }, files(), { rosettaBin: bin })).toBeNull();
  });

  it('fail a queued task at once, free, when the setting is gone', async () => {
    const run = await runModule(minimizerModule, {}, staged(), { licensed: {} });
    expect(run).toMatchObject({ ok: false, failureKind: 'platform' });
    expect(run.error).toMatch(/ROSETTA_BIN/);
  });

  it('run the configured program on the checked flags and read its score file and structures (stand-in binary)', async () => {
    const run = await runModule(minimizerModule, {}, staged(), { licensed: { rosettaBin: bin } });
    expect(run.error).toBeUndefined();
    const flags = await run.read('task.flags');
    expect(flags).toMatch(/^-in:file:s inputs\/0_1l2y\.pdb$/m);
    expect(flags).toMatch(/^-in:file:movemap inputs\/2_movemap\.txt$/m);
    expect(flags).toMatch(/^-run:min_type lbfgs_armijo_nonmonotone$/m);
    expect(flags).not.toMatch(/^-s /m);
    const { rows, summary, outputs, out } = run.result!;
    expect(rows).toEqual([
      { rank: 1, name: '0_1l2y_0001', total_score: -30.374, file: '0_1l2y_0001.pdb' },
      { rank: 2, name: '0_1l2y_0002', total_score: -30.374, file: '0_1l2y_0002.pdb' },
    ]);
    expect(out).toBe('0_1l2y_0001.pdb');
    expect(outputs.map((o) => o.name)).toEqual(['0_1l2y_0001.pdb', '0_1l2y_0002.pdb', 'score.sc', 'task.flags']);
    expect(summary).toMatchObject({ application: 'minimize', rosetta_version: expect.stringMatching(/stand-in/) });
    expect((summary.structures as { terms: Record<string, number> }[])[0]!.terms.fa_atr).toBe(-50.077);
  });
});
