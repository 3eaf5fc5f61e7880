import { useQueryClient } from '@tanstack/react-query';
import { Card, Typography } from 'antd';
import { DEFAULT_PAGE_SIZE, SIMPLE_HISTORY_LIMIT } from '@yunyao/contract/constants';
import type { ModuleForm } from '@yunyao/modules/forms';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { TaskTable } from '../tasks/TaskTable.tsx';
import { taskPagination } from '../tasks/taskPagination.ts';
import { useRecentTasks, useTaskPage } from '../tasks/useTaskQueries.ts';

type HistoryProps = { module: string; onChanged: () => void };

function RecentHistory({ module, onChanged }: HistoryProps) {
  const { data, isLoading } = useRecentTasks(module);
  return <TaskTable variant="history" rows={data ?? []} loading={isLoading} pagination={false} downloadResult onChanged={onChanged} />;
}

function PagedHistory({ module, onChanged }: HistoryProps) {
  const { t } = useTranslation();
  const [page, setPage] = useState({ current: 1, limit: DEFAULT_PAGE_SIZE });
  const { data, isLoading } = useTaskPage({ module, status: 0, page: page.current, limit: page.limit });
  return (
    <TaskTable
      variant="history"
      rows={data?.data ?? []}
      loading={isLoading}
      onChanged={onChanged}
      pagination={taskPagination(t, { page: page.current, limit: page.limit, total: data?.total ?? 0, onChange: (current, limit) => setPage({ current, limit }) })}
    />
  );
}

/** The history table under every module form: the last 20 for simple modules, paged otherwise. */
export function TaskHistory({ form }: { form: Pick<ModuleForm, 'code' | 'history'> }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const onChanged = () => void queryClient.invalidateQueries({ queryKey: ['tasks'] });
  const recent = form.history === 'recent';
  return (
    <Card
      title={t('task.history')}
      extra={recent && <Typography.Text type="secondary">{t('task.recentHint', { count: SIMPLE_HISTORY_LIMIT })}</Typography.Text>}
      data-testid="task-history"
    >
      {recent ? <RecentHistory module={form.code} onChanged={onChanged} /> : <PagedHistory module={form.code} onChanged={onChanged} />}
    </Card>
  );
}
