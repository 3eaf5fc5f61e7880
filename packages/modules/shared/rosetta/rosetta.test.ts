import { readFileSync } from 'node:fs';
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { renderMessage } from '@yunyao/contract';
import { readPdbResidues } from './pdb-residues.ts';
import { rosettaProgram } from './rosetta-binary.ts';
import { nstructOf, readRosettaFlags, userFlagLines } from './rosetta-flags.ts';
import { readScoreFile } from './score-file.ts';
import { ROSETTA_FIXTURES } from './standin.testing.ts';

const zh = (problem: string | undefined) => (problem === undefined ? undefined : renderMessage(problem, 'zh'));
const uploads = { protein: '3hon.pdb', movemap: 'movemapfile.txt' };
const minimizerFlags = (text: string) => readRosettaFlags(text, 'flags.txt', 'minimizer', uploads);

describe('Rosetta flags files', () => {
  it('read the minimisation tutorial’s flags (RosettaCommons/demos) with their short names resolved', () => {
    const reading = minimizerFlags('-s 3hon.pdb\n-run:min_type lbfgs_armijo_nonmonotone\n-run:min_tolerance 0.001\n-movemap movemapfile.txt\n-out:suffix _minwithmm\n');
    expect(reading.problem).toBeUndefined();
    const options = reading.options!;
    expect(options.map((o) => o.name)).toEqual(['in:file:s', 'run:min_type', 'run:min_tolerance', 'in:file:movemap', 'out:suffix']);
    // The inputs are the platform's to name; the rest are kept as written.
    expect(userFlagLines(options)).toEqual(['-run:min_type lbfgs_armijo_nonmonotone', '-run:min_tolerance 0.001', '-out:suffix _minwithmm']);
    expect(nstructOf(options)).toBe(1);
  });

  it('take comments, several options on a line, values on the next line and namespaces written with ::', () => {
    const reading = minimizerFlags('# extra rotamers\n-ex1 -ex2 -use_input_sc  # packer\n-in::ignore_unrecognized_res\n-nstruct\n 3\n-score:weights ref2015.wts\n');
    expect(reading.problem).toBeUndefined();
    expect(nstructOf(reading.options!)).toBe(3);
  });

  it.each([
    ['@more.flags', /第 1 行：不支持用 @ 引用其他文件（@more.flags）/],
    ['-constraints:cst_file cstfile', /第 1 行：不支持的选项 -constraints:cst_file/],
    ['-ex1\n-s ../3hon.pdb', /第 2 行：-s 的值“..\/3hon.pdb”指向任务目录之外/],
    ['-in:file:s /etc/passwd', /-in:file:s 的值“\/etc\/passwd”指向任务目录之外/],
    ['-database /opt/rosetta/database', /-database 由平台设置/],
    ['-out:path:all /tmp', /-out:path:all 由平台设置/],
    ['-s other.pdb', /-s 引用的文件“other.pdb”不是本次上传的文件（应为 3hon.pdb）/],
    ['-nstruct 11', /-nstruct 的值“11”无效，应为 1–10 之间的整数/],
    ['-score:weights my_weights', /-score:weights 的值“my_weights”无效，应为以下之一：ref2015/],
    ['-resfile r.txt', /-resfile 不适用于Rosetta 能量最小化/],
    ['-ex1\n-packing:ex1', /第 2 行：选项 -packing:ex1 重复出现/],
    ['ex1', /第 1 行：“ex1”不是选项/],
    ['# nothing\n', /flag 文件 flags.txt 中没有任何选项/],
  ])('refuse %j, naming the line', (text, message) => {
    expect(zh(minimizerFlags(text).problem)).toMatch(message);
  });
});

describe('Rosetta outputs and programs', () => {
  it('read a real score file (RosettaCommons/demos favor_native_residue) with every term', () => {
    const [structure, ...rest] = readScoreFile(readFileSync(path.join(ROSETTA_FIXTURES, 'score.sc'), 'utf8'));
    expect(rest).toEqual([]);
    expect(structure).toMatchObject({ description: '1l2y_0001', total_score: -30.374 });
    expect(structure!.terms).toMatchObject({ fa_atr: -50.077, fa_rep: 5.933, fa_dun: 9.481, ref: -6.766, res_type_constraint: -3.25 });
    expect(Object.keys(structure!.terms)).toHaveLength(20);
    expect(readScoreFile('{"decoy": "x_0001", "total_score": -12.5, "fa_atr": -20}\n')).toEqual([{ description: 'x_0001', total_score: -12.5, terms: { fa_atr: -20 } }]);
  });

  it("find a release build of each application in ROSETTA_BIN, preferring the default gcc one", async () => {
    const bin = await mkdtemp(path.join(tmpdir(), 'rosetta-bin-'));
    for (const name of ['minimize.static.linuxgccrelease', 'minimize.default.linuxgccrelease', 'minimize.default.linuxgccdebug']) await writeFile(path.join(bin, name), '');
    expect(rosettaProgram(bin, 'minimize')).toBe(path.join(bin, 'minimize.default.linuxgccrelease'));
    expect(rosettaProgram(bin, 'fixbb')).toBeNull();
    expect(rosettaProgram(path.join(bin, 'absent'), 'fixbb')).toBeNull();
  });

  it('count the residues Rosetta numbers, by chain and PDB number', () => {
    const residues = readPdbResidues(readFileSync(path.join(ROSETTA_FIXTURES, '1l2y_0001.pdb'), 'utf8'));
    expect(residues.map((r) => `${r.name}${r.number}${r.chain}`)).toEqual(['ASN1A', 'ALA2A', 'MET3A', 'LYS4A', 'GLN5A']);
  });
});
