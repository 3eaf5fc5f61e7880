import { defineModuleMeta } from '../types.ts';

export const graphDtaMeta = defineModuleMeta({
  code: 'graph_dta',
  route: '/api/graphdta',
  name: { zh: '亲和力预测（2D）', en: 'Affinity prediction (2D)' },
});
