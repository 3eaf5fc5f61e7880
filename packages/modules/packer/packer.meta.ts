import { defineModuleMeta } from '../types.ts';

/** Rosetta Packer: one of the two modules of the spec's `POST /api/rosetta` (`module=packer`). */
export const packerMeta = defineModuleMeta({
  code: 'packer',
  route: '/api/rosetta',
  sharedRoute: true,
  name: { zh: 'Rosetta 侧链优化', en: 'Rosetta Packer' },
});
