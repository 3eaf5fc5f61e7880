import { FolderOpenOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Col, Modal, Row, Table, Tag, Tooltip, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import type { TaskRow } from '@yunyao/contract';
import { Suspense, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../api/endpoints.ts';
import { AdmetDetailDialog } from '../../modules/admet/AdmetDetailDialog.tsx';
import { PoseViewer } from '../../modules/autodock/PoseViewer.tsx';
import { LazyEChart } from '../charts/LazyEChart.tsx';
import { Molecule2D } from '../Molecule2D.tsx';
import { TaskFilesPopover } from '../tasks/TaskFilesPopover.tsx';
import { formatMolar, histogramOption, type AffinityHistogram, type DtaRow, type SignRow } from './affinity-rows.ts';
import { AffinityProvenance } from './AffinityProvenance.tsx';
import './affinity.i18n.ts';

const ROWS_PER_PAGE = 8;
const CHART_HEIGHT = 200;
const fixed = (digits: number) => (v: number | null) => (v === null ? '–' : v.toFixed(digits));

type AffinityRow = SignRow | DtaRow;

/**
 * The output dialog of both affinity modules (spec document 1 section 9): index, ID, structure,
 * Kd, affinity or score, a view action that opens the molecule's ADMET, the histogram of the
 * predicted affinity; for 3D affinity also the scored pose in its pocket.
 */
export default function AffinityResultDialog({ task, onClose }: { task: TaskRow; onClose: () => void }) {
  const { t } = useTranslation('affinity');
  const structural = task.module === 'sign';
  const [page, setPage] = useState(1);
  const [picked, setPicked] = useState<string | null>(null);
  const [admetOf, setAdmetOf] = useState<AffinityRow | null>(null);
  const rows = useQuery({ queryKey: ['tasks', 'output', task.id, 'all'], queryFn: () => api.tasks.output<AffinityRow>(task.id) });
  const summary = useQuery({ queryKey: ['tasks', 'json', task.id], queryFn: () => api.tasks.json(task.id), staleTime: Infinity });
  const histogram = summary.data?.histogram as AffinityHistogram | undefined;
  const modelName = (summary.data?.model as { name?: string } | undefined)?.name;
  const affinityTitle = structural ? t('pk') : modelName === 'kiba' ? t('kibaScore') : t('pkd');
  const option = useMemo(() => (histogram?.count.length ? histogramOption(histogram, affinityTitle) : null), [histogram, affinityTitle]);
  // The best-scored molecule is shown until the user picks another.
  const selected = picked ?? (rows.data ?? []).filter((r): r is SignRow => 'pk' in r && r.pk !== null).sort((a, b) => b.pk! - a.pk!)[0]?.id ?? null;

  const failedTag = (r: AffinityRow) => (
    <Tooltip title={r.error}>
      <Tag color="error">{t('failed')}</Tag>
    </Tooltip>
  );
  const columns: ColumnsType<AffinityRow> = [
    { title: '#', dataIndex: 'index', width: 44 },
    { title: 'ID', dataIndex: 'id', ellipsis: true },
    {
      title: t('structure'),
      dataIndex: 'smiles',
      key: 'structure',
      width: 130,
      render: (s: string) => (s ? <span title={s}><Molecule2D smiles={s} width={110} height={76} /></span> : '–'),
    },
    ...(structural
      ? ([
          { title: t('pk'), key: 'pk', width: 90, render: (_: unknown, r: AffinityRow) => (r.error ? failedTag(r) : fixed(2)((r as SignRow).pk)) },
          { title: t('kdM'), key: 'kd', width: 100, render: (_: unknown, r: AffinityRow) => formatMolar((r as SignRow).kd_m) },
          { title: t('vina'), key: 'vina', width: 90, render: (_: unknown, r: AffinityRow) => fixed(2)((r as SignRow).vina_score) },
          {
            title: t('domain'),
            key: 'domain',
            width: 70,
            render: (_: unknown, r: AffinityRow) => {
              const inDomain = (r as SignRow).in_domain;
              if (inDomain === null) return '–';
              return inDomain ? <Tag color="green">{t('inDomain')}</Tag> : <Tooltip title={t('outDomainTip')}><Tag color="orange">{t('outDomain')}</Tag></Tooltip>;
            },
          },
        ] satisfies ColumnsType<AffinityRow>)
      : ([
          { title: affinityTitle, key: 'affinity', width: 100, render: (_: unknown, r: AffinityRow) => (r.error ? failedTag(r) : fixed(2)((r as DtaRow).affinity)) },
          ...(modelName === 'kiba' ? [] : [{ title: t('kd'), key: 'kd', width: 100, render: (_: unknown, r: AffinityRow) => ((r as DtaRow).kd_nm === null ? '–' : (r as DtaRow).kd_nm!.toPrecision(3)) }]),
        ] satisfies ColumnsType<AffinityRow>)),
    {
      title: t('view'),
      key: 'view',
      width: 90,
      render: (_: unknown, r: AffinityRow) =>
        r.smiles && !r.error ? (
          <Button size="small" type="link" onClick={(e) => { e.stopPropagation(); setAdmetOf(r); }} data-testid="affinity-view-admet">
            {t('viewAdmet')}
          </Button>
        ) : null,
    },
  ];

  return (
    <Modal open width={structural ? 1280 : 960} title={t('resultTitle', { id: task.id })} footer={null} onCancel={onClose}>
      <div data-testid="affinity-result">
        <div style={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center', marginBottom: 8 }}>
          <Typography.Text strong>{t('histogram')}</Typography.Text>
          <TaskFilesPopover taskId={task.id}>
            <Button size="small" icon={<FolderOpenOutlined />} data-testid="affinity-result-files">
              {t('files')}
            </Button>
          </TaskFilesPopover>
        </div>
        <AffinityProvenance summary={summary.data ?? undefined} />
        {option ? (
          <Suspense fallback={<div style={{ height: CHART_HEIGHT }} />}>
            <LazyEChart option={option} height={CHART_HEIGHT} testId="affinity-histogram" />
          </Suspense>
        ) : (
          summary.isError && <Alert type="warning" showIcon title={summary.error.message} />
        )}
        <Row gutter={16} style={{ marginTop: 12 }}>
          <Col span={structural ? 13 : 24}>
            <Table<AffinityRow>
              size="small"
              rowKey="index"
              loading={rows.isLoading}
              dataSource={rows.data ?? []}
              pagination={{ current: page, pageSize: ROWS_PER_PAGE, onChange: setPage, showSizeChanger: false }}
              onRow={(r) => ({ onClick: () => structural && !r.error && setPicked(r.id), style: { cursor: structural && !r.error ? 'pointer' : 'default' } })}
              rowClassName={(r) => (structural && r.id === selected ? 'ant-table-row-selected' : '')}
              columns={columns}
              data-testid="affinity-table"
            />
          </Col>
          {structural && (
            <Col span={11}>
              <PoseViewer taskId={task.id} resultId={selected} />
            </Col>
          )}
        </Row>
      </div>
      {admetOf && <AdmetDetailDialog smiles={admetOf.smiles} name={admetOf.id} onClose={() => setAdmetOf(null)} />}
    </Modal>
  );
}
