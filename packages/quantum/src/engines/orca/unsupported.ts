/** What the ORCA adapter refuses, with the reason, instead of running something other than what was asked. */
import type { Bilingual } from '../../bilingual.ts';
import type { QmJob } from '../../job.ts';
import { approximationAllowed, METHOD_FAMILY } from '../../vocabulary.ts';
import { isOrcaMethod } from './render.ts';

/**
 * NMR methods: ORCA 5 and 6 compute shieldings with GIAOs only. CSGT (a Gaussian method) and
 * IGLO are not available, so those requests are refused rather than silently run as GIAO.
 */
export function orcaUnsupported(job: QmJob): Bilingual | null {
  if (!isOrcaMethod(job.method)) {
    return { zh: `ORCA 不计算 ${job.method}：该方法由 xtb/MOPAC 计算。`, en: `${job.method} is not run with ORCA here; xtb/MOPAC run it.` };
  }
  if (job.basis === undefined) return { zh: 'ORCA 计算需要基组。', en: 'ORCA needs a basis set.' };
  if (!approximationAllowed(job.method, job.approximation)) {
    return { zh: `${job.approximation} 不能与 ${job.method} 一起使用。`, en: `${job.approximation} cannot be used with ${job.method}.` };
  }
  const family = METHOD_FAMILY[job.method];
  if (job.properties.nmr === 'CSGT' || job.properties.nmr === 'IGLO-II') {
    return {
      zh: `ORCA 5/6 仅支持 GIAO 方法计算 NMR 屏蔽常数，不支持 ${job.properties.nmr}；请改选 GIAO。`,
      en: `ORCA 5/6 computes NMR shieldings with GIAO only, not ${job.properties.nmr}; choose GIAO.`,
    };
  }
  if (job.properties.nmr && family === 'CC') {
    return { zh: 'ORCA 不支持 CCSD(T) 的 NMR 屏蔽常数计算，请改用 HF、DFT 或 MP2。', en: 'ORCA has no CCSD(T) NMR shieldings; use HF, DFT or MP2.' };
  }
  if (job.properties.uvvis && (family === 'MP2' || family === 'CC')) {
    return { zh: 'UV-Vis（TD-DFT/CIS）需要 HF 或 DFT 方法，请更换方法。', en: 'UV-Vis (TD-DFT/CIS) needs an HF or DFT method.' };
  }
  if (family === 'CC' && job.task !== 'SP') {
    return {
      zh: 'ORCA 没有 CCSD(T) 解析梯度，几何优化/频率需数值导数，代价过高，仅支持 CCSD(T) 单点能计算。',
      en: 'ORCA has no analytic CCSD(T) gradients; optimisation and frequencies would need numerical derivatives, so only CCSD(T) single points are offered.',
    };
  }
  return null;
}
