import { useQuery } from '@tanstack/react-query';
import { Button, Col, Empty, Modal, Row, Space, Table, Tag, Tooltip, Typography } from 'antd';
import type { GraphDtaRow, SignRow, TaskRow } from '@yunyao/contract';
import { lazy, Suspense, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../api/endpoints.ts';
import { LazyEChart } from '../charts/LazyEChart.tsx';
import { scoreHistogramOption, type ScoreHistogram } from '../charts/score-histogram.ts';
import { TaskOutputButton } from '../tasks/TaskOutputButton.tsx';
import { Molecule2D } from '../Molecule2D.tsx';
import { AffinityProvenance } from './AffinityProvenance.tsx';
import { dtaRow, formatInterval, formatKd, signRow, type AffinityRow } from './affinity-result.ts';
import { SignPoseView } from './SignPoseView.tsx';
import './affinity.i18n.ts';

// The ADMET detail belongs to the ADMET module; it loads only when a row's view is clicked.
const AdmetDetailDialog = lazy(() => import('../../modules/admet/AdmetDetailDialog.tsx').then((m) => ({ default: m.AdmetDetailDialog })));

const ROWS_PER_PAGE = 8;
const CHART_HEIGHT = 200;
const fixed = (digits: number) => (v: number | null) => (v === null ? '–' : v.toFixed(digits));

/** A finished task's summary and rows, read into the one row shape whichever module wrote them. */
function useAffinityResult(task: TaskRow) {
  const summary = useQuery({ queryKey: ['tasks', 'json', task.id], queryFn: () => api.tasks.json(task.id), staleTime: Infinity });
  const raw = useQuery({ queryKey: ['tasks', 'output', task.id, 'all'], queryFn: () => api.tasks.output<SignRow & GraphDtaRow>(task.id) });
  const protein = summary.data?.protein as { in_domain?: boolean } | undefined;
  const rows = useMemo(
    () => (raw.data ?? []).map((r): AffinityRow => (task.module === 'sign' ? signRow(r) : dtaRow(r, protein?.in_domain ?? null))),
    [raw.data, task.module, protein],
  );
  return { summary: summary.data ?? null, rows, loading: raw.isLoading || summary.isLoading };
}

/**
 * The view of a finished affinity task (spec document 1, section 9), for sign and graph_dta alike:
 * the molecules with structure, Kd and affinity or score, domain and errors, a view of each
 * molecule's ADMET, the score histogram, which model answered, downloads, and for sign the
 * selected molecule's scored pose in its site.
 */
export default function AffinityResultDialog({ task, onClose }: { task: TaskRow; onClose: () => void }) {
  const { t } = useTranslation('affinity');
  const sign = task.module === 'sign';
  const { summary, rows, loading } = useAffinityResult(task);
  const [page, setPage] = useState(1);
  const [picked, setPicked] = useState<string | null>(null);
  const [admetOf, setAdmetOf] = useState<AffinityRow | null>(null);
  const modelName = (summary?.model as { name?: string } | undefined)?.name;
  const affinityTitle = sign ? t('pk') : modelName === 'kiba' ? t('kiba') : t('pkd');
  const histogram = summary?.histogram as ScoreHistogram | undefined;
  const axisName = sign ? t('histogramPk') : modelName === 'kiba' ? t('histogramKiba') : t('histogramDavis');
  const option = useMemo(() => (histogram?.interval.length ? scoreHistogramOption(histogram, axisName) : null), [histogram, axisName]);
  // The best-scored molecule is shown until the user picks another.
  const best = rows.filter((r) => r.affinity !== null).sort((a, b) => b.affinity! - a.affinity!)[0];
  const selected = picked ?? best?.id ?? null;
  const failed = rows.filter((r) => r.error).length;

  const columns = [
    { title: '#', dataIndex: 'index', width: 48 },
    { title: 'ID', dataIndex: 'id', width: 200, ellipsis: { showTitle: true } },
    { title: 'SMILES', dataIndex: 'smiles', ellipsis: { showTitle: true } },
    {
      title: t('structure'),
      dataIndex: 'smiles',
      key: 'structure',
      width: 120,
      render: (s: string) => <Molecule2D smiles={s} width={104} height={72} />,
    },
    ...(sign || modelName !== 'kiba' ? [{ title: t('kd'), dataIndex: 'kdNm', width: 90, render: formatKd }] : []),
    {
      title: affinityTitle,
      dataIndex: 'affinity',
      width: 110,
      render: (v: number | null, r: AffinityRow) => (r.error ? <Tag color="error" title={r.error}>{t('failed')}</Tag> : fixed(2)(v)),
    },
    ...(rows.some((r) => r.low !== null)
      ? [
          {
            title: t('interval'),
            key: 'interval',
            width: 130,
            render: (_: unknown, r: AffinityRow) => (
              <span data-testid="affinity-interval">
                {formatInterval(r)}
                {r.distinctFromTypical === false && (
                  <Tooltip title={t('typicalTip')}>
                    <Tag style={{ marginLeft: 4 }}>{t('typical')}</Tag>
                  </Tooltip>
                )}
              </span>
            ),
          },
        ]
      : []),
    ...(sign ? [{ title: t('vina'), dataIndex: 'vinaScore', width: 100, render: fixed(2) }] : []),
    {
      title: t('domain'),
      dataIndex: 'inDomain',
      width: 100,
      render: (v: boolean | null, r: AffinityRow) =>
        v === null ? '–' : v ? <Tag color="success">{t('inDomain')}</Tag> : <Tooltip title={r.domainNote ?? t('outOfDomainTip')}><Tag color="warning" data-testid="affinity-out-of-domain">{t('outOfDomain')}</Tag></Tooltip>,
    },
    {
      title: t('action'),
      key: 'action',
      width: 96,
      render: (_: unknown, r: AffinityRow) =>
        r.error ? null : (
          <Button size="small" type="link" onClick={(e) => (e.stopPropagation(), setAdmetOf(r))} data-testid="affinity-admet">
            {t('admet')}
          </Button>
        ),
    },
  ];

  return (
    <Modal open width={1200} title={t('resultTitle', { id: task.id })} footer={null} onCancel={onClose}>
      <div data-testid="affinity-result">
        <Space style={{ width: '100%', justifyContent: 'space-between', marginBottom: 8 }} wrap>
          <Typography.Text strong>{axisName}</Typography.Text>
          <Space wrap>
            {rows.length > 0 && <Typography.Text type="secondary">{t('counts', { total: rows.length, ok: rows.length - failed, failed })}</Typography.Text>}
            <TaskOutputButton taskId={task.id} file="result.csv" label={t('downloadCsv')} testId="affinity-download-result.csv" />
            {sign && <TaskOutputButton taskId={task.id} file="poses.sdf" label={t('downloadPoses')} testId="affinity-download-poses.sdf" />}
          </Space>
        </Space>
        <div style={{ height: CHART_HEIGHT }}>
          {option ? (
            <Suspense fallback={null}>
              <LazyEChart option={option} height={CHART_HEIGHT} testId="affinity-histogram" />
            </Suspense>
          ) : (
            !loading && <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('noHistogram')} />
          )}
        </div>
        <Table<AffinityRow>
          size="small"
          rowKey="index"
          loading={loading}
          dataSource={rows}
          columns={columns}
          style={{ marginTop: 12 }}
          pagination={{ current: page, pageSize: ROWS_PER_PAGE, onChange: setPage, showSizeChanger: false }}
          onRow={(r) => ({ onClick: () => !r.error && setPicked(r.id), style: { cursor: sign && !r.error ? 'pointer' : 'default' } })}
          rowClassName={(r) => (sign && r.id === selected ? 'ant-table-row-selected' : '')}
          data-testid="affinity-rows"
        />
        <Row gutter={16} style={{ marginTop: 12 }}>
          {sign && (
            <Col span={14}>
              <SignPoseView taskId={task.id} resultId={selected} />
            </Col>
          )}
          <Col span={sign ? 10 : 24}>{summary && <AffinityProvenance summary={summary} />}</Col>
        </Row>
      </div>
      {admetOf && (
        <Suspense fallback={null}>
          <AdmetDetailDialog smiles={admetOf.smiles} name={admetOf.id} onClose={() => setAdmetOf(null)} />
        </Suspense>
      )}
    </Modal>
  );
}
