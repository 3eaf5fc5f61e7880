import { useQuery } from '@tanstack/react-query';
import { Col, Descriptions, Empty, Modal, Progress, Row, Space, Table, Tag, Typography } from 'antd';
import type { TaskRow } from '@yunyao/contract';
import { lazy, Suspense, useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../api/endpoints.ts';
import { LazyEChart } from '../../components/charts/LazyEChart.tsx';
import { scoreHistogramOption, type ScoreHistogram } from '../../components/charts/score-histogram.ts';
import { Molecule2D } from '../../components/Molecule2D.tsx';
import { TaskOutputButton } from '../../components/tasks/TaskOutputButton.tsx';
import { FAMILY_COLORS } from './pharmacophore-style.ts';
import { pharmerHits, queryOf, rescored, scoreBand, type PharmerHit, type PharmerRow } from './pharmer-result.ts';
import './pharmer.i18n.ts';

const PharmerHitView = lazy(() => import('./PharmerHitView.tsx').then((m) => ({ default: m.PharmerHitView })));

const ROWS_PER_PAGE = 8;
const CHART_HEIGHT = 180;
const BAND_COLORS = { strong: 'success', fair: 'processing', weak: 'default' } as const;
const fixed = (digits: number) => (v: number | null) => (v === null ? '–' : v.toFixed(digits));
/** A column of tags for scored rows; an error row's cell stays empty. */
const tagsOfScored = (tags: (h: PharmerHit) => ReactNode) => (_: unknown, h: PharmerHit) =>
  h.error ? null : (
    <Space size={2} wrap>
      {tags(h)}
    </Space>
  );

/**
 * A finished pharmacophore screen (spec document 1, section 9: index, ID, SMILES, structure and the
 * pharmacophore score): every kept molecule ranked as the step ranked it (when it rescored, its best molecules first by the Vina
 * energy of their aligned poses optimised in the receptor, the rest by score), with that energy, its score and score band, whether it
 * meets the query, feature RMSD, shape overlap and which features it reproduces, the score histogram, the selected hit aligned over the query in 3D, how
 * the screen was run, and the downloads.
 */
export default function PharmerResultDialog({ task, onClose }: { task: TaskRow; onClose: () => void }) {
  const { t } = useTranslation('pharmer');
  const summary = useQuery({ queryKey: ['tasks', 'json', task.id], queryFn: () => api.tasks.json(task.id), staleTime: Infinity });
  const raw = useQuery({ queryKey: ['tasks', 'output', task.id, 'all'], queryFn: () => api.tasks.output<PharmerRow>(task.id) });
  const hits = useMemo(() => pharmerHits(raw.data ?? []), [raw.data]);
  const query = queryOf(summary.data ?? null);
  const families = useMemo(() => new Map(query?.features.map((f) => [f.id, f.family]) ?? []), [query]);
  const histogram = summary.data?.statis as ScoreHistogram | undefined;
  const option = useMemo(() => (histogram?.interval.length ? scoreHistogramOption(histogram, t('scoreAxis')) : null), [histogram, t]);
  const [page, setPage] = useState(1);
  const [picked, setPicked] = useState<string | null>(null);
  const selected = picked ?? hits.find((h) => !h.error)?.id ?? null;
  const loading = raw.isLoading || summary.isLoading;
  const s = summary.data as
    | {
        molecules?: number;
        hits?: number;
        failed?: number;
        rescored?: number;
        conformers?: number;
        seed?: number;
        cache?: { hits?: number; misses?: number };
        params?: { rescore?: { poses?: number; molecules?: number } | null };
      }
    | undefined;
  const withVina = rescored(hits);
  const vinaColumn = { title: t('vina'), dataIndex: 'vina', width: 120, render: fixed(2) };

  const columns = [
    { title: '#', dataIndex: 'rank', width: 48, render: (v: number | null) => v ?? '–' },
    { title: 'ID', dataIndex: 'id', width: 160, ellipsis: { showTitle: true } },
    { title: 'SMILES', dataIndex: 'smiles', ellipsis: { showTitle: true } },
    { title: t('structure'), dataIndex: 'smiles', key: 'structure', width: 120, render: (smiles: string) => <Molecule2D smiles={smiles} width={104} height={72} /> },
    ...(withVina ? [vinaColumn] : []),
    {
      title: t('score'),
      dataIndex: 'score',
      width: 150,
      render: (v: number | null, h: PharmerHit) =>
        h.error ? (
          <Tag color="error" title={h.error}>{t('failed')}</Tag>
        ) : v === null ? (
          '–'
        ) : (
          <Space size={4}>
            <Progress type="circle" percent={Math.round(v * 100)} size={28} format={() => ''} />
            <span>{v.toFixed(2)}</span>
            <Tag color={BAND_COLORS[scoreBand(v)]}>{t(`bands.${scoreBand(v)}`)}</Tag>
          </Space>
        ),
    },
    {
      title: t('verdict'),
      key: 'verdict',
      width: 110,
      render: tagsOfScored((h) => (
        <>
          <Tag color={h.pass ? 'success' : 'default'}>{t(h.pass ? 'passes' : 'partial')}</Tag>
          {h.clash && <Tag color="warning">{t('clash')}</Tag>}
        </>
      )),
    },
    { title: t('rmsd'), dataIndex: 'rmsd', width: 90, render: fixed(2) },
    { title: t('shape'), dataIndex: 'shape', width: 90, render: fixed(2) },
    {
      title: t('matched'),
      key: 'matched',
      width: 200,
      render: tagsOfScored((h) => (
        <>
          <Typography.Text>{`${h.matched ?? '–'}/${h.total ?? '–'}`}</Typography.Text>
          {h.features.map((id) => {
            const family = families.get(id);
            return (
              <Tag key={id} style={{ marginInlineEnd: 0, borderColor: family ? FAMILY_COLORS[family] : undefined }} title={family ? t(`families.${family}`) : undefined}>
                {id}
              </Tag>
            );
          })}
        </>
      )),
    },
  ];

  return (
    <Modal open width={1200} title={t('resultTitle', { id: task.id })} footer={null} onCancel={onClose}>
      <div data-testid="pharmer-result">
        <Space style={{ width: '100%', justifyContent: 'space-between', marginBottom: 8 }} wrap>
          <Typography.Text type="secondary">{s ? t('counts', { molecules: s.molecules ?? 0, hits: s.hits ?? 0, failed: s.failed ?? 0 }) : null}</Typography.Text>
          <Space wrap>
            <TaskOutputButton taskId={task.id} file="result.csv" label={t('downloadCsv')} testId="pharmer-download-csv" />
            <TaskOutputButton taskId={task.id} file="hits.sdf" label={t('downloadHits')} testId="pharmer-download-hits" />
            <TaskOutputButton taskId={task.id} file="query.json" label={t('downloadQuery')} testId="pharmer-download-query" />
          </Space>
        </Space>
        <div style={{ height: CHART_HEIGHT }}>
          {option ? (
            <Suspense fallback={null}>
              <LazyEChart option={option} height={CHART_HEIGHT} testId="pharmer-histogram" />
            </Suspense>
          ) : (
            !loading && <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('noHits')} />
          )}
        </div>
        <Table<PharmerHit>
          size="small"
          rowKey="id"
          loading={loading}
          dataSource={hits}
          columns={columns}
          style={{ marginTop: 12 }}
          locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('noHits')} /> }}
          pagination={{ current: page, pageSize: ROWS_PER_PAGE, onChange: setPage, showSizeChanger: false }}
          onRow={(h) => ({ onClick: () => !h.error && setPicked(h.id), style: { cursor: h.error ? 'default' : 'pointer' } })}
          rowClassName={(h) => (h.id === selected ? 'ant-table-row-selected' : '')}
          data-testid="pharmer-rows"
        />
        <Row gutter={16} style={{ marginTop: 12 }}>
          <Col span={15}>
            <Suspense fallback={null}>
              <PharmerHitView taskId={task.id} hitId={selected} query={query} />
            </Suspense>
          </Col>
          <Col span={9}>
            {s && (
              <Descriptions size="small" column={1} title={t('howRun')} bordered>
                <Descriptions.Item label={t('queryFeatures')}>
                  {query ? query.features.filter((f) => f.enabled).map((f) => `${f.id} ${t(`families.${f.family}`)}`).join('、') : '–'}
                </Descriptions.Item>
                <Descriptions.Item label={t('conformers')}>{s.conformers ?? '–'}</Descriptions.Item>
                {withVina && <Descriptions.Item label={t('rescoring')}>{t('rescoringText', { count: s.params?.rescore?.molecules ?? s.rescored ?? 0, poses: s.params?.rescore?.poses ?? '–' })}</Descriptions.Item>}
                <Descriptions.Item label={t('cache')}>{t('cacheText', { hits: s.cache?.hits ?? 0, misses: s.cache?.misses ?? 0 })}</Descriptions.Item>
                <Descriptions.Item label={t('seed')}>{s.seed ?? '–'}</Descriptions.Item>
              </Descriptions>
            )}
          </Col>
        </Row>
      </div>
    </Modal>
  );
}
