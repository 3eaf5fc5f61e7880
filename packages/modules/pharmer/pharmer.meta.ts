import { defineModuleMeta } from '../types.ts';

export const pharmerMeta = defineModuleMeta({
  code: 'pharmer',
  route: '/api/pharmer',
  name: { zh: '药效团筛选', en: 'Pharmacophore screening' },
});
