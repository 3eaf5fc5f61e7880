/**
 * What NWChem 7.0.2 (Debian 12 build) can run faithfully: basis names of its library
 * (/usr/share/nwchem/libraries; lookup names as in the files' `basis "H_6-31G*"` headers) and
 * the `xc` lines of the form's functionals (NWChem manual, DFT chapter, "XC and DECOMP").
 */
import type { QmJob } from '../../job.ts';
import type { Bilingual } from '../../bilingual.ts';

/** User spelling (lower-case) → NWChem library name and whether the basis is defined with pure (5D/7F) functions. */
const BASIS: Record<string, { name: string; spherical: boolean }> = {
  'sto-3g': { name: 'STO-3G', spherical: false },
  '3-21g': { name: '3-21G', spherical: false },
  '6-31g': { name: '6-31G', spherical: false },
  '6-31g*': { name: '6-31G*', spherical: false },
  '6-31g(d)': { name: '6-31G*', spherical: false },
  '6-31g**': { name: '6-31G**', spherical: false },
  '6-31g(d,p)': { name: '6-31G**', spherical: false },
  '6-31+g*': { name: '6-31+G*', spherical: false },
  '6-31+g(d)': { name: '6-31+G*', spherical: false },
  '6-31+g**': { name: '6-31+G**', spherical: false },
  '6-31++g**': { name: '6-31++G**', spherical: false },
  '6-311g*': { name: '6-311G*', spherical: true },
  '6-311g**': { name: '6-311G**', spherical: true },
  '6-311g(d,p)': { name: '6-311G**', spherical: true },
  '6-311+g**': { name: '6-311+G**', spherical: true },
  '6-311++g**': { name: '6-311++G**', spherical: true },
  'def2-svp': { name: 'def2-SVP', spherical: true },
  'def2-tzvp': { name: 'def2-TZVP', spherical: true },
  'def2-tzvpp': { name: 'def2-TZVPP', spherical: true },
  'def2-svpd': { name: 'def2-SVPD', spherical: true },
  'def2-tzvpd': { name: 'def2-TZVPD', spherical: true },
  'cc-pvdz': { name: 'cc-pVDZ', spherical: true },
  'cc-pvtz': { name: 'cc-pVTZ', spherical: true },
  'aug-cc-pvdz': { name: 'aug-cc-pVDZ', spherical: true },
  'aug-cc-pvtz': { name: 'aug-cc-pVTZ', spherical: true },
};

/** Pople sets are defined with Cartesian d shells (6D, Gaussian's default and CCCBDB's); the rest are pure. */
export function nwchemBasis(basis: string): { name: string; spherical: boolean } | null {
  return BASIS[basis.trim().toLowerCase()] ?? null;
}

/** DFT `xc` (and range-separation) lines per functional. */
export const XC_LINES: Partial<Record<QmJob['method'], string[]>> = {
  B3LYP: ['xc b3lyp'],
  PBE0: ['xc pbe0'],
  // Yanai, Tew, Handy CPL 393 (2004) 51; NWChem manual's CAM-B3LYP example.
  'CAM-B3LYP': ['xc xcamb88 1.00 lyp 0.81 vwn_5 0.19 hfexch 1.00', 'cam 0.33 cam_alpha 0.19 cam_beta 0.46'],
  'M06-2X': ['xc m06-2x'],
  TPSS: ['xc xtpss03 ctpss03'],
  TPSSh: ['xc xctpssh'],
};

export const isDft = (method: QmJob['method']): boolean => XC_LINES[method] !== undefined;
export const isCorrelated = (method: QmJob['method']): boolean => method === 'MP2' || method === 'CCSD(T)';

const ORCA_HINT = { zh: '，或由管理员配置 ORCA', en: ', or ask the administrator to configure ORCA' };

function reason(zh: string, en: string): Bilingual {
  return { zh: zh + ORCA_HINT.zh, en: en + ORCA_HINT.en };
}

/** Why NWChem cannot run this job as asked, or null. */
export function nwchemUnsupported(job: QmJob): Bilingual | null {
  if (job.method === 'wB97X-D') {
    // Tried `xc wb97x-d3`, `xc wb97x-d`, `xc xwb97x-d 1.0 cwb97x-d 1.0`: 7.0.2 rejects them all ("xc_input: invalid format").
    return reason('此服务器上的 NWChem 7.0.2 不支持 ωB97X-D 泛函，请改用 CAM-B3LYP 或 M06-2X', 'NWChem 7.0.2 on this server does not provide ωB97X-D; choose CAM-B3LYP or M06-2X');
  }
  if (job.method !== 'HF' && !isDft(job.method) && !isCorrelated(job.method)) {
    return { zh: `NWChem 不运行 ${job.method} 方法`, en: `NWChem does not run ${job.method}` };
  }
  if (job.approximation !== 'none') {
    return reason(
      `NWChem 不提供 ${job.approximation} 近似，请将近似方法设为“无”`,
      `NWChem does not provide the ${job.approximation} approximation; set the approximation to "none"`,
    );
  }
  if (!job.basis) return { zh: '未指定基组', en: 'No basis set given' };
  if (!nwchemBasis(job.basis)) {
    return reason(`NWChem 适配器不认识基组 ${job.basis}`, `The NWChem adapter does not know the basis set ${job.basis}`);
  }
  if (job.properties.nmr && job.properties.nmr !== 'GIAO') {
    return reason(
      `NWChem 只提供 GIAO 方法的 NMR 屏蔽常数，不提供 ${job.properties.nmr}，请选择 GIAO`,
      `NWChem computes NMR shieldings with GIAO only, not ${job.properties.nmr}; choose GIAO`,
    );
  }
  if (isCorrelated(job.method) && (job.properties.nmr || job.properties.uvvis)) {
    return reason(`NWChem 不为 ${job.method} 计算 NMR 或紫外-可见光谱，请改用 HF/DFT`, `NWChem computes no NMR or UV-Vis at the ${job.method} level; use HF or DFT`);
  }
  if (isCorrelated(job.method) && job.solvent) {
    return reason(`NWChem 的 COSMO 溶剂模型不作用于 ${job.method}，请去掉溶剂或改用 HF/DFT`, `NWChem's COSMO does not apply to ${job.method}; drop the solvent or use HF/DFT`);
  }
  if (job.method === 'HF' && job.properties.uvvis) {
    return reason('NWChem 适配器只为 DFT 泛函计算 TDDFT 激发态，请改用 DFT 泛函', 'The NWChem adapter computes TDDFT excitations for DFT functionals only; choose a functional');
  }
  return null;
}
