import { describe, expect, it } from 'vitest';
import { autodockModule } from '../autodock/autodock.module.ts';
import { convertModule } from '../convert/convert.module.ts';
import { orcaModule } from '../orca/orca.module.ts';
import type { FileMeasure } from './input-measure.ts';
import { cpuSecondsOfHold, HOLD_MARGIN, MIN_HOLD_FEN, moduleCost } from './module-cost.ts';

const file = (records: number, atoms: number, name = 'f'): FileMeasure => ({ name, bytes: 0, records, atoms });

describe('module cost', () => {
  it('holds the estimate with its margin, at least the minimum, at most what the time limit allows, or the cap', () => {
    const params = convertModule.params.parse({ out: 'x.sdf' });
    const small = moduleCost(convertModule, params, { input: [file(1, 20)] });
    expect(small).toMatchObject({ estimateFen: 1, holdFen: MIN_HOLD_FEN });
    const large = moduleCost(convertModule, params, { input: [file(200_000, 4_000_000)] });
    expect(large.holdFen).toBe(Math.min(large.estimateFen * HOLD_MARGIN, Math.ceil((convertModule.timeLimitSeconds / 3600) * convertModule.priceFenPerCoreHour)));
    expect(moduleCost(convertModule, params, { input: [file(1, 20)] }, 3).holdFen).toBe(3);
    // A cap above what the time limit lets the task use holds only that.
    expect(moduleCost(convertModule, params, { input: [file(1, 20)] }, 1_000_000).holdFen).toBe(25);
  });

  it('buys the CPU seconds its price says', () => {
    expect(cpuSecondsOfHold(10, 100)).toBe(360);
  });

  it("anchors docking on the redocking benchmark's 34 s per drug-sized ligand at exhaustiveness 8, and scales with ligands, sites and exhaustiveness", () => {
    const params = (accuracy: number, pockets = 1) =>
      autodockModule.params.parse({
        protein_source: 'file',
        mole_type: 'file',
        accuracy,
        pockets: Array.from({ length: pockets }, (_, i) => JSON.stringify({ name: `p${i}`, center: [0, 0, 0], size: [10, 10, 10] })),
      });
    const seconds = (accuracy: number, ligands: number, pockets = 1) => autodockModule.estimateCoreHours(params(accuracy, pockets), { protein: [file(1, 0)], smiles: [file(ligands, 25 * ligands)] }) * 3600;
    const preparation = seconds(8, 0);
    expect(seconds(8, 1) - preparation).toBeCloseTo(34, 6);
    expect(seconds(16, 10, 2) - preparation).toBeCloseTo(34 * 2 * 10 * 2, 6);
  });

  it("anchors quantum chemistry on paracetamol's B3LYP/def2-SVP optimisation (2,100 CPU s) and grows with the cube of the atoms", () => {
    const params = (keyword: string) => orcaModule.params.parse({ keyword });
    const seconds = (keyword: string, atoms: number) => orcaModule.estimateCoreHours(params(keyword), { xyzs: [file(1, atoms)] }) * 3600;
    expect(seconds('! B3LYP def2-SVP Opt', 20)).toBeCloseTo(2101, 0);
    expect(seconds('! B3LYP def2-SVP Opt', 40) / seconds('! B3LYP def2-SVP Opt', 20)).toBeCloseTo(8, 1);
    expect(seconds('! B3LYP def2-TZVP Opt', 20)).toBeGreaterThan(seconds('! B3LYP def2-SVP Opt', 20));
  });
});
