import { ArrowDownOutlined, ArrowUpOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Empty, Modal, Skeleton, Space, Table, Tag, Tooltip, Typography, type TableColumnsType } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../api/endpoints.ts';
import type { ResultViewProps } from '../../app/web-module.ts';
import { Molecule2D } from '../../components/Molecule2D.tsx';
import { formatInterval, formatKd } from '../../components/affinity/affinity-result.ts';
import { pick } from '../../i18n/index.ts';
import { RerunButton } from './RerunButton.tsx';
import { compareByStep, stepFlag, stepScore, workflowResultSchema, workflowRowSchema, type StepColumn, type WorkflowRow, type WorkflowStepResult } from './workflow-result.ts';
import { WorkflowSteps } from './WorkflowSteps.tsx';
import './group.i18n.ts';

const ROWS_PER_PAGE = 10;

/** A step's score column title: its label and unit, with which way is better. */
function ScoreTitle({ step }: { step: WorkflowStepResult }) {
  const { t, i18n } = useTranslation('workflow');
  const Arrow = step.score.better === 'higher' ? ArrowUpOutlined : ArrowDownOutlined;
  return (
    <Tooltip title={`${pick(step.name, i18n.language)} · ${t(step.score.better)}`}>
      <span>
        {pick(step.score.label, i18n.language)}
        {step.score.unit && <Typography.Text type="secondary">{` (${step.score.unit})`}</Typography.Text>} <Arrow style={{ color: '#52c41a' }} />
      </span>
    </Tooltip>
  );
}

/** Table widths of the further columns: fixed, so the table keeps its layout while rows load and pages turn. */
const COLUMN_WIDTH: Record<StepColumn['kind'], number> = { kd: 100, interval: 120, domain: 110, sem: 100 };

/** A step's further value in a row, as the module's own view shows it. */
function StepValue({ column, row }: { column: StepColumn; row: WorkflowRow }) {
  const { t } = useTranslation('workflow');
  if (column.kind === 'interval') return formatInterval({ low: stepScore(row, column.low), high: stepScore(row, column.high) }) || '–';
  if (column.kind === 'kd') return formatKd(stepScore(row, column.key));
  if (column.kind === 'sem') {
    const sem = stepScore(row, column.key);
    return sem === null ? '–' : `± ${sem.toFixed(2)}`;
  }
  const inDomain = stepFlag(row, column.key);
  if (inDomain === null) return '–';
  return inDomain ? (
    <Tag color="success">{t('inDomain')}</Tag>
  ) : (
    <Tooltip title={t('outOfDomainTip')}>
      <Tag color="warning">{t('outOfDomain')}</Tag>
    </Tooltip>
  );
}

/**
 * The summary of a workflow (module `group`): the molecules that came through the last step with
 * every step's score side by side, sortable; each step's child with its own view, downloads and
 * provenance; and a run of the same plan again.
 */
export default function WorkflowResultDialog({ task, onClose }: ResultViewProps) {
  const { t } = useTranslation('workflow');
  const summary = useQuery({
    queryKey: ['tasks', 'json', task.id],
    queryFn: () => api.tasks.json(task.id),
    staleTime: Infinity,
    select: (json) => workflowResultSchema.safeParse(json).data ?? null,
  });
  const rows = useQuery({
    queryKey: ['tasks', 'output', task.id, 'all'],
    queryFn: () => api.tasks.output(task.id),
    select: (raw) => raw.flatMap((r) => workflowRowSchema.safeParse(r).data ?? []),
  });
  const steps = summary.data?.steps ?? [];
  const last = steps.at(-1);

  const columns = useMemo((): TableColumnsType<WorkflowRow> => {
    // Each step's score, then what its module's own view shows beside it (interval, Kd, domain, standard error).
    const scoreColumns = steps.flatMap((step) => [
      {
        title: <ScoreTitle step={step} />,
        key: step.key,
        width: 150,
        sorter: compareByStep(step),
        // The rows come best first by the last step; one that keeps its own order (order: 'rows') stays in it.
        defaultSortOrder: step === last && step.score.order !== 'rows' ? ('ascend' as const) : undefined,
        sortDirections: ['ascend' as const],
        render: (_: unknown, r: WorkflowRow) => stepScore(r, step.key)?.toFixed(2) ?? '–',
      },
      ...step.columns.map((column) => ({
        title: (
          <span data-testid={`workflow-column-${column.key}`}>
            {t(`column.${column.kind}`)}
            {(column.kind === 'sem' || column.kind === 'interval') && step.score.unit && <Typography.Text type="secondary">{` (${step.score.unit})`}</Typography.Text>}
          </span>
        ),
        key: column.key,
        width: COLUMN_WIDTH[column.kind],
        render: (_: unknown, r: WorkflowRow) => <StepValue column={column} row={r} />,
      })),
    ]);
    return [
      { title: t('name'), dataIndex: 'ID', ellipsis: true, width: 160 },
      {
        title: t('structure'),
        dataIndex: 'SMILES',
        key: 'structure',
        width: 140,
        render: (smiles: string) => (
          <span title={smiles}>
            <Molecule2D smiles={smiles} width={120} height={80} />
          </span>
        ),
      },
      ...scoreColumns,
    ];
  }, [steps, last, t]);

  return (
    <Modal open width={1200} title={t('resultTitle', { id: task.id })} footer={null} onCancel={onClose}>
      <div data-testid="workflow-result" style={{ minHeight: 420 }}>
        {summary.isLoading ? (
          <Skeleton active />
        ) : !summary.data ? (
          <Empty description={t('emptyRows')} />
        ) : (
          <Space orientation="vertical" size={16} style={{ width: '100%' }}>
            <div style={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center' }}>
              <Typography.Text strong>{t('stepsTitle')}</Typography.Text>
              <RerunButton taskId={task.id} onRerun={onClose} />
            </div>
            <WorkflowSteps steps={steps} />
            <div>
              <Typography.Text strong>{t('summary')}</Typography.Text>{' '}
              <Typography.Text type="secondary">{t('summaryHint', { count: summary.data.final })}</Typography.Text>
            </div>
            <Table<WorkflowRow>
              size="small"
              rowKey="ID"
              loading={rows.isLoading}
              dataSource={rows.data ?? []}
              columns={columns}
              scroll={{ x: 'max-content' }}
              pagination={{ pageSize: ROWS_PER_PAGE, showSizeChanger: false, hideOnSinglePage: true }}
              locale={{ emptyText: rows.isLoading ? <div style={{ height: 120 }} /> : <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('emptyRows')} /> }}
              data-testid="workflow-result-rows"
            />
          </Space>
        )}
      </div>
    </Modal>
  );
}
