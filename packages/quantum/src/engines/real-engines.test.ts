/**
 * Runs the installed engines on tiny molecules through the runner and checks the energies against
 * published values for the same geometry and method. A missing engine binary fails the run
 * ("无法启动 …"), it is never skipped.
 */
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runMolecule } from '../runner.ts';
import type { Geometry, QmJob } from '../job.ts';
import { BASE_JOB, FORMALDEHYDE, FORMALDEHYDE_RHF_MINIMUM, WATER } from './test-support.ts';

const root = await mkdtemp(join(tmpdir(), 'qm-engines-'));
afterAll(() => rm(root, { recursive: true, force: true }));

async function run(job: QmJob, geometry: Geometry, name: string) {
  const result = await runMolecule(job, geometry, join(root, name), {});
  expect(result.error).toBeUndefined();
  expect(result.status).toBe('ok');
  return result;
}

describe('real engines', () => {
  it('NWChem: water RHF/STO-3G at R=1.1 Å, 104°', async () => {
    // Crawford Group Programming Project #3 (github.com/CrawfordGroup/ProgrammingProjects, Project#03,
    // output/h2o/STO-3G): E(SCF) = -74.942079928192 Eh at this geometry. Same basis, tight SCF → 1e-6 Eh.
    const r = await run(BASE_JOB, WATER, 'nwchem-water-hf');
    expect(r.engine).toBe('nwchem');
    expect(r.level).toBe('HF/STO-3G');
    expect(Math.abs(r.final_energy! - -74.942079928192)).toBeLessThan(1e-6);
    expect(r.mulliken).toHaveLength(3);
    // dplot wrote HOMO (orbital 5) and LUMO as small cubes: 27 × 24 × 21 points of the 3 Å-margin box.
    expect(r.orbital_cubes).toEqual({ homo: 'homo.cube', lumo: 'lumo.cube' });
    const homo = await readFile(join(root, 'nwchem-water-hf', 'homo.cube'), 'utf8');
    expect(homo.split('\n')[3]!.trim().split(/\s+/)[0]).toBe('27');
    expect(homo.length).toBeLessThan(300_000);
  });

  it('NWChem: water B3LYP/STO-3G', async () => {
    // Psi4 test suite, "Water with sto-3g, b3lyp with sg1 grid": -75.31258673036 Eh at this geometry (Å).
    // Both codes use VWN1-RPA in B3LYP; the grids differ (SG-1 vs NWChem's medium grid), so 1e-4 Eh.
    const geometry: Geometry = { name: 'water_psi4', comment: '', atoms: [
      { element: 'O', x: -0.066308, y: -0.083391, z: 0.042846 },
      { element: 'H', x: 0.889752, y: -0.042018, z: 0.021589 },
      { element: 'H', x: -0.341116, y: 0.73212, z: -0.376167 },
    ] };
    const r = await run({ ...BASE_JOB, method: 'B3LYP' }, geometry, 'nwchem-water-b3lyp');
    expect(Math.abs(r.final_energy! - -75.31258673036)).toBeLessThan(1e-4);
  });

  it('NWChem: formaldehyde RHF/STO-3G and RHF/3-21G at the RHF/STO-3G minimum', async () => {
    // Reference values from the hazel quantum chemistry code (github.com/tjira/hazel, libint2 integrals):
    // example/molecule/formaldehyde.xyz is the RHF/STO-3G minimum, its comment line gives
    // E = -112.354347120361 Eh; test/energy_formaldehyde_hf_321g.cpp gives -113.22119680543543 Eh at that
    // geometry. Same basis and geometry, tight SCF → 1e-6 Eh.
    const sto3g = await run(BASE_JOB, FORMALDEHYDE_RHF_MINIMUM, 'nwchem-ch2o-hf-sto3g');
    expect(Math.abs(sto3g.final_energy! - -112.354347120361)).toBeLessThan(1e-6);
    const split = await run({ ...BASE_JOB, basis: '3-21G' }, FORMALDEHYDE_RHF_MINIMUM, 'nwchem-ch2o-hf-321g');
    expect(split.level).toBe('HF/3-21G');
    expect(Math.abs(split.final_energy! - -113.22119680543543)).toBeLessThan(1e-6);
  });

  it('NWChem: formaldehyde B3LYP/STO-3G gives orbitals, dipole and charges', async () => {
    // No published B3LYP/STO-3G energy at this exact geometry was found, so this checks only a wide
    // plausible window (the run gives about -113.0 Eh) and that the property blocks are read.
    const r = await run({ ...BASE_JOB, method: 'B3LYP' }, FORMALDEHYDE, 'nwchem-ch2o-b3lyp');
    expect(r.final_energy!).toBeLessThan(-112.9);
    expect(r.final_energy!).toBeGreaterThan(-113.1);
    expect(r.orbitals?.homo).toBeLessThan(r.orbitals!.lumo!);
    expect(r.dipole?.total).toBeGreaterThan(0.5);
  });

  it('xtb: GFN2-xTB water optimisation', async () => {
    // xtb documentation, "Quickstart into Production" (xtb-docs.readthedocs.io/en/latest/basics.html), water
    // optimised with GFN2-xTB: total energy -5.070544440612 Eh (xtb 6.2.2). Optimisation from another start and
    // xtb 6.5.1 may end a few µEh away → 1e-5 Eh.
    const r = await run({ ...BASE_JOB, task: 'Opt', method: 'GFN2-xTB', basis: undefined }, WATER, 'xtb-water-opt');
    expect(r.level).toBe('GFN2-xTB');
    expect(r.optimized).toBe(true);
    expect(Math.abs(r.final_energy! - -5.070544440612)).toBeLessThan(1e-5);
  });

  it('xtb: GFN2-xTB water --ohess gives its thermochemistry and three modes, bend first', async () => {
    // Measured here (xtb 6.5.1 from this start geometry, 2026-11-24): ZPE 0.0201293 Eh, H −5.0466341 Eh,
    // G(298.15 K) −5.0680332 Eh; modes 1539.58 (bend), 3643.92 (symmetric), 3652.24 (antisymmetric stretch) cm⁻¹.
    // A run from another start ended 4 µEh and 0.4–0.9 cm⁻¹ away, hence the tolerances.
    const r = await run({ ...BASE_JOB, task: 'OptFreq', method: 'GFN2-xTB', basis: undefined }, WATER, 'xtb-water-ohess');
    const t = r.thermochemistry!;
    expect(t.temperature).toBe(298.15);
    expect(Math.abs(t.zpe - 0.0201293)).toBeLessThan(1e-5);
    expect(Math.abs(t.enthalpy! - -5.0466341)).toBeLessThan(1e-5);
    expect(Math.abs(t.gibbs! - -5.0680332)).toBeLessThan(1e-5);
    expect(t.entropy).toBeCloseTo(45.04, 1);
    const modes = r.frequencies!;
    expect(modes).toHaveLength(3);
    expect(Math.max(...modes.map((m, i) => Math.abs(m.frequency - [1539.58, 3643.92, 3652.24][i]!)))).toBeLessThan(1.5);
    // Symmetry of each mode: O moves along the C2 axis in the bend and the symmetric stretch, across it in the antisymmetric one.
    const [o, h1, h2] = r.vibration_geometry!;
    const axis = [(h1!.x + h2!.x) / 2 - o!.x, (h1!.y + h2!.y) / 2 - o!.y, (h1!.z + h2!.z) / 2 - o!.z];
    const alongAxis = (v: [number, number, number]) => Math.abs(v[0] * axis[0]! + v[1] * axis[1]! + v[2] * axis[2]!) / (Math.hypot(...v) * Math.hypot(...axis));
    expect(modes.map((m) => alongAxis(m.displacement![0]!))).toEqual([expect.closeTo(1, 1), expect.closeTo(1, 1), expect.closeTo(0, 1)]);
  });

  it('MOPAC: PM3 heats of formation of water and formaldehyde', async () => {
    // J. J. P. Stewart, J. Comput. Chem. 10 (1989) 221, PM3 ΔHf: H2O -53.4, H2CO -34.1 kcal/mol
    // (values rounded to 0.1 there, so ±0.1 kcal/mol).
    const water = await run({ ...BASE_JOB, task: 'Opt', method: 'PM3', basis: undefined }, WATER, 'mopac-water');
    expect(Math.abs(water.heat_of_formation! - -53.4)).toBeLessThan(0.1);
    const ch2o = await run({ ...BASE_JOB, task: 'Opt', method: 'PM3', basis: undefined }, FORMALDEHYDE, 'mopac-ch2o');
    expect(Math.abs(ch2o.heat_of_formation! - -34.1)).toBeLessThan(0.1);
  });
});
