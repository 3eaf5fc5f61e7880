import { defineModuleMeta } from '../types.ts';

/** Workflows: a protein and molecules through a chain of modules, each step a child task (spec: module `group`). */
export const groupMeta = defineModuleMeta({
  code: 'group',
  route: '/api/groups',
  name: { zh: '工作流', en: 'Workflow' },
});
