import { defineModuleMeta } from '../../types.ts';

export const exampleMeta = defineModuleMeta({
  code: 'example',
  route: '/api/example',
  name: { zh: '示例：规范 SMILES', en: 'Example: canonical SMILES' },
});
