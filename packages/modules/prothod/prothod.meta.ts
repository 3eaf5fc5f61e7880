import { defineModuleMeta } from '../types.ts';

export const prothodMeta = defineModuleMeta({
  code: 'prothod',
  route: '/api/prothod',
  name: { zh: '量子化学计算', en: 'Quantum chemistry' },
});
