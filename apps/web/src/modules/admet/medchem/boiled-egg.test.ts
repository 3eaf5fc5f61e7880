import { BOILED_EGG_ELLIPSES } from '@yunyao/contract';
import { describe, expect, it } from 'vitest';
import { boiledEggOption, ellipseOutline } from './boiled-egg.ts';

describe('the BOILED-Egg drawing', () => {
  it('outlines the published white ellipse, tilted as in the paper', () => {
    const white = ellipseOutline(BOILED_EGG_ELLIPSES.white, 4);
    // The end of the long axis: half of 142.081 along a direction rotated by −0.018 rad.
    expect(white[0]![0]).toBeCloseTo(71.051 + 71.0405 * Math.cos(-0.018), 3);
    expect(white[0]![1]).toBeCloseTo(2.292 + 71.0405 * Math.sin(-0.018), 3);
    // The top of the short axis: 4.37 above the centre, nudged along TPSA by the tilt.
    expect(white[1]![1]).toBeCloseTo(2.292 + 4.37 * Math.cos(-0.018), 3);
  });

  it('draws both eggs under one coloured series per region, with each molecule named', () => {
    const labels = { regions: { yolk: 'Y', white: 'W', outside: 'O' }, colors: { yolk: '#1', white: '#2', outside: '#3' } };
    const option = boiledEggOption(
      [
        { name: 'diazepam', egg: { wlogp: 3.15, tpsa: 32.67, region: 'yolk' } },
        { name: 'cyclosporin', egg: { wlogp: 3.27, tpsa: 278.8, region: 'outside' } },
      ],
      labels,
    );
    expect(option).toMatchObject({
      series: [
        { type: 'custom' },
        { type: 'custom' },
        { type: 'scatter', name: 'Y', data: [{ name: 'diazepam', value: [32.67, 3.15] }] },
        { type: 'scatter', name: 'W', data: [] },
        { type: 'scatter', name: 'O', data: [{ name: 'cyclosporin', value: [278.8, 3.27] }] },
      ],
    });
    // The TPSA axis grows to show a molecule beyond SwissADME's usual 200 Å².
    expect(option.xAxis).toMatchObject({ max: 280 });
  });
});
