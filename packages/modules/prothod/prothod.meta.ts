import { defineModuleMeta } from '../types.ts';

export const prothodMeta = defineModuleMeta({
  code: 'prothod',
  route: '/api/prothod',
  name: { zh: '量子化学计算', en: 'Quantum chemistry' },
  description: {
    zh: '上传 .xyz 结构，选择计算目标（单点、优化、频率）与方法：PM3（MOPAC）、DFTB（以 GFN2-xTB 计算，xtb 程序），或常用方法加基组（已配置 ORCA 时用 ORCA，否则 NWChem）。每个分子给出能量、轨道、偶极与频率。',
    en: 'Upload .xyz structures and choose a target (single point, optimisation, frequencies) and a method: PM3 (MOPAC), DFTB (run as GFN2-xTB with xtb), or a common method with a basis set (ORCA when licensed, else NWChem). Each molecule gets its energy, orbitals, dipole and frequencies.',
  },
});
