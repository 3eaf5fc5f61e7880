import { ExperimentOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Button, Divider, Empty, Modal, Skeleton, Space, Table, Tag, Tooltip, Typography } from 'antd';
import { QSAR_MODEL_FILE, type QsartunaRow } from '@yunyao/modules/forms/qsartuna';
import type { HTMLAttributes } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { api } from '../../api/endpoints.ts';
import type { ResultViewProps } from '../../app/web-module.ts';
import { formatNumber, readCard } from '../../components/qsar/qsar-card.ts';
import { predictLink } from '../../components/qsar/qsar-links.ts';
import { QsarModelCard, useQsarNames } from '../../components/qsar/QsarModelCard.tsx';
import { TaskOutputButton } from '../../components/tasks/TaskOutputButton.tsx';
import './qsartuna.i18n.ts';

const TRIALS_PER_PAGE = 10;
const BEST_ROW_BACKGROUND = '#f6ffed';

const STATE_COLORS: Record<string, string> = { complete: 'default', pruned: 'orange', failed: 'red' };

/** A finished QSAR build: its model card, every trial of the search (the best highlighted), downloads, and on to prediction. */
export default function QsarBuildResultDialog({ task, onClose }: ResultViewProps) {
  const { t } = useTranslation('qsartuna');
  const names = useQsarNames();
  const summary = useQuery({ queryKey: ['tasks', 'json', task.id], queryFn: () => api.tasks.json(task.id), staleTime: Infinity });
  const trials = useQuery({ queryKey: ['tasks', 'output', task.id, 'all'], queryFn: () => api.tasks.output<QsartunaRow>(task.id) });
  const card = readCard(summary.data?.card);
  const rows = trials.data ?? [];

  const columns = [
    { title: t('trial'), dataIndex: 'trial', width: 64 },
    {
      title: t('algorithm'),
      dataIndex: 'algorithm',
      width: 220,
      render: (a: string) => <Tooltip title={names.algorithm(a)}>{a}</Tooltip>,
    },
    { title: t('descriptor'), dataIndex: 'descriptor', width: 200, render: (d: string) => <Tooltip title={names.descriptor(d)}>{d}</Tooltip> },
    {
      title: `${t('cvScore')}${card.metric ? ` (${card.metric})` : ''}`,
      key: 'cv',
      width: 160,
      render: (_: unknown, r: QsartunaRow) => (r.cv_score === null ? '–' : r.cv_sd === null ? formatNumber(r.cv_score) : `${formatNumber(r.cv_score)} ± ${formatNumber(r.cv_sd)}`),
    },
    { title: t('seconds'), dataIndex: 'seconds', width: 90, render: (s: number | null) => formatNumber(s, 1) },
    {
      title: t('state'),
      key: 'state',
      width: 130,
      render: (_: unknown, r: QsartunaRow) => (
        <Space size={2}>
          <Tag color={STATE_COLORS[r.state] ?? 'default'}>{t(`states.${r.state}`, { defaultValue: r.state })}</Tag>
          {r.best ? <Tag color="green">{t('best')}</Tag> : null}
        </Space>
      ),
    },
    { title: t('params'), dataIndex: 'params', ellipsis: { showTitle: true } },
  ];

  return (
    <Modal open width={1200} title={t('resultTitle', { id: task.id })} footer={null} onCancel={onClose}>
      <div data-testid="qsartuna-result">
        <Space wrap style={{ marginBottom: 12 }}>
          <Link to={predictLink(task.id)} onClick={onClose} data-testid="qsar-predict-link">
            <Button type="primary" size="small" icon={<ExperimentOutlined />}>
              {t('predict')}
            </Button>
          </Link>
          <TaskOutputButton taskId={task.id} file={QSAR_MODEL_FILE} label={t('downloadModel')} testId="qsar-download-model" />
          <TaskOutputButton taskId={task.id} file="trials.csv" label={t('downloadTrials')} testId="qsar-download-trials" />
          <TaskOutputButton taskId={task.id} file="test-predictions.csv" label={t('downloadTest')} testId="qsar-download-test" />
        </Space>
        {summary.isLoading ? (
          <Skeleton active paragraph={{ rows: 8 }} />
        ) : summary.data ? (
          <QsarModelCard card={card} />
        ) : (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('noResult')} />
        )}
        <Divider titlePlacement="start" style={{ marginTop: 16 }}>
          <Typography.Text strong>{t('trialsTitle', { count: rows.length })}</Typography.Text>
        </Divider>
        <Table<QsartunaRow>
          size="small"
          rowKey="trial"
          loading={trials.isLoading}
          dataSource={rows}
          columns={columns}
          pagination={{ pageSize: TRIALS_PER_PAGE, hideOnSinglePage: true, showSizeChanger: false }}
          onRow={(r) => ({ 'data-testid': 'qsar-trial', 'data-best': r.best, style: r.best ? { background: BEST_ROW_BACKGROUND } : undefined }) as HTMLAttributes<HTMLElement>}
          scroll={{ x: 1000 }}
          data-testid="qsar-trials"
        />
      </div>
    </Modal>
  );
}
