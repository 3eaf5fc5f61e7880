import { defineModuleMeta } from '../types.ts';

export const qsarpredMeta = defineModuleMeta({
  code: 'qsarpred',
  route: '/api/qsarpred',
  name: { zh: 'QSAR 预测', en: 'QSAR prediction' },
});
