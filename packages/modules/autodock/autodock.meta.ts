import { defineModuleMeta } from '../types.ts';

export const autodockMeta = defineModuleMeta({
  code: 'autodock',
  route: '/api/autodock',
  aliases: ['/api/autodock/v2'],
  name: { zh: '分子对接', en: 'Molecular docking' },
  description: {
    zh: '蛋白经 PDBFixer 补全缺失原子、pdb2pqr/PROPKA 在 pH 7.4 加氢后，用 AutoDock Vina 将每个小分子对接到每个选定口袋；输出打分、全部构象（SDF）、最佳构象复合物与打分分布。',
    en: 'The protein is completed by PDBFixer and protonated at pH 7.4 by pdb2pqr/PROPKA; AutoDock Vina then docks every ligand into every chosen pocket. Outputs scores, every pose (SDF), the best pose as a complex and the score distribution.',
  },
});
