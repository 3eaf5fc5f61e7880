/**
 * Writes a real ORCA 5/6 input for one QmJob and one geometry:
 *   ! method basis [approximation + auxiliary basis] task [NMR] [CPCM(solvent)] TightSCF
 *   %maxcore, %pal, %tddft, %mdci (RI-CC), %plots (HOMO/LUMO cubes), * xyz charge mult ... *
 * NMR uses ORCA's `! NMR` keyword (GIAO shieldings for every nucleus, the %eprnmr default).
 */
import { QmInputError, type Bilingual } from '../../bilingual.ts';
import type { EngineSettings, Geometry, QmJob, QmTask, RenderedInput } from '../../job.ts';
import { ORCA_METHOD_KEYWORDS } from '../../keywords/orca-tokens.ts';
import { CUBE_GRID, ORCA_METHODS, type OrcaMethod } from '../../vocabulary.ts';
import { atomicNumber } from '../../periodic-table.ts';

export const ORCA_INPUT = 'job.inp';
export const ORCA_OUTPUT = 'job.out';

/** For the runner: ORCA is licensed software and is only run where an administrator configured it. */
export const orcaMissingReason: Bilingual = {
  zh: '未配置 ORCA：请管理员设置 ORCA_PATH 指向已授权的 ORCA 安装',
  en: 'ORCA is not configured: an administrator must set ORCA_PATH to a licensed ORCA installation',
};

const TASK_KEYWORDS: Record<QmTask, string[]> = { SP: [], Opt: ['Opt'], Freq: ['Freq'], OptFreq: ['Opt', 'Freq'] };

export function isOrcaMethod(method: string): method is OrcaMethod {
  return (ORCA_METHODS as readonly string[]).includes(method);
}

export function renderOrcaInput(job: QmJob, geometry: Geometry): string {
  if (!isOrcaMethod(job.method) || job.basis === undefined) {
    throw new QmInputError({ zh: `ORCA 不运行 ${job.method}（无基组的方法由其他程序计算）。`, en: `ORCA does not run ${job.method} here (methods without a basis go to other engines).` });
  }
  const blocks = [`! ${simpleInputWords(job, job.method, job.basis).join(' ')}`, `%maxcore ${job.memoryPerCoreMb}`];
  if (job.cores > 1) blocks.push(`%pal\n  nprocs ${job.cores}\nend`);
  if (job.approximation === 'RI-CC') blocks.push('%mdci\n  TrafoType trafo_ri\nend');
  if (job.properties.uvvis) blocks.push(`%tddft\n  nroots ${job.properties.uvvis.nroots}\nend`);
  const plots = orbitalPlots(job, geometry);
  if (plots) blocks.push(plots);
  blocks.push(coordinateBlock(job, geometry));
  return `${blocks.join('\n')}\n`;
}

function simpleInputWords(job: QmJob, method: OrcaMethod, basis: string): string[] {
  const words = [job.approximation === 'RI-MP2' ? 'RI-MP2' : ORCA_METHOD_KEYWORDS[method], basis];
  switch (job.approximation) {
    case 'RIJCOSX':
      words.push('RIJCOSX', 'def2/J');
      break;
    case 'RI-JK':
      words.push('RIJK', 'def2/JK');
      break;
    case 'RI-MP2':
    case 'RI-CC':
      words.push(correlationAuxBasis(basis));
      break;
    case 'none':
      break;
  }
  // ORCA 5 dropped the analytic MP2 Hessian, so MP2 frequencies are numerical.
  const tasks = method === 'MP2' ? TASK_KEYWORDS[job.task].map((word) => (word === 'Freq' ? 'NumFreq' : word)) : TASK_KEYWORDS[job.task];
  words.push(...tasks);
  if (job.properties.nmr) words.push('NMR');
  if (job.solvent) words.push(`CPCM(${job.solvent})`);
  words.push('TightSCF');
  return words;
}

/** def2 and Dunning sets have matching /C fitting sets; Pople sets and STO-3G do not, so ORCA builds one (AutoAux). */
function correlationAuxBasis(basis: string): string {
  return /^(def2-|(aug-)?cc-p)/i.test(basis) ? `${basis}/C` : 'AutoAux';
}

/**
 * HOMO/LUMO cube files on an 80³ grid. MO indices come from the electron count, which is only
 * right without effective core potentials: def2 bases put ECPs on elements past Kr, so cubes
 * are skipped there rather than plotting the wrong orbital.
 */
function orbitalPlots(job: QmJob, geometry: Geometry): string | null {
  const { homo, lumo } = job.properties;
  if (!homo && !lumo) return null;
  if (/^def2-/i.test(job.basis ?? '') && geometry.atoms.some((atom) => atomicNumber(atom.element) > 36)) return null;
  const electrons = geometry.atoms.reduce((sum, atom) => sum + atomicNumber(atom.element), 0) - job.charge;
  const alphaElectrons = (electrons + job.multiplicity - 1) / 2;
  const lines = ['%plots', '  Format Gaussian_Cube', `  dim1 ${CUBE_GRID}`, `  dim2 ${CUBE_GRID}`, `  dim3 ${CUBE_GRID}`];
  if (homo) lines.push(`  MO("job.homo.cube", ${alphaElectrons - 1}, 0);`);
  if (lumo) lines.push(`  MO("job.lumo.cube", ${alphaElectrons}, 0);`);
  lines.push('end');
  return lines.join('\n');
}

function coordinateBlock(job: QmJob, geometry: Geometry): string {
  const atoms = geometry.atoms.map((atom) => `  ${atom.element.padEnd(2)} ${[atom.x, atom.y, atom.z].map((v) => v.toFixed(8).padStart(14)).join(' ')}`);
  return [`* xyz ${job.charge} ${job.multiplicity}`, ...atoms, '*'].join('\n');
}

/** ORCA must be started by its absolute path, or its parallel runs cannot find their helper programs. */
export function renderOrca(job: QmJob, geometry: Geometry, settings: EngineSettings): RenderedInput {
  const orcaPath = settings.orcaPath;
  if (!orcaPath) throw new QmInputError(orcaMissingReason);
  if (!/^(\/|[A-Za-z]:[\\/])/.test(orcaPath)) {
    throw new QmInputError({ zh: `ORCA_PATH 须为绝对路径（当前为“${orcaPath}”），否则 ORCA 并行计算无法启动。`, en: `ORCA_PATH must be absolute (got "${orcaPath}"); ORCA's parallel runs need it.` });
  }
  return {
    engine: 'orca',
    files: { [ORCA_INPUT]: renderOrcaInput(job, geometry) },
    input: ORCA_INPUT,
    argv: [orcaPath, ORCA_INPUT],
    output: ORCA_OUTPUT,
  };
}
