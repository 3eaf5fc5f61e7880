import type { TaskRow } from '@yunyao/contract';
import { describe, expect, it } from 'vitest';
import { taskTree } from './task-tree.ts';

const row = (id: number, extra: Partial<TaskRow> = {}): TaskRow => ({
  id, name: `t${id}`, name_en: `t${id}`, module: 'autodock', module_name: '分子对接', created_at: '', end: null, updated_at: '', elapsed: null,
  machine_time: 0, task_fee: 0, estimate_fee: 0, hold: 0, status: 1, status_text: '运行中', can_cancel: false, result: null,
  out: null, has_admet: false, statis: null, progress: null, parent_id: null, tasks: [], ...extra,
});

describe('task tree', () => {
  it('gives a workflow its steps as children and other rows none (no expand icon)', () => {
    const steps = [row(2, { parent_id: 1 }), row(3, { parent_id: 1, status: 3, status_text: '已失败', result: 'boom' })];
    const [group, plain] = taskTree([row(1, { module: 'group', tasks: steps }), row(4)]);
    expect(group!.children?.map((c) => [c.id, c.status_text])).toEqual([[2, '运行中'], [3, '已失败']]);
    expect(plain).not.toHaveProperty('children');
  });

  it('leaves out children the contract cannot read rather than drawing broken rows', () => {
    const [group] = taskTree([row(1, { tasks: [{ id: 'x' }] })]);
    expect(group).not.toHaveProperty('children');
  });
});
