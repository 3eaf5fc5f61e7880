import { defineModuleMeta } from '../types.ts';

export const convertMeta = defineModuleMeta({
  code: 'convert',
  route: '/api/convert',
  name: { zh: '格式转换', en: 'Format conversion' },
});
