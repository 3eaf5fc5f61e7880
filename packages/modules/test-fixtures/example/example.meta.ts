import { defineModuleMeta } from '../../types.ts';

export const exampleMeta = defineModuleMeta({
  code: 'example',
  route: '/api/example',
  name: { zh: '示例：规范 SMILES', en: 'Example: canonical SMILES' },
  description: { zh: '用 Open Babel 把一个 SMILES 写成规范 SMILES。', en: 'Writes one SMILES as its canonical SMILES with Open Babel.' },
});
