import { DownloadOutlined, EyeOutlined } from '@ant-design/icons';
import { useQueries, useQuery } from '@tanstack/react-query';
import { Button, Skeleton, Space, Table, Tag, Typography } from 'antd';
import { STATUS_TEXT } from '@yunyao/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../api/endpoints.ts';
import { StatusTag } from '../../components/tasks/StatusTag.tsx';
import { TaskView } from '../../components/tasks/TaskView.tsx';
import { pick } from '../../i18n/index.ts';
import { childProvenanceSchema, type ChildProvenance, type WorkflowStepResult } from './workflow-result.ts';
import './group.i18n.ts';

/** The list's status text of a step's state (queued, running …), as its child's row shows it. */
const stateText = (state: string) => Object.entries(STATUS_TEXT).find(([key]) => key === state)?.[1] ?? state;

/** What a step's child ran: its module's version and the engines with their versions. */
function Provenance({ provenance }: { provenance: ChildProvenance | undefined }) {
  const { t } = useTranslation('workflow');
  if (!provenance) return <Skeleton.Input active size="small" />;
  return (
    <Space size={4} wrap>
      {provenance.module_version && <Tag>{t('version', { version: provenance.module_version })}</Tag>}
      {provenance.engines.length === 0 && <Typography.Text type="secondary">{t('noEngines')}</Typography.Text>}
      {provenance.engines.map((e) => (
        <Tag key={e.id} color="blue">
          {e.name} {e.version ?? t('noVersion')}
        </Tag>
      ))}
    </Space>
  );
}

/** Opens a child's own result view (docking's poses, the affinity view …) from its task row. */
function ChildView({ taskId, onClose }: { taskId: number; onClose: () => void }) {
  const child = useQuery({ queryKey: ['tasks', 'one', taskId], queryFn: () => api.tasks.one(taskId) });
  return child.data ? <TaskView task={child.data} onClose={onClose} /> : null;
}

/** The workflow's steps: each child's state, how many molecules it scored and kept, its own view and downloads, and provenance. */
export function WorkflowSteps({ steps }: { steps: WorkflowStepResult[] }) {
  const { t, i18n } = useTranslation('workflow');
  const [viewing, setViewing] = useState<number | null>(null);
  // The worker records each step's provenance in the summary; results from before it did ask each child.
  const fetched = useQueries({
    queries: steps.map((s) => ({
      queryKey: ['tasks', 'json', s.task_id],
      queryFn: () => api.tasks.json(s.task_id),
      enabled: s.engines === undefined,
      staleTime: Infinity,
      select: (json: Record<string, unknown> | null) => childProvenanceSchema.parse(json ?? {}),
    })),
  });
  const provenance = steps.map((s, i): ChildProvenance | undefined =>
    s.engines ? { engines: s.engines, ...(s.module_version ? { module_version: s.module_version } : {}) } : fetched[i]?.data,
  );
  return (
    <>
      <Table<WorkflowStepResult>
        size="small"
        rowKey="task_id"
        pagination={false}
        dataSource={steps}
        data-testid="workflow-result-steps"
        columns={[
          { title: '#', dataIndex: 'index', width: 44 },
          { title: t('stepsTitle'), key: 'name', render: (_: unknown, s) => pick(s.name, i18n.language) },
          { title: t('counts'), key: 'counts', render: (_: unknown, s) => t('scored', { scored: s.scored, kept: s.kept }) },
          { title: t('state'), key: 'state', width: 90, render: (_: unknown, s) => <StatusTag task={{ status_text: stateText(s.state) }} /> },
          { title: t('provenance'), key: 'provenance', render: (_: unknown, __: WorkflowStepResult, i: number) => <Provenance provenance={provenance[i]} /> },
          {
            title: '',
            key: 'actions',
            width: 170,
            render: (_: unknown, s) => (
              <Space size={0}>
                <Button type="link" size="small" icon={<EyeOutlined />} onClick={() => setViewing(s.task_id)} data-testid="workflow-step-view">
                  {t('view')}
                </Button>
                <Button type="link" size="small" icon={<DownloadOutlined />} onClick={() => void api.tasks.download(s.task_id).catch(() => undefined)}>
                  {t('download')}
                </Button>
              </Space>
            ),
          },
        ]}
      />
      {viewing !== null && <ChildView taskId={viewing} onClose={() => setViewing(null)} />}
    </>
  );
}
