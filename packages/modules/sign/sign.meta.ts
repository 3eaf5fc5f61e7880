import { defineModuleMeta } from '../types.ts';

export const signMeta = defineModuleMeta({
  code: 'sign',
  route: '/api/sign',
  name: { zh: '亲和力预测（3D）', en: 'Affinity prediction (3D)' },
});
