import { App as AntApp, Button } from 'antd';
import type { TaskRow } from '@yunyao/contract';
import { useTranslation } from 'react-i18next';

/** Spec: a message box titled 失败原因 with the task's error text. */
export function FailureReasonButton({ task }: { task: Pick<TaskRow, 'result'> }) {
  const { t } = useTranslation();
  const { modal } = AntApp.useApp();
  return (
    <Button
      type="link"
      size="small"
      danger
      data-testid="task-failure"
      onClick={() =>
        modal.error({
          title: t('actions.failureReason'),
          // Plain text child: the error may quote user input, so it is never parsed as markup.
          content: <div style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>{task.result ?? '-'}</div>,
          okText: t('actions.confirm'),
        })
      }
    >
      {t('actions.failureReason')}
    </Button>
  );
}
