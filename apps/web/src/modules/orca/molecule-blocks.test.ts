import { describe, expect, it } from 'vitest';
import { EMPTY_GEOMETRY_MESSAGE, parseXyz } from '@yunyao/quantum';
import { defaultOrcaFormState, formToRequest, parseOrcaRequest } from '@yunyao/modules/forms/orca';
import {
  blockAtomCount,
  blockFileNames,
  blocksProblem,
  blocksToFiles,
  newBlock,
  pasteNumber,
  previewInputs,
  readBlocks,
} from './molecule-blocks.ts';

const WATER_ATOMS = 'O 0.000 0.000 0.117\nH 0.000 0.757 -0.469\nH 0.000 -0.757 -0.469\n';
const WATER_FILE = `3\nwater molecule\n${WATER_ATOMS}`;
const METHANE = '5\nmethane\nC 0 0 0\nH 0.63 0.63 0.63\nH -0.63 -0.63 0.63\nH -0.63 0.63 -0.63\nH 0.63 -0.63 -0.63\n';

describe('naming', () => {
  it('pasted blocks are mol_<n>.xyz in order, uploads keep their name', () => {
    const blocks = [newBlock('paste', WATER_ATOMS), newBlock('file', METHANE, 'methane.xyz'), newBlock('paste', WATER_ATOMS)];
    expect(blockFileNames(blocks)).toEqual(['mol_1.xyz', 'methane.xyz', 'mol_2.xyz']);
    expect(blocks.map((b) => pasteNumber(blocks, b))).toEqual([1, 0, 2]);
  });

  it('clashing names get a suffix, case-insensitively', () => {
    const blocks = [newBlock('file', METHANE, 'a.xyz'), newBlock('file', METHANE, 'A.XYZ'), newBlock('file', METHANE, 'mol_1.xyz'), newBlock('paste', WATER_ATOMS)];
    expect(blockFileNames(blocks)).toEqual(['a.xyz', 'A_2.xyz', 'mol_1.xyz', 'mol_1_2.xyz']);
  });
});

describe('atom count', () => {
  it('counts parsed atoms for a standard file (its comment line is not an atom)', () => {
    expect(blockAtomCount(WATER_FILE)).toBe(3);
    expect(blockAtomCount(WATER_ATOMS)).toBe(3);
  });
  it('falls back to lines starting with a letter when the text does not read', () => {
    expect(blockAtomCount('O 0 0 0\nH 0 0\nH x y z')).toBe(3);
    expect(blockAtomCount('')).toBe(0);
  });
});

describe('blocksProblem', () => {
  it('no block or an empty block is the empty-geometry message', () => {
    expect(blocksProblem([])).toEqual(EMPTY_GEOMETRY_MESSAGE);
    expect(blocksProblem([newBlock('paste', WATER_ATOMS), newBlock('paste', '  \n')])).toEqual(EMPTY_GEOMETRY_MESSAGE);
  });
  it('names the block that does not read', () => {
    const problem = blocksProblem([newBlock('paste', WATER_ATOMS), newBlock('file', 'O 0 0 0\nXx 1 1 1', 'bad.xyz')]);
    expect(problem?.zh).toMatch(/^分子 bad\.xyz：第 2 行/);
    expect(problem?.en).toContain('bad.xyz');
  });
  it('accepts readable blocks', () => expect(blocksProblem([newBlock('paste', WATER_ATOMS), newBlock('file', METHANE, 'm.xyz')])).toBeNull());
});

describe('blocksToFiles', () => {
  it('writes bare atom lines as a proper XYZ file and sends standard files as they are', async () => {
    const blocks = [newBlock('paste', WATER_ATOMS), newBlock('paste', WATER_FILE), newBlock('file', METHANE, 'methane.xyz')];
    const files = blocksToFiles(blocks);
    expect(files.map((f) => f.name)).toEqual(['mol_1.xyz', 'mol_2.xyz', 'methane.xyz']);
    const first = await files[0]!.text();
    expect(first.split('\n')[0]).toBe('3');
    expect(parseXyz(first, 'mol_1').atoms).toHaveLength(3);
    expect(await files[1]!.text()).toBe(WATER_FILE);
    expect(await files[2]!.text()).toBe(METHANE);
  });
  it('refuses a block that does not read', () => {
    expect(() => blocksToFiles([newBlock('paste', 'nonsense')])).toThrow();
  });
});

describe('previewInputs', () => {
  const job = parseOrcaRequest(formToRequest({ ...defaultOrcaFormState(), method: 'HF', basis: 'STO-3G', jobType: 'Opt' }));
  const blocks = [newBlock('paste', WATER_ATOMS), newBlock('file', METHANE, 'methane.xyz'), newBlock('paste', 'H 0 0')];

  it('renders NWChem inputs when ORCA is not configured, one per block, errors per block', () => {
    const { engine, inputs } = previewInputs(job, blocks, false);
    expect(engine).toBe('nwchem');
    expect(inputs.map((i) => i.name)).toEqual(['mol_1.xyz', 'methane.xyz', 'mol_2.xyz']);
    expect(inputs[0]!.text).toMatch(/geometry/i);
    expect(inputs[0]!.text).toMatch(/sto-3g/i);
    expect(inputs[1]!.text).toContain('C');
    expect(inputs[2]!.error?.zh).toContain('第 1 行');
  });

  it('renders ORCA inputs when ORCA is configured', () => {
    const { engine, inputs } = previewInputs(job, blocks.slice(0, 1), true);
    expect(engine).toBe('orca');
    expect(inputs[0]!.text).toMatch(/^!.*HF/m);
  });
});
