import { defineModuleMeta } from '../types.ts';

export const mergeMeta = defineModuleMeta({
  code: 'merge',
  route: '/api/merge',
  name: { zh: '文件合并', en: 'File merge' },
  description: {
    zh: '将 2–10 个 MOL2 / SDF 小分子文件合并为一个文件，使用 Open Babel 逐条校验每个分子记录；格式相同的记录原样保留，不同格式的记录由 Open Babel 转换。',
    en: 'Merges 2-10 MOL2 / SDF files into one, checking every record with Open Babel; records already in the output format are copied unchanged, others are converted by Open Babel.',
  },
});
