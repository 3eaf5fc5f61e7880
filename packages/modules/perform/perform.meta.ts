import { defineModuleMeta } from '../types.ts';

export const performMeta = defineModuleMeta({
  code: 'perform',
  route: '/api/perform',
  name: { zh: '粗略优化', en: 'Rough optimisation' },
});
