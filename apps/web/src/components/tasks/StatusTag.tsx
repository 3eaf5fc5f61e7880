import { Tag, Typography } from 'antd';
import type { TaskRow } from '@yunyao/contract';
import { useTranslation } from 'react-i18next';

/**
 * The server's Chinese status text is the contract; it maps to a colour and a
 * translation. Matching the text rather than `status` keeps queued apart from
 * running and cancelled apart from failed, which the numeric status merges.
 */
const STATES: Record<string, { key: string; color: string }> = {
  已完成: { key: 'succeeded', color: 'success' },
  已失败: { key: 'failed', color: 'error' },
  运行中: { key: 'running', color: 'processing' },
  排队中: { key: 'queued', color: 'processing' },
  已取消: { key: 'cancelled', color: 'default' },
};

/** Whole units stay whole; simulated time shows three significant digits (2.5 ns, 0.012 ns). */
const amount = (n: number) => String(Number.isInteger(n) ? n : Number(n.toPrecision(3)));

export function StatusTag({ task, className }: { task: Pick<TaskRow, 'status_text'> & Partial<Pick<TaskRow, 'progress'>>; className?: string }) {
  const { t } = useTranslation();
  const state = STATES[task.status_text];
  const progress = task.progress;
  // The progress sits under the tag, so a narrow status column wraps it instead of cutting it off.
  return (
    <span className={className} data-testid="task-status">
      <Tag color={state?.color ?? 'default'}>{state ? t(`task.states.${state.key}`) : task.status_text}</Tag>
      {progress && progress.total > 0 && (
        <Typography.Text type="secondary" style={{ display: 'block', fontSize: 12 }} data-testid="task-progress">
          {t('task.progress', { done: amount(progress.done), total: amount(progress.total), unit: t(`task.units.${progress.unit}`, { defaultValue: progress.unit }) })}
          {progress.estimate &&
            ` · ${t(`task.estimates.${progress.estimate.label}`, { value: progress.estimate.value.toFixed(2), defaultValue: `${progress.estimate.label} ${progress.estimate.value.toFixed(2)}` })}`}
        </Typography.Text>
      )}
    </span>
  );
}
