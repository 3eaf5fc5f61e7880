import { defineModuleMeta } from '../types.ts';

export const performMeta = defineModuleMeta({
  code: 'perform',
  route: '/api/perform',
  name: { zh: '粗略优化', en: 'Rough optimisation' },
  description: {
    zh: '使用 RDKit 对小分子进行粗略优化：2D 结构先加氢并用 ETKDGv3（固定随机种子）生成三维构象，3D 结构保留原有坐标并补全氢原子，随后用 MMFF94 力场能量最小化（缺少参数时改用 UFF），输出带优化前后能量的 SDF 文件。',
    en: 'Quick clean-up of small molecules with RDKit: 2D input gets hydrogens and an ETKDGv3 conformer (fixed seed), 3D input keeps its coordinates and gets hydrogens; then MMFF94 minimisation (UFF when MMFF94 lacks parameters). Writes an SDF with energies before and after.',
  },
});
