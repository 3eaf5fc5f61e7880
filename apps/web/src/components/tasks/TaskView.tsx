import type { TaskRow } from '@yunyao/contract';
import { Suspense } from 'react';
import { RESULT_VIEWS } from '../../app/result-views.ts';
import { TaskDetailDialog } from './TaskDetailDialog.tsx';

/** The view action's dialog: the module's own result view when it has one, else the generic task detail. */
export function TaskView({ task, onClose }: { task: TaskRow; onClose: () => void }) {
  const View = RESULT_VIEWS.get(task.module);
  if (!View) return <TaskDetailDialog task={task} onClose={onClose} />;
  return (
    <Suspense fallback={null}>
      <View task={task} onClose={onClose} />
    </Suspense>
  );
}
