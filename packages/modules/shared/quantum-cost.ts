import { SEMIEMPIRICAL_METHODS, type QmJob, type QmMethod, type QmTask } from '@yunyao/quantum';
import type { FileMeasure } from './input-measure.ts';
import { preoptJob } from './xtb-preopt.ts';

/**
 * The anchor: B3LYP/def2-SVP geometry optimisation of paracetamol (20 atoms) took 2,100 CPU
 * seconds on NWChem (docs/benchmarks.md, quantum overhead), about ten single points' worth.
 */
const REFERENCE_ATOMS = 20;
const DFT_SINGLE_POINT_SECONDS = 210;

/** How a method's cost grows with the molecule: the power of its formal scaling, and its price against DFT at the reference size. */
function methodScaling(method: QmMethod): { power: number; factor: number } {
  if (method === 'MP2') return { power: 5, factor: 3 };
  if (method === 'CCSD(T)') return { power: 7, factor: 100 };
  if (method === 'HF') return { power: 3, factor: 0.7 };
  return { power: 3, factor: 1 };
}

/** Basis size against a double-zeta set (def2-SVP, 6-31G*, cc-pVDZ): minimal, triple- or quadruple-zeta, diffuse. */
function basisFactor(basis: string | undefined): number {
  const name = (basis ?? '').toUpperCase();
  const zeta = name === 'STO-3G' ? 0.12 : /QZ/.test(name) ? 25 : /TZ|6-311/.test(name) ? 5 : 1;
  return zeta * (/AUG-|\+/.test(name) ? 2 : 1);
}

/** Single points' worth of work in a task: an optimisation takes about ten cycles, frequencies about two gradients per atom coordinate set. */
function taskFactor(task: QmTask, atoms: number): number {
  const optimisation = 10;
  const frequencies = 2 + 0.5 * atoms;
  return { SP: 1, Opt: optimisation, Freq: frequencies, OptFreq: optimisation + frequencies }[task];
}

const semiempirical = (method: QmMethod) => (SEMIEMPIRICAL_METHODS as readonly string[]).includes(method);

/** CPU seconds of one molecule of `atoms` atoms (hydrogens included, as the .xyz lists them). */
function moleculeSeconds(job: QmJob, atoms: number): number {
  const work = taskFactor(job.task, atoms) * (job.solvent ? 1.3 : 1);
  if (semiempirical(job.method)) return work * (1 + 0.002 * atoms ** 2);
  const { power, factor } = methodScaling(job.method);
  return work * DFT_SINGLE_POINT_SECONDS * factor * basisFactor(job.basis) * (atoms / REFERENCE_ATOMS) ** power;
}

/**
 * Core-hours of a quantum task: every .xyz geometry in turn, from its atom count, the method's
 * scaling, the basis and the task. Coarse (a factor of two either way is common), which is why
 * the hold keeps a margin and the form offers a cap. An xtb pre-optimisation adds its own run.
 */
export function quantumCoreHours(job: QmJob, geometries: readonly FileMeasure[], preopt = false): number {
  const driverStart = 1;
  const run = (j: QmJob) => driverStart + geometries.reduce((sum, g) => sum + moleculeSeconds(j, g.atoms), 0);
  return (run(job) + (preopt ? run(preoptJob(job)) : 0)) / 3600;
}
