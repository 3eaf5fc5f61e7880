import { describe, expect, it } from 'vitest';
import type { Geometry } from '@yunyao/quantum';
import { parseOrcaRequest } from '../orca-request.ts';
import { applyChange, IR_FORCES_OPTFREQ_ALERT, OPTFREQ_CLEARED_ALERT, type OrcaFormChange } from './interlocks.ts';
import { formToRequest } from './request.ts';
import { defaultOrcaFormState, type OrcaFormState } from './state.ts';
import { MEMORY_EXCEEDED_MESSAGE, NROOTS_MESSAGE, validateOrcaForm } from './validate.ts';

const water: Geometry = {
  name: 'water',
  comment: '',
  atoms: [
    { element: 'O', x: 0, y: 0, z: 0.117 },
    { element: 'H', x: 0, y: 0.757, z: -0.467 },
    { element: 'H', x: 0, y: -0.757, z: -0.467 },
  ],
};

function apply(state: OrcaFormState, ...changes: OrcaFormChange[]) {
  let result = { state, alerts: [] as { zh: string; en: string }[] };
  for (const change of changes) {
    const next = applyChange(result.state, change);
    result = { state: next.state, alerts: [...result.alerts, ...next.alerts] };
  }
  return result;
}

describe('defaults (spec constants)', () => {
  it('1 core, 2000 MB, 10 roots, multiplicity 1, charge 0', () => {
    expect(defaultOrcaFormState()).toMatchObject({ parallel: false, nprocs: 1, maxcore: 2000, nroots: 10, multiplicity: 1, charge: 0 });
  });
});

describe('spectroscopy interlocks', () => {
  it('IR on forces Opt+Freq with an alert and turns NMR and UV-Vis off', () => {
    const start = { ...defaultOrcaFormState(), nmr: true };
    const { state, alerts } = applyChange(start, { field: 'ir', value: true });
    expect(state).toMatchObject({ ir: true, jobType: 'OptFreq', nmr: false, uvvis: false });
    expect(alerts).toEqual([IR_FORCES_OPTFREQ_ALERT]);
  });

  it('IR on when already Opt+Freq needs no alert', () => {
    const { alerts } = applyChange({ ...defaultOrcaFormState(), jobType: 'OptFreq' }, { field: 'ir', value: true });
    expect(alerts).toEqual([]);
  });

  it('NMR on turns UV-Vis and IR off; Opt+Freq is cleared to Opt with an alert', () => {
    const withIr = apply(defaultOrcaFormState(), { field: 'ir', value: true }).state;
    const { state, alerts } = applyChange({ ...withIr, uvvis: false }, { field: 'nmr', value: true });
    expect(state).toMatchObject({ nmr: true, uvvis: false, ir: false, jobType: 'Opt' });
    expect(alerts).toEqual([OPTFREQ_CLEARED_ALERT]);
  });

  it('UV-Vis on turns NMR and IR off; Opt+Freq is cleared to Opt with an alert', () => {
    const withIr = apply(defaultOrcaFormState(), { field: 'ir', value: true }).state;
    const { state, alerts } = applyChange(withIr, { field: 'uvvis', value: true });
    expect(state).toMatchObject({ uvvis: true, nmr: false, ir: false, jobType: 'Opt' });
    expect(alerts).toEqual([OPTFREQ_CLEARED_ALERT]);
  });

  it('NMR on with SP keeps SP and shows nothing', () => {
    const { state, alerts } = applyChange({ ...defaultOrcaFormState(), uvvis: true }, { field: 'nmr', value: true });
    expect(state).toMatchObject({ jobType: 'SP', uvvis: false, nmr: true });
    expect(alerts).toEqual([]);
  });

  it('another job type while IR is on returns to Opt+Freq', () => {
    const withIr = apply(defaultOrcaFormState(), { field: 'ir', value: true }).state;
    const { state, alerts } = applyChange(withIr, { field: 'jobType', value: 'SP' });
    expect(state.jobType).toBe('OptFreq');
    expect(alerts).toEqual([IR_FORCES_OPTFREQ_ALERT]);
  });

  it('job type changes freely while IR is off', () => {
    expect(applyChange(defaultOrcaFormState(), { field: 'jobType', value: 'Opt' }).state.jobType).toBe('Opt');
  });
});

describe('approximation follows method', () => {
  const base = defaultOrcaFormState();
  it('RI-JK forces HF', () => expect(applyChange(base, { field: 'approximation', value: 'RI-JK' }).state.method).toBe('HF'));
  it('RI-MP2 forces MP2', () => expect(applyChange(base, { field: 'approximation', value: 'RI-MP2' }).state.method).toBe('MP2'));
  it('RI-CC forces CCSD(T)', () => expect(applyChange(base, { field: 'approximation', value: 'RI-CC' }).state.method).toBe('CCSD(T)'));
  it('RIJCOSX keeps HF and DFT methods', () => {
    expect(applyChange({ ...base, method: 'HF' }, { field: 'approximation', value: 'RIJCOSX' }).state.method).toBe('HF');
    expect(applyChange({ ...base, method: 'PBE0' }, { field: 'approximation', value: 'RIJCOSX' }).state.method).toBe('PBE0');
  });
  it('RIJCOSX forces B3LYP for MP2 and CCSD(T)', () => {
    expect(applyChange({ ...base, method: 'MP2' }, { field: 'approximation', value: 'RIJCOSX' }).state.method).toBe('B3LYP');
    expect(applyChange({ ...base, method: 'CCSD(T)' }, { field: 'approximation', value: 'RIJCOSX' }).state.method).toBe('B3LYP');
  });
  it('changing method resets an incompatible approximation to none', () => {
    const riJk = { ...base, method: 'HF' as const, approximation: 'RI-JK' as const };
    expect(applyChange(riJk, { field: 'method', value: 'B3LYP' }).state.approximation).toBe('none');
    const riMp2 = { ...base, method: 'MP2' as const, approximation: 'RI-MP2' as const };
    expect(applyChange(riMp2, { field: 'method', value: 'HF' }).state.approximation).toBe('none');
  });
  it('changing method keeps a compatible approximation', () => {
    const cosx = { ...base, method: 'HF' as const, approximation: 'RIJCOSX' as const };
    expect(applyChange(cosx, { field: 'method', value: 'TPSSh' }).state.approximation).toBe('RIJCOSX');
  });
});

describe('validateOrcaForm', () => {
  const base = defaultOrcaFormState();
  it('accepts the defaults with a molecule', () => expect(validateOrcaForm(base, [water])).toBeNull());
  it('empty geometry', () => {
    expect(validateOrcaForm(base, [])?.zh).toBe('请提供有效的分子几何结构（XYZ）！');
    expect(validateOrcaForm(base, [{ ...water, atoms: [] }])?.en).toBe('please provide valid molecular geometry (XYZ)!');
  });
  it('parallel cores x memory above 32768 MB', () => {
    expect(validateOrcaForm({ ...base, parallel: true, nprocs: 17, maxcore: 2000 }, [water])).toEqual(MEMORY_EXCEEDED_MESSAGE);
    expect(validateOrcaForm({ ...base, parallel: true, nprocs: 16, maxcore: 2048 }, [water])).toBeNull();
    // Only checked with parallel on: one core cannot exceed the maxcore limit itself.
    expect(validateOrcaForm({ ...base, parallel: false, nprocs: 32, maxcore: 2000 }, [water])).toBeNull();
    expect(MEMORY_EXCEEDED_MESSAGE.zh).toBe('并行核数 × 每核内存超出系统可用内存，请调整！');
  });
  it('nroots below 1 with UV-Vis on', () => {
    expect(validateOrcaForm({ ...base, uvvis: true, nroots: 0 }, [water])).toEqual(NROOTS_MESSAGE);
    expect(validateOrcaForm({ ...base, uvvis: false, nroots: 0 }, [water])).toBeNull();
    expect(NROOTS_MESSAGE.zh).toBe('请填写有效的激发态数目（nroots）！');
  });
  it('nprocs 1–32 and maxcore 128–32768', () => {
    expect(validateOrcaForm({ ...base, parallel: true, nprocs: 33, maxcore: 128 }, [water])?.en).toContain('cores');
    expect(validateOrcaForm({ ...base, maxcore: 64 }, [water])?.en).toContain('memory per core');
  });
  it('integer charge, multiplicity at least 1 and matching electron parity', () => {
    expect(validateOrcaForm({ ...base, charge: 0.5 }, [water])?.en).toContain('charge');
    expect(validateOrcaForm({ ...base, multiplicity: 0 }, [water])?.en).toContain('multiplicity');
    expect(validateOrcaForm({ ...base, multiplicity: 2 }, [water])?.en).toContain('10 electrons');
    expect(validateOrcaForm({ ...base, charge: 1, multiplicity: 2 }, [water])).toBeNull();
  });
});

describe('form → request → parsed QmJob', () => {
  const cases: Array<[string, OrcaFormState]> = [
    ['defaults', defaultOrcaFormState()],
    ['IR with solvent, parallel, RIJCOSX and flags', {
      ...apply(defaultOrcaFormState(), { field: 'ir', value: true }, { field: 'approximation', value: 'RIJCOSX' }).state,
      method: 'wB97X-D', solvent: 'Water', parallel: true, nprocs: 8, maxcore: 4000, mulliken: true, dipole: true, homo: true, lumo: true, charge: -1, multiplicity: 2,
    }],
    ['NMR with MP2/RI-MP2', { ...defaultOrcaFormState(), jobType: 'Opt', method: 'MP2', approximation: 'RI-MP2', basis: 'cc-pVTZ', nmr: true, nmrMethod: 'GIAO' }],
    ['UV-Vis with HF/RI-JK', { ...defaultOrcaFormState(), method: 'HF', approximation: 'RI-JK', uvvis: true, nroots: 25, solvent: 'DiethylEther' }],
    ['CCSD(T)/RI-CC', { ...defaultOrcaFormState(), method: 'CCSD(T)', approximation: 'RI-CC', basis: 'aug-cc-pVDZ' }],
  ];
  it.each(cases)('%s', (_label, state) => {
    const request = formToRequest(state);
    const job = parseOrcaRequest(request);
    expect(job).toMatchObject({
      task: state.jobType,
      method: state.method,
      basis: state.basis,
      approximation: state.approximation,
      charge: state.charge,
      multiplicity: state.multiplicity,
      cores: state.parallel ? state.nprocs : 1,
      memoryPerCoreMb: state.maxcore,
      properties: { mulliken: state.mulliken, dipole: state.dipole, homo: state.homo, lumo: state.lumo },
    });
    expect(job.solvent).toBe(state.solvent ?? undefined);
    expect(job.properties.nmr).toBe(state.nmr ? state.nmrMethod : undefined);
    expect(job.properties.uvvis).toEqual(state.uvvis ? { nroots: state.nroots } : undefined);
    expect(job.properties.ir).toEqual(state.ir ? { min: state.irMin, max: state.irMax } : undefined);
  });

  it('posts the spec fields', () => {
    const state: OrcaFormState = { ...defaultOrcaFormState(), jobType: 'Opt', lumo: true };
    expect(formToRequest(state)).toEqual({ keyword: '! B3LYP def2-SVP Opt', extration: 'NOSOL,LOMO', charge: '0', spinm: '1', nprocs: '1', maxcore: '2000' });
  });
});
