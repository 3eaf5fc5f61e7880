import { defineModuleMeta } from '../types.ts';

export const orcaMeta = defineModuleMeta({
  code: 'orca',
  route: '/api/orca',
  name: { zh: 'ORCA 量子化学', en: 'ORCA quantum chemistry' },
  description: {
    zh: '批量分子的单点、优化与频率计算，可选溶剂、NMR、UV-Vis、IR 与布居分析。已配置授权 ORCA 时运行 ORCA，否则以 NWChem 运行等价计算（无等价选项时提交前提示）。',
    en: 'Single points, optimisations and frequencies for a batch of molecules, with solvent, NMR, UV-Vis, IR and population analysis. Runs ORCA when a licensed installation is configured, else the equivalent NWChem job (options without an equivalent are refused before submission).',
  },
});
