import { defineModuleMeta } from '../types.ts';

export const orcaMeta = defineModuleMeta({
  code: 'orca',
  route: '/api/orca',
  name: { zh: 'ORCA 量子化学', en: 'ORCA quantum chemistry' },
});
