import { ReloadOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Card, Radio, Select, Space, Typography } from 'antd';
import { DEFAULT_PAGE_SIZE, PAGE_SIZES } from '@yunyao/contract/constants';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { catalogue } from '../../app/web-modules.ts';
import { pick } from '../../i18n/index.ts';
import { TaskTable } from '../../components/tasks/TaskTable.tsx';
import { taskPagination } from '../../components/tasks/taskPagination.ts';
import { useTaskPage } from '../../components/tasks/useTaskQueries.ts';

const STATUS_FILTERS = [
  { value: 0, key: 'all' },
  { value: 1, key: 'running' },
  { value: 2, key: 'success' },
  { value: 3, key: 'failed' },
] as const;

function intParam(params: URLSearchParams, name: string, fallback: number, allowed?: readonly number[]): number {
  const n = Number(params.get(name));
  if (!Number.isInteger(n) || n < 0) return fallback;
  return allowed && !allowed.includes(n) ? fallback : n;
}

/** /calculate/list: every cloud task of the user. Filters live in the URL so reload and back keep them. */
export default function TaskListPage() {
  const { t, i18n } = useTranslation();
  const [params, setParams] = useSearchParams();
  const queryClient = useQueryClient();
  const filter = {
    module: params.get('module') || undefined,
    status: intParam(params, 'status', 0, [0, 1, 2, 3]),
    page: Math.max(1, intParam(params, 'page', 1)),
    limit: intParam(params, 'limit', DEFAULT_PAGE_SIZE, PAGE_SIZES),
  };
  const { data, isFetching, refetch } = useTaskPage(filter);

  function update(changes: Record<string, string | number | undefined>) {
    const next = new URLSearchParams(params);
    for (const [k, v] of Object.entries(changes)) {
      if (v === undefined || v === '' || v === 0) next.delete(k);
      else next.set(k, String(v));
    }
    setParams(next, { replace: true });
  }

  return (
    <Card
      title={<Typography.Title level={4} style={{ margin: 0 }}>{t('nav.list')}</Typography.Title>}
      extra={
        <Button icon={<ReloadOutlined />} onClick={() => void refetch()}>
          {t('actions.refresh')}
        </Button>
      }
    >
      <Space wrap size="large" style={{ marginBottom: 16 }}>
        <Select
          style={{ width: 220 }}
          value={filter.module ?? ''}
          onChange={(module: string) => update({ module, page: undefined })}
          options={[{ value: '', label: t('task.allModules') }, ...[...catalogue.moduleNames].map(([code, names]) => ({ value: code, label: pick(names, i18n.language) }))]}
          data-testid="task-filter-module"
        />
        <Radio.Group
          optionType="button"
          buttonStyle="solid"
          value={filter.status}
          onChange={(e) => update({ status: e.target.value as number, page: undefined })}
          options={STATUS_FILTERS.map((s) => ({ value: s.value, label: t(`task.statusFilter.${s.key}`) }))}
          data-testid="task-filter-status"
        />
      </Space>
      <TaskTable
        variant="list"
        rows={data?.data ?? []}
        loading={isFetching && !data}
        onChanged={() => void queryClient.invalidateQueries({ queryKey: ['tasks'] })}
        pagination={taskPagination(t, {
          page: filter.page,
          limit: filter.limit,
          total: data?.total ?? 0,
          onChange: (page, limit) => update({ page: page === 1 ? undefined : page, limit: limit === DEFAULT_PAGE_SIZE ? undefined : limit }),
        })}
      />
    </Card>
  );
}
