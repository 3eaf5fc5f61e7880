import { useTranslation } from 'react-i18next';
import { NEW_TASK_ROW_CLASS } from '../tasks/new-task-row.ts';

/** How long the new task's row stays marked after the toast's link brought it into view. */
const MARK_MS = 3000;
/** The history refetches right after the submit; the link waits this long for the new row to arrive. */
const ROW_WAIT_MS = 5000;
const ROW_POLL_MS = 200;

const rowOf = (taskId: number) => document.querySelector<HTMLElement>(`[data-testid="task-row"][data-id="${taskId}"]`);

/** Brings the history into view (it sits below the form, often out of view), then the new task's row once it is there, marked for a moment. */
function showTask(taskId: number, waited = 0): void {
  const row = rowOf(taskId);
  if (!row) {
    if (waited === 0) document.querySelector('[data-testid="task-history"]')?.scrollIntoView({ behavior: 'smooth', block: 'start' });
    if (waited < ROW_WAIT_MS) setTimeout(() => showTask(taskId, waited + ROW_POLL_MS), ROW_POLL_MS);
    return;
  }
  row.scrollIntoView({ behavior: 'smooth', block: 'center' });
  row.classList.add(NEW_TASK_ROW_CLASS);
  setTimeout(() => row.classList.remove(NEW_TASK_ROW_CLASS), MARK_MS);
}

/** The spec's 任务提交成功! with a way to the new row, whose status shows the task's progress as it runs. */
export function SubmittedToast({ taskId }: { taskId: number }) {
  const { t } = useTranslation();
  return (
    <span>
      {t('messages.submitted')}{' '}
      <a onClick={() => showTask(taskId)} data-testid="submitted-view-task">
        {t('messages.viewTask')}
      </a>
    </span>
  );
}
