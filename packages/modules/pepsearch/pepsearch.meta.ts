import { defineModuleMeta } from '../types.ts';

export const pepsearchMeta = defineModuleMeta({
  code: 'pepsearch',
  route: '/api/pepsearch',
  name: { zh: '多肽结构预测', en: 'Peptide structure prediction' },
});
