import { useQuery } from '@tanstack/react-query';
import { Card, Col, Empty, Modal, Row, Space, Table, Tag, Tooltip, Typography } from 'antd';
import type { QsarpredRow } from '@yunyao/modules/forms/qsarpred';
import { Suspense, useMemo, useState, type HTMLAttributes } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../api/endpoints.ts';
import type { ResultViewProps } from '../../app/web-module.ts';
import { LazyEChart } from '../../components/charts/LazyEChart.tsx';
import { scoreHistogramOption } from '../../components/charts/score-histogram.ts';
import { Molecule2D } from '../../components/Molecule2D.tsx';
import { formatNumber } from '../../components/qsar/qsar-card.ts';
import { TaskOutputButton } from '../../components/tasks/TaskOutputButton.tsx';
import { atomWeightHighlight, firstPredicted, isClassification, predictionCounts, predictionHistogram } from './qsarpred-result.ts';
import './qsarpred.i18n.ts';

const CHART_HEIGHT = 180;
const ROWS_PER_PAGE = 8;
const DETAIL_WIDTH = 340;
const DETAIL_HEIGHT = 260;
const SELECTED_BACKGROUND = '#e6f4ff';

interface PredictSummary {
  model?: { tuna_id?: number; name?: string };
  tuna_id?: number;
}

/** The selected molecule drawn large with its atom weights, and its nearest training molecule. */
/** A classification's 90 % conformal set: one class reads as a verdict, both as "cannot tell", none as "resembles neither". */
function PredictionSet({ set }: { set: string[] | null | undefined }) {
  const { t } = useTranslation('qsarpred');
  if (!set) return <>–</>;
  if (set.length === 1) return <Tag color="purple">{set[0]}</Tag>;
  return (
    <Tooltip title={t(set.length ? 'setBothHelp' : 'setEmptyHelp')}>
      <Tag color={set.length ? 'default' : 'orange'}>{t(set.length ? 'setBoth' : 'setEmpty')}</Tag>
    </Tooltip>
  );
}

function DetailPanel({ row }: { row: QsarpredRow | null }) {
  const { t } = useTranslation('qsarpred');
  const highlight = useMemo(() => atomWeightHighlight(row?.atom_weights), [row]);
  if (!row) {
    return (
      <div style={{ height: DETAIL_HEIGHT, display: 'flex', alignItems: 'center', justifyContent: 'center' }}>
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('pickRow')} />
      </div>
    );
  }
  return (
    <div data-testid="qsarpred-detail" data-id={row.ID}>
      <Typography.Text strong>{row.ID}</Typography.Text>
      <Molecule2D smiles={row.SMILES} width={DETAIL_WIDTH} height={DETAIL_HEIGHT} highlight={highlight} />
      <Typography.Paragraph type="secondary" style={{ fontSize: 12, marginTop: 4 }}>
        {highlight ? t('detailHint') : t('noWeights')}
      </Typography.Paragraph>
      {row.nearest_smiles ? (
        <>
          <Typography.Text strong>{t('nearestTitle')}</Typography.Text>
          <Space align="center" style={{ display: 'flex' }}>
            <Molecule2D smiles={row.nearest_smiles} width={150} height={110} />
            <Space orientation="vertical" size={0}>
              <Typography.Text>{row.nearest_id ?? '–'}</Typography.Text>
              <Typography.Text type="secondary">{t('similarity', { value: formatNumber(row.nearest_similarity, 2) })}</Typography.Text>
            </Space>
          </Space>
        </>
      ) : null}
    </div>
  );
}

/**
 * A finished QSAR prediction: each molecule's value (or probability and class) with its interval
 * and domain, the distribution of the predictions, the CSV, and the selected molecule's atom
 * weights drawn on its structure beside its nearest training molecule.
 */
export default function QsarPredictResultDialog({ task, onClose }: ResultViewProps) {
  const { t } = useTranslation('qsarpred');
  const summary = useQuery({ queryKey: ['tasks', 'json', task.id], queryFn: () => api.tasks.json(task.id), staleTime: Infinity });
  const raw = useQuery({ queryKey: ['tasks', 'output', task.id, 'all'], queryFn: () => api.tasks.output<QsarpredRow>(task.id) });
  const rows = useMemo(() => raw.data ?? [], [raw.data]);
  const s = (summary.data ?? {}) as PredictSummary;
  const classification = isClassification(rows);
  const counts = predictionCounts(rows);
  const [picked, setPicked] = useState<string | null>(null);
  const selected = rows.find((r) => r.ID === picked) ?? firstPredicted(rows);
  const option = useMemo(() => {
    const h = predictionHistogram(rows, classification);
    return h.count.length ? scoreHistogramOption(h, classification ? t('histogramClassification') : t('histogramRegression')) : null;
  }, [rows, classification, t]);
  const modelId = s.model?.tuna_id ?? s.tuna_id;

  const columns = [
    { title: 'ID', dataIndex: 'ID', width: 120, ellipsis: { showTitle: true } },
    { title: t('structure'), dataIndex: 'SMILES', key: 'structure', width: 116, render: (smiles: string) => <Molecule2D smiles={smiles} width={100} height={70} /> },
    {
      title: classification ? t('probability') : t('prediction'),
      key: 'prediction',
      width: 170,
      render: (_: unknown, r: QsarpredRow) =>
        r.error ? (
          <Space size={4} wrap>
            <Tag color="error">{t('failed')}</Tag>
            <Typography.Text type="danger" style={{ fontSize: 12 }}>
              {r.error}
            </Typography.Text>
          </Space>
        ) : classification ? (
          <Space size={4}>
            <Typography.Text>{r.prediction === null ? '–' : `${(r.prediction * 100).toFixed(1)}%`}</Typography.Text>
            {r.predicted_class ? <Tag color="purple">{r.predicted_class}</Tag> : null}
          </Space>
        ) : (
          <Typography.Text strong>{formatNumber(r.prediction)}</Typography.Text>
        ),
    },
    ...(classification
      ? [
          {
            title: t('predictionSet'),
            key: 'prediction_set',
            width: 150,
            render: (_: unknown, r: QsarpredRow) => <PredictionSet set={r.error ? null : r.prediction_set} />,
          },
        ]
      : [
          {
            title: t('interval'),
            key: 'interval',
            width: 150,
            render: (_: unknown, r: QsarpredRow) => (r.error || r.lower === null || r.upper === null ? '–' : `${formatNumber(r.lower, 2)} – ${formatNumber(r.upper, 2)}`),
          },
        ]),
    {
      title: t('domain'),
      key: 'domain',
      width: 90,
      render: (_: unknown, r: QsarpredRow) =>
        r.error || r.out_of_domain === null ? '–' : r.out_of_domain ? <Tag color="orange">{t('outOfDomain')}</Tag> : <Tag color="green">{t('inDomain')}</Tag>,
    },
    {
      title: t('nearest'),
      key: 'nearest',
      ellipsis: true,
      render: (_: unknown, r: QsarpredRow) =>
        r.error || !r.nearest_id ? (
          '–'
        ) : (
          <Tooltip title={r.nearest_smiles}>
            <Space orientation="vertical" size={0}>
              <Typography.Text ellipsis>{r.nearest_id}</Typography.Text>
              <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                {t('similarity', { value: formatNumber(r.nearest_similarity, 2) })}
              </Typography.Text>
            </Space>
          </Tooltip>
        ),
    },
  ];

  return (
    <Modal open width={1240} title={t('resultTitle', { id: task.id })} footer={null} onCancel={onClose}>
      <div data-testid="qsarpred-result">
        <Space style={{ width: '100%', justifyContent: 'space-between', marginBottom: 8 }} wrap>
          <Space orientation="vertical" size={0}>
            <Typography.Text data-testid="qsarpred-counts">{raw.isSuccess ? t('counts', { count: counts.total, ...counts }) : '\u00a0'}</Typography.Text>
            {s.model?.name && modelId ? <Typography.Text type="secondary">{t('modelLine', { name: s.model.name, id: modelId })}</Typography.Text> : null}
          </Space>
          <TaskOutputButton taskId={task.id} file="predictions.csv" label={t('downloadCsv')} testId="qsarpred-download-csv" />
        </Space>
        <div style={{ height: CHART_HEIGHT }}>
          {option ? (
            <Suspense fallback={null}>
              <LazyEChart option={option} height={CHART_HEIGHT} testId="qsarpred-histogram" />
            </Suspense>
          ) : null}
        </div>
        <Row gutter={16} style={{ marginTop: 12 }}>
          <Col xs={24} xl={16}>
            <Table<QsarpredRow>
              size="small"
              rowKey="ID"
              loading={raw.isLoading}
              dataSource={rows}
              columns={columns}
              pagination={{ pageSize: ROWS_PER_PAGE, hideOnSinglePage: true, showSizeChanger: false }}
              onRow={(r) =>
                ({
                  'data-testid': 'qsarpred-row',
                  'data-id': r.ID,
                  onClick: () => !r.error && setPicked(r.ID),
                  style: { cursor: r.error ? 'default' : 'pointer', background: selected?.ID === r.ID ? SELECTED_BACKGROUND : undefined },
                }) as HTMLAttributes<HTMLElement>
              }
              locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('noRows')} /> }}
              data-testid="qsarpred-table"
            />
          </Col>
          <Col xs={24} xl={8}>
            <Card size="small" title={t('detailTitle')}>
              <DetailPanel row={selected} />
            </Card>
          </Col>
        </Row>
      </div>
    </Modal>
  );
}
