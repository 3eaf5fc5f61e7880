import type { Bilingual } from '../../bilingual.ts';
import type { EngineSettings, Geometry, QmJob, RenderedInput } from '../../job.ts';
import { SOLVENT_DIELECTRIC } from '../solvents.ts';

export const MOPAC_INPUT = 'mol.mop';
/** MOPAC names its output after the input (`mol.mop` → `mol.out`). */
export const MOPAC_OUTPUT = 'mol.out';

const SPIN_NAMES = ['SINGLET', 'DOUBLET', 'TRIPLET', 'QUARTET', 'QUINTET', 'SEXTET'];

export function mopacLevel(job: QmJob): string {
  return job.solvent ? `${job.method}/COSMO(ε=${SOLVENT_DIELECTRIC[job.solvent]})` : job.method;
}

export function mopacUnsupported(job: QmJob): Bilingual | null {
  if (!['PM3', 'PM6', 'PM7'].includes(job.method)) return { zh: `MOPAC 只运行 PM3/PM6/PM7，不运行 ${job.method}`, en: `MOPAC runs PM3/PM6/PM7 only, not ${job.method}` };
  if (job.properties.nmr) return { zh: '半经验方法不能计算 NMR 屏蔽常数，请改用 DFT 方法', en: 'Semi-empirical methods cannot compute NMR shieldings; use a DFT method' };
  if (job.properties.uvvis) return { zh: 'MOPAC 适配器不计算紫外-可见激发态，请改用 DFT 方法', en: 'The MOPAC adapter computes no UV-Vis excitations; use a DFT method' };
  if (job.approximation !== 'none') return { zh: `半经验方法没有 ${job.approximation} 近似，请设为“无”`, en: `Semi-empirical methods have no ${job.approximation} approximation; set it to "none"` };
  if (job.multiplicity > SPIN_NAMES.length) return { zh: `MOPAC 最多支持六重态，当前为 ${job.multiplicity}`, en: `MOPAC supports up to sextets, got ${job.multiplicity}` };
  return null;
}

/** ENPART prints the total energy (ETOT), which MOPAC 22 no longer prints by default. */
function keywordLine(job: QmJob, extra: string[]): string {
  const spin = job.multiplicity > 1 ? ['UHF', SPIN_NAMES[job.multiplicity - 1]!] : ['SINGLET'];
  const solvent = job.solvent ? [`EPS=${SOLVENT_DIELECTRIC[job.solvent]}`] : [];
  return [job.method, `CHARGE=${job.charge}`, ...spin, ...solvent, 'PRECISE', 'MULLIK', 'ENPART', `THREADS=${Math.max(1, Math.floor(job.cores))}`, ...extra].join(' ');
}

/** Thermochemistry at 298 K only (MOPAC reads THERMO's temperatures as whole kelvin). */
const THERMO = 'THERMO(298,298)';

/**
 * SP → 1SCF; Opt → MOPAC's default optimisation; Freq → FORCE LET (LET allows a non-stationary
 * geometry); OptFreq → an optimisation followed, in the same file, by FORCE on OLDGEO.
 */
export function renderMopacInput(job: QmJob, geometry: Geometry): string {
  const atoms = geometry.atoms.map((a) => `${a.element.padEnd(2)} ${a.x.toFixed(8)} 1 ${a.y.toFixed(8)} 1 ${a.z.toFixed(8)} 1`);
  const title = geometry.name.replace(/[\r\n]+/g, ' ');
  const first = { SP: ['1SCF'], Opt: [], Freq: ['FORCE', 'LET', THERMO], OptFreq: [] }[job.task];
  const lines = [keywordLine(job, first), title, '', ...atoms];
  if (job.task === 'OptFreq') lines.push('', keywordLine(job, ['FORCE', 'OLDGEO', THERMO]), `${title} frequencies`, '');
  return lines.join('\n') + '\n';
}

export function renderMopac(job: QmJob, geometry: Geometry, _settings: EngineSettings): RenderedInput {
  return {
    engine: 'mopac',
    files: { [MOPAC_INPUT]: renderMopacInput(job, geometry) },
    input: MOPAC_INPUT,
    argv: ['mopac', MOPAC_INPUT],
    output: MOPAC_OUTPUT,
    engineWritesOutput: true,
  };
}
