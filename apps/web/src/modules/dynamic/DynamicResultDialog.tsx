import { useQuery } from '@tanstack/react-query';
import { Col, Descriptions, Empty, Modal, Row, Space, Table, Tag, Typography } from 'antd';
import type { TaskRow } from '@yunyao/contract';
import { lazy, Suspense, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../api/endpoints.ts';
import { LazyEChart } from '../../components/charts/LazyEChart.tsx';
import { Molecule2D } from '../../components/Molecule2D.tsx';
import { TaskOutputButton } from '../../components/tasks/TaskOutputButton.tsx';
import { useTaskOutputText } from '../../components/tasks/useTaskOutputText.ts';
import {
  COMPONENTS,
  componentsOption,
  deltaGBarOption,
  lastModel,
  ligandEnergies,
  relativeToBest,
  residuesOption,
  rmsdOption,
  type DynamicRow,
  type Estimate,
  type LigandEnergy,
  type ResidueContribution,
} from './dynamic-result.ts';
import './dynamic.i18n.ts';

const Structure3D = lazy(() => import('../../components/Structure3D.tsx'));
const CHART_HEIGHT = 220;
const VIEW_HEIGHT = 320;

const withError = (e: Estimate | undefined | null) => (e ? `${e.value.toFixed(2)}${e.sem !== null ? ` ± ${e.sem.toFixed(2)}` : ''}` : '–');

interface DynamicSummary {
  decomposition?: Record<string, ResidueContribution[]>;
  rmsd?: Record<string, { time_ps: number[]; rmsd: number[] }>;
  salt?: string;
  concentration?: number;
  btimeNs?: number;
  stimeNs?: number;
  seed?: number;
  forceField?: Record<string, string>;
  nsPerDay?: number | null;
}

/**
 * A finished free-energy task: ΔG per ligand as bars with their standard errors and as a ranked
 * table (ΔΔG against the best, which MM/GBSA ranks better than it predicts absolute values), and for
 * the selected ligand its energy components, the residues that contribute most, its RMSD over the
 * trajectory, its last snapshot in 3D and its trajectory subset to download.
 */
export default function DynamicResultDialog({ task, onClose }: { task: TaskRow; onClose: () => void }) {
  const { t } = useTranslation('dynamic');
  const summary = useQuery({ queryKey: ['tasks', 'json', task.id], queryFn: () => api.tasks.json(task.id), staleTime: Infinity });
  const raw = useQuery({ queryKey: ['tasks', 'output', task.id, 'all'], queryFn: () => api.tasks.output<DynamicRow>(task.id) });
  const ligands = useMemo(() => ligandEnergies(raw.data ?? []), [raw.data]);
  const s = summary.data as DynamicSummary | undefined;
  const [picked, setPicked] = useState<string | null>(null);
  const selected = ligands.find((l) => l.id === (picked ?? ligands.find((x) => x.dG)?.id)) ?? null;
  const trajectory = useTaskOutputText(task.id, selected?.dG ? `traj_${selected.id}.pdb` : null);
  const snapshot = useMemo(() => (trajectory.data ? lastModel(trajectory.data) : null), [trajectory.data]);
  const names = useMemo(() => Object.fromEntries(COMPONENTS.map((c) => [c, t(`components.${c}`)])) as Record<(typeof COMPONENTS)[number], string>, [t]);
  const barOption = useMemo(() => (ligands.some((l) => l.dG) ? deltaGBarOption(ligands, { axis: t('dGAxis') }) : null), [ligands, t]);
  const residues = selected ? (s?.decomposition?.[selected.id] ?? []) : [];
  const trace = selected ? s?.rmsd?.[selected.id] : undefined;
  const loading = raw.isLoading || summary.isLoading;

  const columns = [
    { title: '#', dataIndex: 'rank', width: 48, render: (v: number | null) => v ?? '–' },
    { title: t('ligand'), dataIndex: 'name', width: 140, ellipsis: { showTitle: true } },
    { title: t('structure'), dataIndex: 'smiles', width: 120, render: (smiles: string | null) => (smiles ? <Molecule2D smiles={smiles} width={104} height={72} /> : '–') },
    {
      title: t('dG'),
      dataIndex: 'dG',
      width: 170,
      render: (dG: Estimate | null, l: LigandEnergy) =>
        l.error ? (
          <Tag color="error" title={l.error}>
            {t('failed')}
          </Tag>
        ) : (
          <Typography.Text strong>{withError(dG)}</Typography.Text>
        ),
    },
    {
      title: t('ddG'),
      key: 'ddG',
      width: 100,
      render: (_: unknown, l: LigandEnergy) => {
        const d = relativeToBest(ligands, l);
        return d === null ? '–' : d === 0 ? <Tag color="success">{t('best')}</Tag> : `+${d.toFixed(2)}`;
      },
    },
    ...COMPONENTS.map((c) => ({ title: names[c], key: c, width: 120, render: (_: unknown, l: LigandEnergy) => withError(l.components[c]) })),
    { title: t('snapshots'), dataIndex: 'snapshots', width: 80, render: (v: number | null) => v ?? '–' },
  ];

  return (
    <Modal open width={1240} title={t('resultTitle', { id: task.id })} footer={null} onCancel={onClose}>
      <div data-testid="dynamic-result">
        <Space style={{ width: '100%', justifyContent: 'space-between', marginBottom: 8 }} wrap>
          <Typography.Text type="secondary">{t('unitsNote')}</Typography.Text>
          <Space wrap>
            <TaskOutputButton taskId={task.id} file="result.csv" label={t('downloadCsv')} testId="dynamic-download-csv" />
            {selected?.dG && <TaskOutputButton taskId={task.id} file={`traj_${selected.id}.pdb`} label={t('downloadTrajectory', { name: selected.name })} testId="dynamic-download-trajectory" />}
          </Space>
        </Space>
        <div style={{ height: CHART_HEIGHT }}>
          {barOption ? (
            <Suspense fallback={null}>
              <LazyEChart option={barOption} height={CHART_HEIGHT} testId="dynamic-dg-chart" />
            </Suspense>
          ) : (
            !loading && <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('noResult')} />
          )}
        </div>
        <Table<LigandEnergy>
          size="small"
          rowKey="id"
          loading={loading}
          dataSource={ligands}
          columns={columns}
          style={{ marginTop: 12 }}
          scroll={{ x: 1100 }}
          pagination={false}
          locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('noResult')} /> }}
          onRow={(l) => ({ onClick: () => l.dG && setPicked(l.id), style: { cursor: l.dG ? 'pointer' : 'default' } })}
          rowClassName={(l) => (l.id === selected?.id ? 'ant-table-row-selected' : '')}
          data-testid="dynamic-rows"
        />
        {selected?.dG && (
          <>
            <Typography.Title level={5} style={{ marginTop: 16 }}>
              {t('detailTitle', { name: selected.name })}
            </Typography.Title>
            <Row gutter={16}>
              <Col span={8}>
                <Typography.Text type="secondary">{t('componentsTitle')}</Typography.Text>
                <Suspense fallback={<div style={{ height: CHART_HEIGHT }} />}>
                  <LazyEChart option={componentsOption(selected, names)} height={CHART_HEIGHT} testId="dynamic-components-chart" />
                </Suspense>
              </Col>
              <Col span={8}>
                <Typography.Text type="secondary">{t('residuesTitle')}</Typography.Text>
                {residues.length ? (
                  <Suspense fallback={<div style={{ height: CHART_HEIGHT }} />}>
                    <LazyEChart option={residuesOption(residues.slice(0, 10))} height={CHART_HEIGHT} testId="dynamic-residues-chart" />
                  </Suspense>
                ) : (
                  <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('noDecomposition')} style={{ height: CHART_HEIGHT }} />
                )}
              </Col>
              <Col span={8}>
                <Typography.Text type="secondary">{t('rmsdTitle')}</Typography.Text>
                {trace?.time_ps.length ? (
                  <Suspense fallback={<div style={{ height: CHART_HEIGHT }} />}>
                    <LazyEChart option={rmsdOption(trace, { time: t('timeAxis') })} height={CHART_HEIGHT} testId="dynamic-rmsd-chart" />
                  </Suspense>
                ) : (
                  <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('noRmsd')} style={{ height: CHART_HEIGHT }} />
                )}
              </Col>
            </Row>
            <Row gutter={16} style={{ marginTop: 12 }}>
              <Col span={15}>
                <Typography.Text type="secondary">{t('snapshotTitle')}</Typography.Text>
                <Suspense fallback={<div style={{ height: VIEW_HEIGHT }} />}>
                  {snapshot ? <Structure3D pdb={snapshot} height={VIEW_HEIGHT} /> : <div style={{ height: VIEW_HEIGHT }} />}
                </Suspense>
              </Col>
              <Col span={9}>
                {s && (
                  <Descriptions size="small" column={1} title={t('howRun')} bordered>
                    <Descriptions.Item label={t('salt')}>{s.salt ? `${s.salt} ${s.concentration ?? '–'} mol/L` : '–'}</Descriptions.Item>
                    <Descriptions.Item label={t('btime')}>{s.btimeNs !== undefined ? `${s.btimeNs} ns` : '–'}</Descriptions.Item>
                    <Descriptions.Item label={t('stime')}>{s.stimeNs !== undefined ? `${s.stimeNs} ns` : '–'}</Descriptions.Item>
                    <Descriptions.Item label={t('forcefield')}>{s.forceField ? Object.values(s.forceField).join('、') : '–'}</Descriptions.Item>
                    <Descriptions.Item label={t('charges')}>{selected.chargeMethod ?? '–'}</Descriptions.Item>
                    <Descriptions.Item label={t('speed')}>{s.nsPerDay ? `${s.nsPerDay.toFixed(2)} ns/day` : '–'}</Descriptions.Item>
                    <Descriptions.Item label={t('seed')}>{s.seed ?? '–'}</Descriptions.Item>
                  </Descriptions>
                )}
              </Col>
            </Row>
          </>
        )}
      </div>
    </Modal>
  );
}
