import { z } from 'zod';
import type { QmJob } from '@yunyao/quantum';

/**
 * 先用 xtb (GFN2) 预优化: the quantum forms' option to optimise each molecule with GFN2-xTB before the
 * main engine, so a rough geometry (a drawn molecule's force-field embedding, a hand-built file)
 * starts the expensive method close to its minimum. A billed step of the task, recorded in its result.
 */
export const preoptParams = {
  preopt_xtb: z.preprocess((v) => v === true || v === 'true' || v === '1' || v === 'on', z.boolean()).default(false),
};

/** The pre-optimisation as a job of its own: GFN2-xTB geometry optimisation at the task's charge, multiplicity and solvent. */
export function preoptJob(job: QmJob): QmJob {
  return {
    task: 'Opt',
    method: 'GFN2-xTB',
    approximation: 'none',
    ...(job.solvent ? { solvent: job.solvent } : {}),
    charge: job.charge,
    multiplicity: job.multiplicity,
    properties: { mulliken: false, dipole: false, homo: false, lumo: false },
    cores: job.cores,
    memoryPerCoreMb: job.memoryPerCoreMb,
  };
}
