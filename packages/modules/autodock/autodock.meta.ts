import { defineModuleMeta } from '../types.ts';

export const autodockMeta = defineModuleMeta({
  code: 'autodock',
  route: '/api/autodock',
  aliases: ['/api/autodock/v2'],
  name: { zh: '分子对接', en: 'Molecular docking' },
});
