import { defineModuleMeta } from '../types.ts';

export const convertMeta = defineModuleMeta({
  code: 'convert',
  route: '/api/convert',
  name: { zh: '格式转换', en: 'Format conversion' },
  description: {
    zh: '使用 Open Babel 在 SDF、SMILES、CSV/TSV、PDB、PDBQT、MOL、MOL2、XYZ 等分子格式之间转换；由 SMILES 生成需要坐标的格式时自动生成三维构象。',
    en: 'Converts molecules between SDF, SMILES, CSV/TSV, PDB, PDBQT, MOL, MOL2 and XYZ with Open Babel, generating 3D coordinates when a coordinate format is made from SMILES.',
  },
});
