import { defineModuleMeta } from '../types.ts';

export const vaspMeta = defineModuleMeta({
  code: 'vasp',
  route: '/api/vasp',
  name: { zh: 'VASP 第一性原理计算', en: 'VASP first-principles calculation' },
});
