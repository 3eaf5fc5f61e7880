import { describe, expect, it } from 'vitest';
import { decodeMessage, paramMessages } from '@yunyao/contract';
import {
  dynamicForm,
  dynamicLigandFen,
  dynamicParams,
  EQUILIBRATION_NS,
  PRESET_PROTOCOLS,
  PRODUCTION_NS,
  PROTOCOL_PRESETS,
  protocolOf,
} from './dynamic.form.ts';
import { dynamicModule } from './dynamic.module.ts';
import { dynamicCoreHours, TYPICAL_PROTEIN_ATOMS } from './dynamic-cost.ts';

const base = { protein_source: 'rcsb', pdb_id: '2c6e' };
const codeOf = (message: string | undefined) => decodeMessage(message ?? '')?.code;

describe('free-energy protocols (fast, standard, precise, custom)', () => {
  it('keeps the spec defaults as the standard protocol and the default of every field', () => {
    expect(PROTOCOL_PRESETS.standard).toEqual({ btime: EQUILIBRATION_NS.default, stime: PRODUCTION_NS.default });
    expect(PROTOCOL_PRESETS.standard).toEqual({ btime: 5, stime: 5 });
    const parsed = dynamicParams.parse(base);
    expect(parsed).toMatchObject({ ions: 'NaCl', concentration: 0.15, btime: 5, stime: 5 });
    expect(parsed.protocol).toBeUndefined();
  });

  it.each(PRESET_PROTOCOLS)('maps %s to times inside the spec bounds that the params accept', (protocol) => {
    const { btime, stime } = PROTOCOL_PRESETS[protocol];
    expect(btime).toBeGreaterThanOrEqual(EQUILIBRATION_NS.min);
    expect(btime).toBeLessThanOrEqual(EQUILIBRATION_NS.max);
    expect(stime).toBeGreaterThanOrEqual(PRODUCTION_NS.min);
    expect(stime).toBeLessThanOrEqual(PRODUCTION_NS.max);
    // As the form sends them: strings.
    const parsed = dynamicParams.safeParse({ ...base, protocol, btime: String(btime), stime: String(stime) });
    expect(parsed.success, JSON.stringify(parsed.error?.issues)).toBe(true);
    expect(parsed.data).toMatchObject({ protocol, btime, stime });
    expect(protocolOf({ btime, stime })).toBe(protocol);
  });

  it('calls other times custom and accepts them as custom, within the bounds only', () => {
    expect(protocolOf({ btime: 2, stime: 5 })).toBe('custom');
    expect(dynamicParams.safeParse({ ...base, protocol: 'custom', btime: '2', stime: '3' }).success).toBe(true);
    const over = dynamicParams.safeParse({ ...base, protocol: 'custom', btime: '11' }, paramMessages('zh'));
    expect(codeOf(over.error?.issues[0]?.message)).toBe('dynamic.equilibrationInvalid');
    const under = dynamicParams.safeParse({ ...base, protocol: 'custom', stime: '-1' }, paramMessages('zh'));
    expect(codeOf(under.error?.issues[0]?.message)).toBe('dynamic.productionInvalid');
  });

  it('refuses an unknown protocol, and a preset whose times are not its own', () => {
    const unknown = dynamicParams.safeParse({ ...base, protocol: 'turbo' }, paramMessages('zh'));
    expect(codeOf(unknown.error?.issues[0]?.message)).toBe('dynamic.protocolInvalid');
    const mismatch = dynamicParams.safeParse({ ...base, protocol: 'fast', btime: '5', stime: '5' }, paramMessages('zh'));
    expect(mismatch.error?.issues[0]?.path).toEqual(['protocol']);
    expect(codeOf(mismatch.error?.issues[0]?.message)).toBe('dynamic.protocolMismatch');
  });

  it('records the protocol with the result: as chosen, else what the times are', () => {
    const resolve = (input: Record<string, unknown>) => dynamicModule.resolveParams!(dynamicParams.parse({ ...base, ...input }));
    expect(resolve({})).toMatchObject({ protocol: 'standard', seed: 42 });
    expect(resolve({ btime: '0.02', stime: '0.05' })).toMatchObject({ protocol: 'fast' });
    expect(resolve({ btime: '0', stime: '0' })).toMatchObject({ protocol: 'minimised' });
    expect(resolve({ btime: '1', stime: '1' })).toMatchObject({ protocol: 'custom' });
    expect(resolve({ protocol: 'custom', btime: '5', stime: '5' })).toMatchObject({ protocol: 'custom' });
  });
});

describe('the price per ligand of each protocol', () => {
  it('grows from minimised to fast to standard to precise, by the module estimate and price', () => {
    const [minimised, fast, standard, precise] = (['minimised', 'fast', 'standard', 'precise'] as const).map((p) => dynamicLigandFen(PROTOCOL_PRESETS[p]));
    expect(minimised).toBeLessThan(fast!);
    expect(fast).toBeLessThan(standard!);
    expect(standard).toBeLessThan(precise!);
    const hours = dynamicCoreHours({ ligands: 1, proteinAtoms: TYPICAL_PROTEIN_ATOMS, ...PROTOCOL_PRESETS.standard });
    expect(standard).toBe(Math.ceil(hours * dynamicForm.priceFenPerCoreHour));
  });

  it('keeps the fast protocol to about one core-hour per ligand for a typical complex', () => {
    const hours = dynamicCoreHours({ ligands: 1, proteinAtoms: TYPICAL_PROTEIN_ATOMS, ...PROTOCOL_PRESETS.fast });
    expect(hours).toBeLessThanOrEqual(1);
    expect(hours).toBeGreaterThan(0.5);
    // The figures docs/models/free-energy.md quotes (¥1 per core-hour).
    expect(dynamicForm.priceFenPerCoreHour).toBe(100);
    expect((['minimised', 'fast', 'standard', 'precise'] as const).map((p) => dynamicLigandFen(PROTOCOL_PRESETS[p]) / 100)).toEqual([0.09, 0.97, 126.34, 379.09]);
  });

  it('prices a larger receptor higher', () => {
    expect(dynamicLigandFen(PROTOCOL_PRESETS.fast, 2 * TYPICAL_PROTEIN_ATOMS)).toBeGreaterThan(dynamicLigandFen(PROTOCOL_PRESETS.fast));
  });
});
