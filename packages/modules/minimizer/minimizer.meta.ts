import { defineModuleMeta } from '../types.ts';

/** Rosetta Minimize: one of the two modules of the spec's `POST /api/rosetta` (`module=minimizer`). */
export const minimizerMeta = defineModuleMeta({
  code: 'minimizer',
  route: '/api/rosetta',
  sharedRoute: true,
  name: { zh: 'Rosetta 能量最小化', en: 'Rosetta Minimize' },
});
