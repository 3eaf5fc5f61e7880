import { defineModuleMeta } from '../types.ts';

export const mergeMeta = defineModuleMeta({
  code: 'merge',
  route: '/api/merge',
  name: { zh: '文件合并', en: 'File merge' },
});
