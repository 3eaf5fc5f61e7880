import { defineModuleMeta } from '../types.ts';

export const admetMeta = defineModuleMeta({
  code: 'admet',
  route: '/api/admet',
  name: { zh: 'ADMET 预测', en: 'ADMET prediction' },
});
