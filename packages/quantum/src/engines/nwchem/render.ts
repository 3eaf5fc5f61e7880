import type { EngineSettings, Geometry, QmJob, RenderedInput } from '../../job.ts';
import { SOLVENT_DIELECTRIC } from '../solvents.ts';
import { XC_LINES, isCorrelated, isDft, nwchemBasis } from './level.ts';
import { orbitalCubeBlocks } from './orbital-cubes.ts';

export const NWCHEM_INPUT = 'input.nw';
export const NWCHEM_OUTPUT = 'nwchem.out';

/** NWChem's `memory total` is per MPI process (NWChem manual, "MEMORY"), so it gets the per-core share. */
const MAX_MB_PER_PROCESS = 16_000;

export function nwchemLevel(job: QmJob): string {
  return `${job.method}/${job.basis ?? ''}`;
}

function spinLines(job: QmJob, theory: 'scf' | 'dft'): string[] {
  const unpaired = job.multiplicity - 1;
  if (theory === 'dft') return unpaired ? [`  odft`, `  mult ${job.multiplicity}`] : [`  mult 1`];
  return unpaired ? ['  uhf', `  nopen ${unpaired}`] : ['  rhf', '  singlet'];
}

function methodBlocks(job: QmJob): { blocks: string[]; theory: string } {
  if (isDft(job.method)) {
    const dft = ['dft', ...XC_LINES[job.method]!.map((l) => `  ${l}`), ...spinLines(job, 'dft'), '  mulliken', 'end'];
    return { blocks: [dft.join('\n')], theory: 'dft' };
  }
  const scf = ['scf', ...spinLines(job, 'scf'), 'end'].join('\n');
  if (job.method === 'MP2') return { blocks: [scf, 'mp2\n  freeze atomic\nend'], theory: 'mp2' };
  if (job.method === 'CCSD(T)') return { blocks: [scf, 'ccsd\n  freeze atomic\nend'], theory: 'ccsd(t)' };
  return { blocks: [scf], theory: 'scf' };
}

const OPT_MAX_STEPS = 100;

function taskLines(job: QmJob, theory: string): string[] {
  const tasks: string[] = [];
  if (job.task === 'Opt' || job.task === 'OptFreq') tasks.push(`task ${theory} optimize`);
  if (job.task === 'Freq' || job.task === 'OptFreq') tasks.push(`task ${theory} freq`);
  if (job.task === 'SP') tasks.push(`task ${theory} energy`);
  if (job.properties.nmr && !isCorrelated(job.method)) tasks.push(`task ${theory} property`);
  if (job.properties.uvvis) tasks.push('task tddft energy');
  return tasks;
}

export function renderNwchemInput(job: QmJob, geometry: Geometry): string {
  const basis = nwchemBasis(job.basis ?? '');
  if (!basis) throw new Error(`unknown basis ${job.basis}`);
  const { blocks, theory } = methodBlocks(job);
  const memoryMb = Math.min(job.memoryPerCoreMb, MAX_MB_PER_PROCESS);
  const atoms = geometry.atoms.map((a) => `  ${a.element.padEnd(2)} ${[a.x, a.y, a.z].map((v) => v.toFixed(8).padStart(14)).join(' ')}`);
  const start = geometry.name.replace(/[^A-Za-z0-9_]/g, '_') || 'mol';
  const lines = [
    `start ${start}`,
    `title "${geometry.name.replace(/"/g, '')} ${nwchemLevel(job)}"`,
    'scratch_dir ./',
    'permanent_dir ./',
    `memory total ${memoryMb} mb`,
    `charge ${job.charge}`,
    // Input frame and atom order are kept (nocenter, noautosym) so results map one-to-one onto the user's atoms.
    'geometry units angstrom noautoz nocenter noautosym',
    ...atoms,
    'end',
    `basis ${basis.spherical ? 'spherical' : 'cartesian'}`,
    `  * library ${basis.name}`,
    'end',
    ...blocks,
  ];
  if (job.solvent) lines.push(`cosmo\n  dielec ${SOLVENT_DIELECTRIC[job.solvent]}\nend`);
  // NWChem's driver stops after 20 steps by default, too few for a flexible drug-sized molecule
  // from a force-field geometry; ORCA allows 100, and so do we.
  if (job.task === 'Opt' || job.task === 'OptFreq') lines.push(`driver\n  maxiter ${OPT_MAX_STEPS}\nend`);
  if (job.properties.nmr) lines.push('property\n  shielding\nend');
  if (job.properties.uvvis) lines.push(`tddft\n  nroots ${job.properties.uvvis.nroots}\n  notriplet\nend`);
  lines.push(...taskLines(job, theory));
  // Correlated methods leave the SCF orbitals in the movecs file: the cubes then show HF orbitals.
  lines.push(...orbitalCubeBlocks(job, geometry, `${start}.movecs`));
  return lines.join('\n') + '\n';
}

export function renderNwchem(job: QmJob, geometry: Geometry, _settings: EngineSettings): RenderedInput {
  const cores = Math.max(1, Math.floor(job.cores));
  const argv =
    cores > 1
      ? ['mpirun', '--allow-run-as-root', '--oversubscribe', '-np', String(cores), 'nwchem', NWCHEM_INPUT]
      : ['nwchem', NWCHEM_INPUT];
  return {
    engine: 'nwchem',
    files: { [NWCHEM_INPUT]: renderNwchemInput(job, geometry) },
    input: NWCHEM_INPUT,
    argv,
    output: NWCHEM_OUTPUT,
  };
}
