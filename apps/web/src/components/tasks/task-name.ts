import type { TaskRow } from '@yunyao/contract';
import { catalogue } from '../../app/web-modules.ts';
import { pick } from '../../i18n/index.ts';

/** A task's name in the reader's language: the module made it in both at submission. */
export const taskName = (task: Pick<TaskRow, 'name' | 'name_en'>, language: string): string => pick({ zh: task.name, en: task.name_en }, language);

/** A task's module name in the reader's language; the server's `module_name` is Chinese. */
export function taskModuleName(task: Pick<TaskRow, 'module' | 'module_name'>, language: string): string {
  const names = catalogue.moduleNames.get(task.module);
  return names ? pick(names, language) : task.module_name;
}
