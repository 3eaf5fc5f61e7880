import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { renderMessage } from '@yunyao/contract';
import { readPdbResidues } from '../shared/rosetta/pdb-residues.ts';
import { ROSETTA_FIXTURES, standinRosettaBin } from '../shared/rosetta/standin.testing.ts';
import { cleanupStaged, runModule } from '../shared/run-steps.testing.ts';
import { packerModule } from './packer.module.ts';
import { resfileProblem } from './resfile.ts';

const zh = (problem: string | null) => (problem ? renderMessage(problem, 'zh') : problem);
const PROTEIN = readFileSync(path.join(ROSETTA_FIXTURES, '1l2y_0001.pdb'), 'utf8');
const residues = readPdbResidues(PROTEIN);
const RESFILE = 'NATRO  # keep the rest\nEX 1 EX 2\nstart\n1 A NATAA\n2 - 4 A ALLAA EX 1 EX ARO 2 LEVEL 1\n5 A PIKAA FWY\n* A USE_INPUT_SC\n';

afterAll(cleanupStaged);

describe('Rosetta Packer resfiles', () => {
  it('take header defaults, single residues, ranges, whole chains and extra rotamers', () => {
    expect(resfileProblem(RESFILE, 'r.txt', residues)).toBeNull();
  });

  it.each([
    ['start\n3 B NATAA', /第 2 行：蛋白中没有链 B/],
    ['start\n9 A NATAA', /第 2 行：蛋白中没有链 A 的残基 9/],
    ['start\n1 A REPACK', /第 2 行：无法识别的命令“REPACK”/],
    ['start\n1 A PIKAA FZ', /第 2 行：PIKAA 的参数“FZ”无效/],
    ['start\n1 A EX 5', /EX 的参数“5”无效/],
    ['start\n1 A', /第 2 行“1 A”格式错误/],
    ['\n', /resfile r.txt 中没有任何命令/],
  ])('refuse %j, naming the line', (text, message) => {
    expect(zh(resfileProblem(text, 'r.txt', residues))).toMatch(message);
  });
});

describe('Rosetta Packer runs', () => {
  it('run fixbb on the checked flags with the resfile and read its result (stand-in binary)', async () => {
    const run = await runModule(
      packerModule,
      {},
      [
        { field: 'protein', originalName: '1l2y.pdb', content: PROTEIN },
        { field: 'flags', originalName: 'packer.flags', content: '-ex1 -ex2 -use_input_sc -linmem_ig 10 -minimize_sidechains\n-resfile design.txt\n' },
        { field: 'residue', originalName: 'design.txt', content: RESFILE },
      ],
      { licensed: { rosettaBin: await standinRosettaBin() } },
    );
    expect(run.error).toBeUndefined();
    expect(await run.read('task.flags')).toMatch(/^-packing:resfile inputs\/2_design\.txt$/m);
    expect(run.result!.rows).toEqual([{ rank: 1, name: '0_1l2y_0001', total_score: -30.374, file: '0_1l2y_0001.pdb' }]);
    expect(run.result!.summary).toMatchObject({ application: 'fixbb' });
  });
});
