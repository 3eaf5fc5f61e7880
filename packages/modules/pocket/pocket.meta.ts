import { defineModuleMeta } from '../types.ts';

export const pocketMeta = defineModuleMeta({
  code: 'pocket',
  route: '/api/protein/pockets',
  name: { zh: '口袋预测', en: 'Pocket prediction' },
});
