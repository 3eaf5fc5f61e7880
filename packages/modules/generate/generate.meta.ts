import { defineModuleMeta } from '../types.ts';

export const generateMeta = defineModuleMeta({
  code: 'generate',
  route: '/api/generate',
  name: { zh: '分子生成', en: 'Molecule generation' },
});
