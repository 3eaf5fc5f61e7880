import { describe, expect, it } from 'vitest';
import { QmInputError } from '@yunyao/quantum';
import { defaultOrcaFormState } from './form-rules/state.ts';
import { buildOrcaLine, parseOrcaRequest } from './orca-request.ts';

function error(fn: () => unknown): QmInputError {
  try {
    fn();
  } catch (caught) {
    if (caught instanceof QmInputError) return caught;
    throw caught;
  }
  throw new Error('expected a QmInputError');
}

describe('parseOrcaRequest', () => {
  it('reads the spec example with defaults', () => {
    expect(parseOrcaRequest({ keyword: '! B3LYP def2-SVP Opt' })).toEqual({
      task: 'Opt',
      method: 'B3LYP',
      basis: 'def2-SVP',
      approximation: 'none',
      charge: 0,
      multiplicity: 1,
      properties: { mulliken: false, dipole: false, homo: false, lumo: false },
      cores: 1,
      memoryPerCoreMb: 2000,
    });
  });

  it('maps the ωB97X-D spellings to one method', () => {
    for (const word of ['wB97X-D3', 'wB97X-D', 'ωB97X-D', 'WB97X-D3']) {
      expect(parseOrcaRequest({ keyword: `! ${word} def2-TZVP` }).method).toBe('wB97X-D');
    }
  });

  it('reads Opt Freq and OptFreq alike, case-insensitively', () => {
    expect(parseOrcaRequest({ keyword: '! b3lyp 6-31g* opt freq' }).task).toBe('OptFreq');
    expect(parseOrcaRequest({ keyword: '! B3LYP 6-31G* OptFreq' }).task).toBe('OptFreq');
    expect(parseOrcaRequest({ keyword: '! B3LYP 6-31G* Freq' }).task).toBe('Freq');
  });

  it('reads PALn, CPCM(solvent), TightSCF, RI keywords and auxiliary bases', () => {
    const job = parseOrcaRequest({ keyword: '! PBE0 def2-TZVP RIJCOSX def2/J Opt CPCM(water) TightSCF PAL8', extration: 'SOL,HOMO,LUMO' });
    expect(job).toMatchObject({ method: 'PBE0', approximation: 'RIJCOSX', solvent: 'Water', cores: 8, properties: { homo: true, lumo: true } });
    expect(parseOrcaRequest({ keyword: '! RI-MP2 cc-pVTZ cc-pVTZ/C' })).toMatchObject({ method: 'MP2', approximation: 'RI-MP2' });
    expect(parseOrcaRequest({ keyword: '! RIJK def2-SVP' })).toMatchObject({ method: 'HF', approximation: 'RI-JK' });
  });

  it('reads the extration tags and optional fields', () => {
    const job = parseOrcaRequest({
      keyword: '! B3LYP def2-SVP Opt Freq',
      extration: 'NOSOL, IR, Mulliken, Dipole, HOMO, LOMO',
      charge: '-1',
      spinm: '2',
      nprocs: '4',
      maxcore: '4096',
      ir_min: '500',
      ir_max: '3500',
    });
    expect(job).toMatchObject({ charge: -1, multiplicity: 2, cores: 4, memoryPerCoreMb: 4096, properties: { ir: { min: 500, max: 3500 }, mulliken: true, dipole: true, homo: true, lumo: true } });
    expect(parseOrcaRequest({ keyword: '! B3LYP def2-SVP', extration: 'UVVIS', nroots: 5 }).properties.uvvis).toEqual({ nroots: 5 });
    expect(parseOrcaRequest({ keyword: '! B3LYP def2-SVP NMR' }).properties.nmr).toBe('GIAO');
    expect(parseOrcaRequest({ keyword: '! B3LYP def2-SVP', extration: 'NMR', nmr_method: 'iglo-ii' }).properties.nmr).toBe('IGLO-II');
  });

  it('explains unknown methods, basis sets, tags and solvents', () => {
    expect(error(() => parseOrcaRequest({ keyword: '! BLYP def2-SVP' })).zh).toContain('无法识别的关键词“BLYP”');
    expect(error(() => parseOrcaRequest({ keyword: '! B3LYP def2-QZVP' })).zh).toContain('不支持的基组“def2-QZVP”');
    expect(error(() => parseOrcaRequest({ keyword: '! B3LYP def2-SVP', extration: 'RAMAN' })).en).toContain('RAMAN');
    expect(error(() => parseOrcaRequest({ keyword: '! B3LYP def2-SVP CPCM(Toluene)' })).zh).toContain('Toluene');
    expect(error(() => parseOrcaRequest({ keyword: '! def2-SVP' })).zh).toContain('缺少计算方法');
    expect(error(() => parseOrcaRequest({ keyword: '! B3LYP' })).zh).toContain('缺少基组');
    expect(error(() => parseOrcaRequest({ keyword: '   ' })).zh).toContain('请填写 ORCA 关键词行');
  });

  it('rejects contradictions', () => {
    const contradictions = [
      { keyword: '! B3LYP PBE0 def2-SVP' },
      { keyword: '! B3LYP def2-SVP SP Opt' },
      { keyword: '! B3LYP def2-SVP RIJK' },
      { keyword: '! B3LYP def2-SVP', extration: 'SOL,NOSOL' },
      { keyword: '! B3LYP def2-SVP CPCM(Water)', extration: 'NOSOL' },
      { keyword: '! B3LYP def2-SVP CPCM(Water)', solvent: 'Ethanol' },
      { keyword: '! B3LYP def2-SVP Opt', extration: 'IR' },
      { keyword: '! B3LYP def2-SVP Opt Freq', extration: 'IR,NMR' },
      { keyword: '! B3LYP def2-SVP PAL4', nprocs: '8' },
    ];
    for (const input of contradictions) expect(error(() => parseOrcaRequest(input)).zh, input.keyword).toMatch(/关键词相互矛盾/);
  });

  it('applies the form limits', () => {
    expect(error(() => parseOrcaRequest({ keyword: '! B3LYP def2-SVP', extration: 'SOL' })).zh).toContain('请指定溶剂');
    expect(error(() => parseOrcaRequest({ keyword: '! B3LYP def2-SVP', extration: 'UVVIS', nroots: '0' })).zh).toBe('请填写有效的激发态数目（nroots）！');
    expect(error(() => parseOrcaRequest({ keyword: '! B3LYP def2-SVP PAL16', maxcore: '4000' })).zh).toBe('并行核数 × 每核内存超出系统可用内存，请调整！');
    expect(error(() => parseOrcaRequest({ keyword: '! B3LYP def2-SVP', nprocs: '33' })).en).toContain('nprocs');
    expect(error(() => parseOrcaRequest({ keyword: '! B3LYP def2-SVP', spinm: '0' })).en).toContain('spinm');
  });
});

describe('buildOrcaLine', () => {
  it('writes the preview line', () => {
    expect(buildOrcaLine(defaultOrcaFormState())).toBe('! B3LYP def2-SVP SP');
    expect(buildOrcaLine({ ...defaultOrcaFormState(), method: 'wB97X-D', approximation: 'RIJCOSX', jobType: 'OptFreq', solvent: 'Water', parallel: true, nprocs: 4 })).toBe(
      '! wB97X-D3 def2-SVP RIJCOSX Opt Freq CPCM(Water) PAL4',
    );
    expect(buildOrcaLine({ ...defaultOrcaFormState(), method: 'MP2', approximation: 'RI-MP2', nmr: true })).toBe('! RI-MP2 def2-SVP SP NMR');
  });
});
