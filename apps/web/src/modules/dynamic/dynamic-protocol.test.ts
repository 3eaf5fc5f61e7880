import { describe, expect, it } from 'vitest';
import { PROTOCOL_PRESETS } from '@yunyao/modules/forms/dynamic';
import { chooseProtocol, editTime, protocolPrices, type SimulationTimes } from './dynamic-protocol.ts';

const standard: SimulationTimes = { protocol: 'standard', btime: 5, stime: 5 };

describe('the free-energy form protocol choice', () => {
  it('fills a preset’s times when it is chosen, and keeps the times for custom', () => {
    expect(chooseProtocol(standard, 'fast')).toEqual({ protocol: 'fast', ...PROTOCOL_PRESETS.fast });
    expect(chooseProtocol(standard, 'precise')).toEqual({ protocol: 'precise', btime: 10, stime: 20 });
    expect(chooseProtocol({ ...standard, protocol: 'fast', ...PROTOCOL_PRESETS.fast }, 'custom')).toEqual({ protocol: 'custom', ...PROTOCOL_PRESETS.fast });
  });

  it('switches to custom when a time is edited, back to a preset when the times are its own', () => {
    const edited = editTime(standard, 'stime', 8);
    expect(edited).toEqual({ protocol: 'custom', btime: 5, stime: 8 });
    expect(editTime(edited, 'stime', 5)).toEqual(standard);
  });

  it('prices each protocol per ligand, cheapest fast, custom at the times as typed', () => {
    const prices = protocolPrices({ btime: 5, stime: 5 });
    expect(prices.fast).toBeLessThan(prices.standard);
    expect(prices.standard).toBeLessThan(prices.precise);
    expect(prices.custom).toBe(prices.standard);
    expect(prices.fast).toBeLessThanOrEqual(1);
    expect(protocolPrices({ btime: 1, stime: 1 }).custom).toBeLessThan(prices.standard);
  });
});
