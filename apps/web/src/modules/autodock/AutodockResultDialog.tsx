import { CheckCircleFilled, CloseCircleFilled, FolderOpenOutlined, QuestionCircleOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Button, Col, Modal, Row, Table, Tag, Tooltip, Typography } from 'antd';
import type { TaskRow } from '@yunyao/contract';
import type { EChartsCoreOption } from 'echarts/core';
import { Suspense, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../api/endpoints.ts';
import { LazyEChart } from '../../components/charts/LazyEChart.tsx';
import { Molecule2D } from '../../components/Molecule2D.tsx';
import { TaskFilesPopover } from '../../components/tasks/TaskFilesPopover.tsx';
import { PoseViewer } from './PoseViewer.tsx';
import { DockingProvenance } from './DockingProvenance.tsx';
import { poseCheckState, validPoses, type PoseCheckFields } from './pose-checks.ts';
import './autodock.i18n.ts';

interface DockingRow extends PoseCheckFields {
  ID: string;
  pocket: string;
  SMILES: string;
  score: number[];
  /** Ligand efficiency and fit quality (python/yunyao/autodock/ligand_efficiency.py); null where undefined. */
  LE?: number | null;
  FQ?: number | null;
  heavy_atoms?: number;
  error?: string;
}

/** A pocket a blind task found and docked into. */
interface BlindPocket {
  name: string;
  Score: number;
  Druggability: number;
}

interface Statis {
  min_score: number | null;
  max_score: number | null;
  valid_count: number;
  total_count: number;
  count: number[];
  /** The 11 bin edges of the 10 bins. */
  interval: number[];
}

const ROWS_PER_PAGE = 8;
const number = (digits: number) => (v: number | null | undefined) => (v === null || v === undefined ? '–' : v.toFixed(digits));
const CHART_HEIGHT = 200;

function histogramOption(statis: Statis): EChartsCoreOption {
  const labels = statis.count.map((_, i) => `${statis.interval[i]?.toFixed(1)}–${statis.interval[i + 1]?.toFixed(1)}`);
  return {
    tooltip: { trigger: 'axis' },
    grid: { left: 40, right: 16, top: 16, bottom: 40 },
    xAxis: { type: 'category', data: labels, axisLabel: { rotate: 30, fontSize: 10 } },
    yAxis: { type: 'value', minInterval: 1 },
    series: [{ type: 'bar', data: statis.count, itemStyle: { color: '#1677ff' } }],
  };
}

/**
 * The view of a finished docking task (spec: task output dialog with the score histogram):
 * the molecules with score and 2D drawing, and the chosen molecule's poses in 3D.
 */
export default function AutodockResultDialog({ task, onClose }: { task: TaskRow; onClose: () => void }) {
  const { t } = useTranslation('autodock');
  const [page, setPage] = useState(1);
  const rows = useQuery({ queryKey: ['tasks', 'output', task.id, 'all'], queryFn: () => api.tasks.output<DockingRow>(task.id) });
  const [picked, setPicked] = useState<string | null>(null);
  // The best-scoring molecule (rows come best first) is shown until the user picks another.
  const best = rows.data?.find((r) => !r.error)?.ID ?? null;
  const selected = picked ?? best;
  const statis = task.statis as Statis | null;
  const option = useMemo(() => (statis && statis.count.length ? histogramOption(statis) : null), [statis]);
  const summary = useQuery({ queryKey: ['tasks', 'json', task.id], queryFn: () => api.tasks.json(task.id), staleTime: Infinity });
  const blindPockets = (summary.data?.blindPockets as BlindPocket[] | undefined) ?? null;
  const pockets = useMemo(() => [...new Set((rows.data ?? []).map((r) => r.pocket).filter(Boolean))], [rows.data]);
  const headed = (title: string, tip: string) => (
    <Tooltip title={tip}>
      <span>
        {title} <QuestionCircleOutlined style={{ color: '#8c8c8c' }} />
      </span>
    </Tooltip>
  );
  return (
    <Modal open width={1280} title={t('resultTitle', { id: task.id })} footer={null} onCancel={onClose}>
      <div data-testid="docking-result">
        <div style={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center', marginBottom: 8 }}>
          <Typography.Text strong>{t('histogram')}</Typography.Text>
          <TaskFilesPopover taskId={task.id}>
            <Button size="small" icon={<FolderOpenOutlined />} data-testid="docking-result-files">
              {t('files')}
            </Button>
          </TaskFilesPopover>
        </div>
        {blindPockets && <BlindSummary pockets={blindPockets} rows={rows.data ?? []} />}
        {option && (
          <Suspense fallback={<div style={{ height: CHART_HEIGHT }} />}>
            <LazyEChart option={option} height={CHART_HEIGHT} testId="docking-histogram" />
          </Suspense>
        )}
        <Row gutter={16} style={{ marginTop: 12 }}>
          <Col span={13}>
            <Table<DockingRow>
              size="small"
              rowKey={(r) => r.ID}
              loading={rows.isLoading}
              dataSource={rows.data ?? []}
              pagination={{ current: page, pageSize: ROWS_PER_PAGE, onChange: setPage, showSizeChanger: false }}
              onRow={(r) => ({ onClick: () => !r.error && setPicked(r.ID), style: { cursor: r.error ? 'default' : 'pointer' } })}
              rowClassName={(r) => (r.ID === selected ? 'ant-table-row-selected' : '')}
              columns={[
                { title: '#', key: 'index', width: 44, render: (_: unknown, __: DockingRow, i: number) => (page - 1) * ROWS_PER_PAGE + i + 1 },
                { title: 'ID', dataIndex: 'ID', ellipsis: true },
                {
                  title: t('pocket'),
                  dataIndex: 'pocket',
                  width: 90,
                  ...(pockets.length > 1 ? { filters: pockets.map((p) => ({ text: p, value: p })), onFilter: (value: unknown, r: DockingRow) => r.pocket === value } : {}),
                },
                {
                  title: t('structure'),
                  dataIndex: 'SMILES',
                  key: 'structure',
                  width: 130,
                  render: (s: string) => (
                    <span title={s}>
                      <Molecule2D smiles={s} width={110} height={76} />
                    </span>
                  ),
                },
                {
                  title: t('score'),
                  key: 'score',
                  width: 110,
                  render: (_: unknown, r: DockingRow) => (r.error ? <Tag color="error" title={r.error}>{t('failed')}</Tag> : r.score[0]?.toFixed(2)),
                },
                { title: headed(t('le'), t('leTip')), dataIndex: 'LE', key: 'LE', width: 64, render: number(2) },
                { title: headed(t('fq'), t('fqTip')), dataIndex: 'FQ', key: 'FQ', width: 64, render: number(2) },
                {
                  title: headed(t('poseCheck'), t('poseCheckTip')),
                  key: 'pb_valid',
                  width: 72,
                  render: (_: unknown, r: DockingRow) => <PoseCheckCell row={r} />,
                },
              ]}
            />
          </Col>
          <Col span={11}>
            <PoseViewer taskId={task.id} resultId={selected} bestId={best} />
          </Col>
        </Row>
        {summary.data && <DockingProvenance summary={summary.data} />}
      </div>
    </Modal>
  );
}

/** The best pose's PoseBusters-style validity: a tick or a cross, the failed checks in the tooltip. */
function PoseCheckCell({ row }: { row: DockingRow }) {
  const { t } = useTranslation('autodock');
  const state = poseCheckState(row);
  const counts = validPoses(row);
  if (state === 'none') return <>–</>;
  if (state === 'unchecked') return <Tooltip title={t('poseCheckUnchecked', { reason: row.pb_error ?? '' })}>?</Tooltip>;
  if (state === 'valid')
    return (
      <Tooltip title={t('poseCheckValid', counts)}>
        <CheckCircleFilled style={{ color: '#52c41a' }} data-testid="pose-check-valid" />
      </Tooltip>
    );
  const failed = (row.pb_failed ?? []).map((name) => t(`poseCheckName.${name}`, { defaultValue: name })).join(', ');
  return (
    <Tooltip title={t('poseCheckInvalid', { ...counts, failed })}>
      <CloseCircleFilled style={{ color: '#ff4d4f' }} data-testid="pose-check-invalid" />
    </Tooltip>
  );
}

/** Which pockets a blind task found, with the best score reached in each. */
function BlindSummary({ pockets, rows }: { pockets: BlindPocket[]; rows: DockingRow[] }) {
  const { t } = useTranslation('autodock');
  const best = (pocket: string) => Math.min(...rows.filter((r) => r.pocket === pocket && !r.error).map((r) => r.score[0] ?? 0));
  return (
    <div style={{ marginBottom: 8 }} data-testid="docking-blind-summary">
      <Typography.Text strong>{t('blindResult', { count: pockets.length })}</Typography.Text>{' '}
      {pockets.map((p) => (
        <Tag key={p.name} title={`Score ${p.Score.toFixed(2)} · Druggability ${p.Druggability.toFixed(2)}`}>
          {Number.isFinite(best(p.name)) ? t('bestInPocket', { pocket: p.name, score: best(p.name).toFixed(2) }) : p.name}
        </Tag>
      ))}
    </div>
  );
}
