import { describe, expect, it } from 'vitest';
import { QmInputError } from '@yunyao/quantum';
import {
  buildProthodLine,
  checkKeywordModeUploads,
  DFTB_NOTICE,
  EMPTY_KEYWORD_TABLE,
  keywordTableReducer,
  parseProthodRequest,
  softwareFor,
  type KeywordTableAction,
} from './keyword-mode.ts';

describe('parseProthodRequest', () => {
  it('opt DFTB runs GFN2-xTB and says so', () => {
    const request = parseProthodRequest({ soft: 'DFTB', keyword: 'opt DFTB' });
    expect(request).toMatchObject({ soft: 'DFTB', compute: 'beijing', notice: DFTB_NOTICE, job: { task: 'Opt', method: 'GFN2-xTB' } });
    expect(request.job.basis).toBeUndefined();
  });

  it('sp PM3 is PM3 with ORCA as the software field', () => {
    expect(parseProthodRequest({ soft: 'ORCA', keyword: 'sp PM3' })).toMatchObject({ soft: 'ORCA', job: { task: 'SP', method: 'PM3' } });
  });

  it('freq method basis is Opt+Freq with that method and basis, charge and multiplicity', () => {
    const request = parseProthodRequest({ soft: 'ORCA', keyword: 'freq B3LYP 6-31G*', charge: '1', spinm: '2', compute: 'shanghai' });
    expect(request).toMatchObject({ compute: 'shanghai', job: { task: 'OptFreq', method: 'B3LYP', basis: '6-31G*', charge: 1, multiplicity: 2 } });
    expect(request.notice).toBeUndefined();
  });

  it('rejects bad keywords and a mismatched software', () => {
    for (const keyword of ['scan PM3', 'opt', 'opt B3LYP', 'opt B3LYP def2-QZVP', 'opt PM3 def2-SVP']) {
      expect(() => parseProthodRequest({ keyword }), keyword).toThrow(QmInputError);
    }
    expect(() => parseProthodRequest({ soft: 'ORCA', keyword: 'opt DFTB' })).toThrow(/does not match/);
    expect(() => parseProthodRequest({ keyword: 'opt DFTB', spinm: '0' })).toThrow(/spinm/);
  });
});

describe('keyword table', () => {
  const run = (...actions: KeywordTableAction[]) => actions.reduce(keywordTableReducer, EMPTY_KEYWORD_TABLE);

  it('choosing a default clears method and basis', () => {
    const state = run({ type: 'target', value: 'opt' }, { type: 'method', value: 'B3LYP' }, { type: 'basis', value: '6-31G*' }, { type: 'default', value: 'DFTB' });
    expect(state).toEqual({ target: 'opt', defaultMethod: 'DFTB', method: null, basis: null });
    expect(softwareFor(state)).toBe('DFTB');
    expect(buildProthodLine(state)).toBe('opt DFTB');
  });

  it('choosing a method clears the default', () => {
    const state = run({ type: 'target', value: 'freq' }, { type: 'default', value: 'PM3' }, { type: 'method', value: 'B3LYP' });
    expect(state.defaultMethod).toBeNull();
    expect(buildProthodLine(state)).toBeNull();
    const complete = keywordTableReducer(state, { type: 'basis', value: '6-31G*' });
    expect(buildProthodLine(complete)).toBe('freq B3LYP 6-31G*');
    expect(softwareFor(complete)).toBe('ORCA');
    expect(parseProthodRequest({ keyword: buildProthodLine(complete)! }).job).toMatchObject({ method: 'B3LYP', basis: '6-31G*' });
  });

  it('needs a target', () => expect(buildProthodLine(run({ type: 'default', value: 'PM3' }))).toBeNull());
});

describe('keyword mode uploads', () => {
  it('accepts up to 20 .xyz files under 20 MB', () => {
    expect(checkKeywordModeUploads([{ name: 'a.xyz', size: 100 }])).toBeNull();
    expect(checkKeywordModeUploads([])?.en).toContain('at least one');
    expect(checkKeywordModeUploads(Array.from({ length: 21 }, (_, i) => ({ name: `${i}.xyz`, size: 1 })))?.en).toContain('20 files');
    expect(checkKeywordModeUploads([{ name: 'a.mol', size: 1 }])?.en).toContain('only .xyz');
    expect(checkKeywordModeUploads([{ name: 'a.xyz', size: 20 * 1024 * 1024 }])?.en).toContain('20 MB');
  });
});
