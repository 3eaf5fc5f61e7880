import { useQuery } from '@tanstack/react-query';
import { Col, Descriptions, Empty, Modal, Row, Segmented, Space, Table, Tag, Tooltip, Typography } from 'antd';
import type { TaskRow } from '@yunyao/contract';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../api/endpoints.ts';
import { TaskOutputButton } from '../../components/tasks/TaskOutputButton.tsx';
import { useTaskOutputText } from '../../components/tasks/useTaskOutputText.ts';
import { foldOf, relativeEnergy, SECONDARY_COLORS, secondaryClass, type PeptideRow } from './peptide-result.ts';
import './pepsearch.i18n.ts';

const Structure3D = lazy(() => import('../../components/Structure3D.tsx'));
const VIEW_HEIGHT = 420;
const FOLD_COLORS = { helix: 'red', hairpin: 'gold', mixed: 'purple', compact: 'blue', extended: 'default' } as const;
/** Model k's colour in the overlay (rank order; models.pdb holds them superposed on model 1). */
const OVERLAY_COLORS = ['#1677ff', '#fa541c', '#52c41a', '#722ed1', '#faad14', '#13c2c2', '#eb2f96', '#a0d911', '#2f54eb', '#8c8c8c'] as const;
type View = 'selected' | 'overlay';

interface PeptideSummary {
  sequence?: string;
  seed?: number;
  force_field?: string;
  solvent?: string;
  sampling?: Record<string, unknown>;
  /** Fragment assembly's decoys; a result of the earlier annealing method counts its snapshots instead. */
  decoys?: number;
  snapshots?: number;
  clusters?: number;
  wall_seconds?: number;
}

const fixed = (digits: number) => (v: number | null | undefined) => (v === null || v === undefined ? '–' : v.toFixed(digits));
const percent = (v: number | null | undefined) => (v === null || v === undefined ? '–' : `${v.toFixed(1)} %`);

/** The sequence with each residue coloured by its secondary structure (DSSP), one letter per residue. */
function SecondaryStrip({ sequence, ss }: { sequence: string; ss: string }) {
  const { t } = useTranslation('pepsearch');
  return (
    <span style={{ fontFamily: 'monospace', letterSpacing: 1 }} data-testid="pepsearch-ss">
      {[...sequence].map((residue, i) => {
        const letter = ss[i] ?? '-';
        const kind = secondaryClass(letter);
        return (
          <Tooltip key={i} title={`${residue}${i + 1} · ${t(`secondary.${kind}`)} (${letter})`}>
            <span style={{ background: SECONDARY_COLORS[kind], color: kind === 'coil' ? '#000' : '#fff', padding: '0 1px' }}>{residue}</span>
          </Tooltip>
        );
      })}
    </span>
  );
}

/**
 * A finished peptide prediction: the models ranked by cluster population and energy, each with its
 * fold in one word, its secondary structure residue by residue, compactness and energy; the selected
 * model in 3D; how the sampling ran; and the downloads.
 */
export default function PepsearchResultDialog({ task, onClose }: { task: TaskRow; onClose: () => void }) {
  const { t } = useTranslation('pepsearch');
  const summary = useQuery({ queryKey: ['tasks', 'json', task.id], queryFn: () => api.tasks.json(task.id), staleTime: Infinity });
  const rows = useQuery({ queryKey: ['tasks', 'output', task.id, 'all'], queryFn: () => api.tasks.output<PeptideRow>(task.id) });
  const s = summary.data as PeptideSummary | undefined;
  const sequence = s?.sequence ?? '';
  const models = rows.data ?? [];
  const [picked, setPicked] = useState<string | null>(null);
  const selected = picked ?? models[0]?.model_file ?? null;
  const [view, setView] = useState<View>('selected');
  const pdb = useTaskOutputText(task.id, view === 'overlay' ? 'models.pdb' : selected);

  const columns = [
    { title: t('rank'), dataIndex: 'rank', width: 56 },
    {
      title: t('fold'),
      key: 'fold',
      width: 100,
      render: (_: unknown, r: PeptideRow) => {
        const fold = foldOf(r, sequence.length);
        return <Tag color={FOLD_COLORS[fold]}>{t(`folds.${fold}`)}</Tag>;
      },
    },
    { title: t('secondary.title'), dataIndex: 'ss', render: (ss: string | null) => (ss && sequence ? <SecondaryStrip sequence={sequence} ss={ss} /> : '–') },
    // results written before the confidence column fall back to the population (the same share today)
    { title: t('population'), key: 'confidence', width: 110, render: (_: unknown, r: PeptideRow) => percent(r.confidence_percent ?? r.population_percent) },
    { title: t('energy'), key: 'relative_energy', width: 130, render: (_: unknown, r: PeptideRow) => fixed(1)(relativeEnergy(r, models)) },
    { title: t('rg'), dataIndex: 'radius_of_gyration_a', width: 80, render: fixed(1) },
    { title: t('rmsdToTop'), dataIndex: 'ca_rmsd_to_model1_a', width: 110, render: fixed(2) },
  ];

  return (
    <Modal open width={1180} title={t('resultTitle', { id: task.id })} footer={null} onCancel={onClose}>
      <div data-testid="pepsearch-result">
        <Space style={{ width: '100%', justifyContent: 'space-between', marginBottom: 8 }} wrap>
          <Typography.Text type="secondary">{sequence ? t('sequenceLine', { sequence, count: sequence.length }) : null}</Typography.Text>
          <Space wrap>
            <TaskOutputButton taskId={task.id} file="models.pdb" label={t('downloadModels')} testId="pepsearch-download-models" />
            <TaskOutputButton taskId={task.id} file="result.csv" label={t('downloadCsv')} testId="pepsearch-download-csv" />
          </Space>
        </Space>
        <Table<PeptideRow>
          size="small"
          rowKey="model_file"
          loading={rows.isLoading}
          dataSource={models}
          columns={columns}
          pagination={false}
          locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('noModels')} /> }}
          onRow={(r) => ({ onClick: () => setPicked(r.model_file), style: { cursor: 'pointer' } })}
          rowClassName={(r) => (r.model_file === selected ? 'ant-table-row-selected' : '')}
          data-testid="pepsearch-models"
        />
        <Row gutter={16} style={{ marginTop: 12 }}>
          <Col span={15}>
            <Space style={{ width: '100%', justifyContent: 'space-between', marginBottom: 4 }} wrap>
              <Segmented<View>
                size="small"
                value={view}
                onChange={setView}
                options={[
                  { value: 'selected', label: t('viewSelected') },
                  { value: 'overlay', label: t('viewOverlay', { count: models.length }) },
                ]}
                data-testid="pepsearch-view"
              />
              {view === 'overlay' ? (
                <Space size={4} wrap data-testid="pepsearch-overlay-legend">
                  {models.map((m, k) => (
                    <Tag key={m.model_file} color={OVERLAY_COLORS[k % OVERLAY_COLORS.length]} style={{ marginInlineEnd: 0 }}>
                      {t('rankTag', { rank: m.rank })}
                    </Tag>
                  ))}
                </Space>
              ) : (
                <Typography.Text type="secondary">{selected ? t('modelView', { model: selected }) : null}</Typography.Text>
              )}
            </Space>
            <Suspense fallback={<div style={{ height: VIEW_HEIGHT }} />}>
              {pdb.data ? (
                <Structure3D pdb={pdb.data} sticks height={VIEW_HEIGHT} overlay={view === 'overlay' ? OVERLAY_COLORS : undefined} />
              ) : (
                <div style={{ height: VIEW_HEIGHT }} />
              )}
            </Suspense>
          </Col>
          <Col span={9}>
            {s && (
              <Descriptions size="small" column={1} title={t('howRun')} bordered>
                <Descriptions.Item label={t('forcefield')}>{[s.force_field, s.solvent].filter(Boolean).join(' + ') || '–'}</Descriptions.Item>
                {s.snapshots === undefined ? (
                  <Descriptions.Item label={t('decoys')}>{s.decoys ?? '–'}</Descriptions.Item>
                ) : (
                  <Descriptions.Item label={t('snapshots')}>{s.snapshots}</Descriptions.Item>
                )}
                <Descriptions.Item label={t('clusters')}>{s.clusters ?? '–'}</Descriptions.Item>
                <Descriptions.Item label={t('wall')}>{s.wall_seconds ? `${(s.wall_seconds / 60).toFixed(1)} min` : '–'}</Descriptions.Item>
                <Descriptions.Item label={t('seed')}>{s.seed ?? '–'}</Descriptions.Item>
              </Descriptions>
            )}
          </Col>
        </Row>
      </div>
    </Modal>
  );
}
