import type { Bilingual } from '../../bilingual.ts';
import type { EngineSettings, Geometry, QmJob, QmSolvent, RenderedInput } from '../../job.ts';
import { toXyz } from '../../xyz.ts';

export const XTB_INPUT = 'mol.xyz';
export const XTB_OUTPUT = 'xtb.out';

/** xtb's ALPB solvent names (xtb docs, "Implicit Solvation": water, ethanol, acetonitrile, ether). */
const ALPB: Record<QmSolvent, string> = { Water: 'water', Ethanol: 'ethanol', Acetonitrile: 'acetonitrile', DiethylEther: 'ether' };

/**
 * The keyword mode's "DFTB" also lands here: this adapter always runs GFN2-xTB and labels it so.
 * DFTB+ (settings.dftbPath) is not driven by this adapter.
 */
export function xtbLevel(job: QmJob): string {
  return job.solvent ? `GFN2-xTB/ALPB(${ALPB[job.solvent]})` : 'GFN2-xTB';
}

export function xtbUnsupported(job: QmJob): Bilingual | null {
  if (job.method !== 'GFN2-xTB') return { zh: `xtb 只运行 GFN2-xTB，不运行 ${job.method}`, en: `xtb runs GFN2-xTB only, not ${job.method}` };
  if (job.properties.nmr) return { zh: 'GFN2-xTB 不能计算 NMR 屏蔽常数，请改用 DFT 方法', en: 'GFN2-xTB cannot compute NMR shieldings; use a DFT method' };
  if (job.properties.uvvis) return { zh: 'GFN2-xTB 不能计算紫外-可见激发态，请改用 DFT 方法', en: 'GFN2-xTB cannot compute UV-Vis excitations; use a DFT method' };
  if (job.approximation !== 'none') return { zh: `GFN2-xTB 没有 ${job.approximation} 近似，请设为“无”`, en: `GFN2-xTB has no ${job.approximation} approximation; set it to "none"` };
  return null;
}

function runFlags(job: QmJob): string[] {
  if (job.task === 'Opt') return ['--opt'];
  if (job.task === 'Freq') return ['--hess'];
  if (job.task === 'OptFreq') return ['--ohess'];
  return [];
}

export function renderXtb(job: QmJob, geometry: Geometry, _settings: EngineSettings): RenderedInput {
  const cores = String(Math.max(1, Math.floor(job.cores)));
  const xtb = [
    'xtb', XTB_INPUT, '--gfn', '2', ...runFlags(job),
    '--chrg', String(job.charge), '--uhf', String(job.multiplicity - 1),
    ...(job.solvent ? ['--alpb', ALPB[job.solvent]] : []),
    '-P', cores,
  ];
  return {
    engine: 'xtb',
    files: { [XTB_INPUT]: toXyz(geometry) },
    input: XTB_INPUT,
    // xtb overflows the default 8 MB stack on larger molecules; a shell raises the limit and then execs xtb,
    // so the process the runner signals is xtb itself.
    argv: ['/bin/sh', '-c', 'ulimit -s unlimited 2>/dev/null || ulimit -s "$(ulimit -H -s)"; exec "$@"', 'sh', ...xtb],
    env: { OMP_NUM_THREADS: cores, OMP_STACKSIZE: '1G', OMP_MAX_ACTIVE_LEVELS: '1' },
    output: XTB_OUTPUT,
  };
}
