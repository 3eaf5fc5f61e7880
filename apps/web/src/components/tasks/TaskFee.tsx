import { Tooltip, Typography } from 'antd';
import type { TaskRow } from '@yunyao/contract';
import { useTranslation } from 'react-i18next';

/**
 * A task's fee as the user should read it: while it is queued or running, what its submission
 * holds (nothing is charged yet); once it ended, the fee. Either way the estimate and the hold
 * are one hover away, so a fee is never a surprise.
 */
export function TaskFee({ task }: { task: TaskRow }) {
  const { t } = useTranslation();
  const live = task.status === 1;
  const text = live && task.hold > 0 ? t('task.held', { hold: task.hold.toFixed(2) }) : task.task_fee.toFixed(2);
  if (task.hold <= 0) return <span data-testid="task-fee">{text}</span>;
  return (
    <Tooltip title={t('task.feeHint', { estimate: task.estimate_fee.toFixed(2), hold: task.hold.toFixed(2) })}>
      <Typography.Text type={live ? 'secondary' : undefined} data-testid="task-fee">
        {text}
      </Typography.Text>
    </Tooltip>
  );
}
