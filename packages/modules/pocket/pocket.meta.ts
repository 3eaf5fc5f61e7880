import { defineModuleMeta } from '../types.ts';

export const pocketMeta = defineModuleMeta({
  code: 'pocket',
  route: '/api/protein/pockets',
  name: { zh: '口袋预测', en: 'Pocket prediction' },
  description: {
    zh: '基于 α 球（Delaunay 剖分）的几何口袋检测，仅使用蛋白原子；按得分排序给出口袋中心、范围、衬里残基与可成药性。',
    en: 'Geometric pocket detection from alpha spheres (Delaunay tessellation) on protein atoms only; pockets ranked by score with centre, extent, lining residues and druggability.',
  },
});
