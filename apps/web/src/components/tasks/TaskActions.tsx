import { Button, Space } from 'antd';
import type { TaskRow } from '@yunyao/contract';
import { useTranslation } from 'react-i18next';
import { CancelTaskButton } from './CancelTaskButton.tsx';
import { DownloadResultButton } from './DownloadResultButton.tsx';
import { FailureReasonButton } from './FailureReasonButton.tsx';
import { TaskFilesPopover } from './TaskFilesPopover.tsx';

const SUCCESS = 2;
const FAILED = 3;

export interface TaskActionsProps {
  task: TaskRow;
  /** Simple modules offer 下载结果 (the single output file) next to the archive. */
  downloadResult?: boolean;
  onView: (task: TaskRow) => void;
  onChanged: () => void;
}

/** The row actions of the spec: view, download, failure reason, cancel — each only when it applies. */
export function TaskActions({ task, downloadResult, onView, onChanged }: TaskActionsProps) {
  const { t } = useTranslation();
  const done = task.status === SUCCESS;
  return (
    <Space size={0} wrap>
      {done && (
        <Button type="link" size="small" onClick={() => onView(task)} data-testid="task-view">
          {t('actions.view')}
        </Button>
      )}
      {done && downloadResult && <DownloadResultButton task={task} />}
      {done && <TaskFilesPopover taskId={task.id} />}
      {task.status === FAILED && task.result && <FailureReasonButton task={task} />}
      {task.can_cancel && <CancelTaskButton taskId={task.id} onCancelled={onChanged} />}
    </Space>
  );
}
