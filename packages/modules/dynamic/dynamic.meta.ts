import { defineModuleMeta } from '../types.ts';

export const dynamicMeta = defineModuleMeta({
  code: 'dynamic',
  route: '/api/dynamic',
  name: { zh: '结合自由能预测', en: 'Binding free energy' },
});
