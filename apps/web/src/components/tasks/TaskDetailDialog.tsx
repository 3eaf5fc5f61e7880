import { useQuery } from '@tanstack/react-query';
import { Descriptions, Modal, Skeleton, Space, Table, Tag, Typography } from 'antd';
import type { TaskRow } from '@yunyao/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../api/endpoints.ts';
import { Molecule2D } from '../Molecule2D.tsx';
import { TaskFee } from './TaskFee.tsx';
import { StatusTag } from './StatusTag.tsx';
import { taskModuleName, taskName } from './task-name.ts';

const ROWS_PER_PAGE = 10;

interface TaskResult {
  engines?: { id: string; name: string; version: string }[];
  total?: number;
  rowCount?: number;
  outputFile?: string;
  warnings?: unknown[];
}

interface OutputRow {
  ID?: string;
  SMILES?: string;
  [key: string]: unknown;
}

function OutputRows({ taskId, total }: { taskId: number; total: number }) {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const { data, isFetching } = useQuery({
    queryKey: ['tasks', 'output', taskId, page],
    queryFn: () => api.tasks.output<OutputRow>(taskId, { page, limit: ROWS_PER_PAGE }),
  });
  return (
    <Table<OutputRow>
      size="small"
      rowKey={(r, i) => `${r.ID ?? ''}-${i ?? 0}`}
      loading={isFetching}
      dataSource={data ?? []}
      pagination={{ current: page, pageSize: ROWS_PER_PAGE, total, onChange: setPage, showSizeChanger: false }}
      columns={[
        { title: 'ID', dataIndex: 'ID', width: 160, ellipsis: true },
        { title: 'SMILES', dataIndex: 'SMILES', ellipsis: true },
        {
          title: t('task.structure'),
          dataIndex: 'SMILES',
          width: 150,
          render: (smiles?: string) => (smiles ? <Molecule2D smiles={smiles} width={130} height={90} /> : '-'),
        },
      ]}
    />
  );
}

/** The view action: what ran, with which engines, and the molecules it produced. */
export function TaskDetailDialog({ task, onClose }: { task: TaskRow; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const { data, isLoading } = useQuery({ queryKey: ['tasks', 'json', task.id], queryFn: () => api.tasks.json(task.id) });
  const result = (data ?? {}) as TaskResult;
  return (
    <Modal open width={1000} title={`${t('task.detail')} #${task.id}`} footer={null} onCancel={onClose} data-testid="task-detail">
      <Descriptions size="small" column={3} bordered>
        <Descriptions.Item label={t('task.name')} span={3}>
          {taskName(task, i18n.language)}
        </Descriptions.Item>
        <Descriptions.Item label={t('task.module')}>{taskModuleName(task, i18n.language)}</Descriptions.Item>
        <Descriptions.Item label={t('task.status')}>
          <StatusTag task={task} />
        </Descriptions.Item>
        <Descriptions.Item label={t('task.fee')}>
          <TaskFee task={task} />
        </Descriptions.Item>
        <Descriptions.Item label={t('task.start')}>{task.created_at}</Descriptions.Item>
        <Descriptions.Item label={t('task.end')}>{task.end ?? '-'}</Descriptions.Item>
        <Descriptions.Item label={t('task.machineTime')}>{task.machine_time}</Descriptions.Item>
        <Descriptions.Item label={t('task.estimate')}>{task.estimate_fee.toFixed(2)}</Descriptions.Item>
        <Descriptions.Item label={t('task.hold')}>{task.hold.toFixed(2)}</Descriptions.Item>
      </Descriptions>
      {isLoading ? (
        <Skeleton active paragraph={{ rows: 4 }} style={{ marginTop: 16 }} />
      ) : (
        <>
          <Space wrap style={{ margin: '16px 0 8px' }}>
            <Typography.Text strong>{t('task.engines')}:</Typography.Text>
            {(result.engines ?? []).map((e) => (
              <Tag key={e.id}>
                {e.name} {e.version}
              </Tag>
            ))}
            {result.total !== undefined && <Tag color="blue">{t('task.molecules', { count: result.total })}</Tag>}
            {result.warnings?.length ? <Tag color="warning">{t('task.warnings', { count: result.warnings.length })}</Tag> : null}
          </Space>
          {result.rowCount ? <OutputRows taskId={task.id} total={result.rowCount} /> : null}
        </>
      )}
    </Modal>
  );
}
