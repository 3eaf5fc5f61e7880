import { defineModuleMeta } from '../types.ts';

export const qsartunaMeta = defineModuleMeta({
  code: 'qsartuna',
  route: '/api/qsartuna',
  name: { zh: 'QSAR 建模', en: 'QSAR modelling' },
});
