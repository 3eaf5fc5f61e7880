import { taskRowSchema, type TaskRow } from '@yunyao/contract';

/** A task row with its child tasks (a workflow's steps) as the table's tree children. */
export type TaskTreeRow = TaskRow & { children?: TaskTreeRow[] };

/**
 * The rows as a tree: a row whose `tasks` hold child rows gets them as `children` (the antd table's
 * expandable rows); other rows get none, so they show no expand icon.
 */
export function taskTree(rows: readonly TaskRow[]): TaskTreeRow[] {
  return rows.map((row) => {
    const children = row.tasks.flatMap((child) => {
      const parsed = taskRowSchema.safeParse(child);
      return parsed.success ? [parsed.data] : [];
    });
    return children.length ? { ...row, children: taskTree(children) } : row;
  });
}
