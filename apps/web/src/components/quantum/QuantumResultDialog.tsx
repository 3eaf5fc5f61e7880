import { CheckCircleFilled, CloseCircleFilled, DownloadOutlined, FolderOpenOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Collapse, Descriptions, Empty, Modal, Segmented, Space, Spin, Table, Tabs, Tag, Typography } from 'antd';
import type { TaskRow } from '@yunyao/contract';
import { toXyz, type QmJob, type QmMoleculeResult } from '@yunyao/quantum';
import type { EChartsCoreOption } from 'echarts/core';
import { Suspense, useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { saveBlob } from '../../api/client.ts';
import { api } from '../../api/endpoints.ts';
import { LazyEChart } from '../charts/LazyEChart.tsx';
import { Molecule3D } from '../Molecule3D.tsx';
import { TaskFilesPopover } from '../tasks/TaskFilesPopover.tsx';
import { ENGINE_NAMES } from './engine-names.ts';
import { fixed } from './format.ts';
import { ModesPanel } from './ModesPanel.tsx';
import { MoleculeSummary } from './MoleculeSummary.tsx';
import { OrbitalIsosurfaces } from './OrbitalIsosurfaces.tsx';
import { irOption, orbitalOption, uvOption } from './quantum-charts.ts';
import { ThermochemistryPanel } from './ThermochemistryPanel.tsx';
import { IR_FWHM_CM, irRange, irSpectrum, orbitalWindow, UV_SIGMA_EV, uvSpectrum } from './spectra.ts';
import './quantum.i18n.ts';

/** `GET /api/tasks/json/{id}` of a quantum task (keyword mode and ORCA form alike). */
interface QuantumSummary {
  job?: QmJob;
  molecules?: QmMoleculeResult[];
  engines_used?: string[];
}

const CHART_HEIGHT = 360;
const ORBITAL_LEVELS = 10;
const TABLE_HEIGHT = 400;


function Chart({ option, testId }: { option: EChartsCoreOption; testId: string }) {
  return (
    <Suspense fallback={<div style={{ height: CHART_HEIGHT }} />}>
      <LazyEChart option={option} height={CHART_HEIGHT} testId={testId} />
    </Suspense>
  );
}

function Structure({ m }: { m: QmMoleculeResult }) {
  const { t } = useTranslation('quantum');
  const xyz = useMemo(
    () => toXyz({ name: m.name, comment: `${m.name} ${m.level}${m.final_energy !== null ? ` E=${m.final_energy.toFixed(8)} Eh` : ''}`, atoms: m.geometry }),
    [m],
  );
  const fileName = `${m.name}${m.optimized ? '_opt' : ''}.xyz`;
  return (
    <div data-testid="quantum-structure">
      <Space style={{ marginBottom: 8, width: '100%', justifyContent: 'space-between' }}>
        <Typography.Text type="secondary">
          {t('atoms', { count: m.geometry.length })} · {m.optimized ? t('optimizedYes') : t('optimizedNo')}
        </Typography.Text>
        <Button icon={<DownloadOutlined />} onClick={() => saveBlob(new Blob([xyz], { type: 'chemical/x-xyz' }), fileName)} data-testid="quantum-xyz-download">
          {t('downloadXyz')}
        </Button>
      </Space>
      <Molecule3D data={xyz} format="xyz" height={420} />
    </div>
  );
}

function Infrared({ m, job }: { m: QmMoleculeResult; job: QmJob | undefined }) {
  const { t } = useTranslation('quantum');
  const ir = useMemo(() => irSpectrum(m.frequencies ?? [], job?.properties.ir ?? irRange(m.frequencies ?? [])), [m, job]);
  const option = useMemo(
    () =>
      irOption(ir, {
        x: t('wavenumber'),
        y: ir.intensitiesMissing ? t('relative') : t('irIntensity'),
        curve: t('tabs.ir'),
        sticks: ir.intensitiesMissing ? t('relative') : t('irIntensity'),
      }),
    [ir, t],
  );
  return (
    <Space orientation="vertical" size={8} style={{ width: '100%' }}>
      {ir.intensitiesMissing ? (
        <Alert type="info" showIcon title={t('irNoIntensity', { engine: ENGINE_NAMES[m.engine] })} />
      ) : (
        <Typography.Text type="secondary">{t('irNote', { fwhm: IR_FWHM_CM })}</Typography.Text>
      )}
      {ir.imaginary.length > 0 && <Alert type="warning" showIcon title={t('irImaginary', { list: ir.imaginary.map((f) => f.toFixed(1)).join(', ') })} />}
      {ir.sticks.length === 0 && <Alert type="info" title={t('irEmpty')} />}
      <Chart option={option} testId="quantum-ir-chart" />
    </Space>
  );
}

function UvVis({ m }: { m: QmMoleculeResult }) {
  const { t } = useTranslation('quantum');
  const uv = useMemo(() => uvSpectrum(m.excitations ?? []), [m]);
  const option = useMemo(() => uvOption(uv, { x: t('wavelength'), y: t('oscillator'), curve: t('tabs.uv'), sticks: t('oscillator') }), [uv, t]);
  return (
    <Space orientation="vertical" size={8} style={{ width: '100%' }}>
      <Typography.Text type="secondary">{t('uvNote', { sigma: UV_SIGMA_EV })}</Typography.Text>
      <Chart option={option} testId="quantum-uvvis-chart" />
    </Space>
  );
}

function Orbitals({ m }: { m: QmMoleculeResult }) {
  const { t } = useTranslation('quantum');
  const energies = m.orbitals?.energies ?? [];
  const window = useMemo(() => orbitalWindow(energies, ORBITAL_LEVELS), [energies]);
  const option = useMemo(() => orbitalOption(window, { energy: t('orbitalEnergy'), occupied: t('occupied'), virtual: t('virtual') }), [window, t]);
  return (
    <Space orientation="vertical" size={8} style={{ width: '100%' }}>
      <Typography.Text type="secondary">{t('orbitalsNote', { count: window.levels.length, total: energies.length })}</Typography.Text>
      <Chart option={option} testId="quantum-orbitals-chart" />
    </Space>
  );
}

function Nmr({ m }: { m: QmMoleculeResult }) {
  const { t } = useTranslation('quantum');
  return (
    <div data-testid="quantum-nmr" style={{ maxWidth: 720 }}>
      <Table
        size="small"
        rowKey="index"
        dataSource={m.nmr ?? []}
        pagination={false}
        scroll={{ y: TABLE_HEIGHT }}
        columns={[
          { title: t('nmrIndex'), dataIndex: 'index', width: 80 },
          { title: t('element'), dataIndex: 'element', width: 100 },
          { title: t('isotropic'), dataIndex: 'isotropic', align: 'right', render: (v: number) => v.toFixed(3) },
          { title: t('anisotropy'), dataIndex: 'anisotropy', align: 'right', render: (v: number | null) => fixed(v, 3) },
        ]}
      />
    </div>
  );
}

function Charges({ m }: { m: QmMoleculeResult }) {
  const { t } = useTranslation('quantum');
  return (
    <div data-testid="quantum-mulliken" style={{ maxWidth: 520 }}>
      <Table
        size="small"
        rowKey="index"
        dataSource={m.mulliken ?? []}
        pagination={false}
        scroll={{ y: TABLE_HEIGHT }}
        columns={[
          { title: t('nmrIndex'), dataIndex: 'index', width: 80 },
          { title: t('element'), dataIndex: 'element', width: 100 },
          {
            title: t('mullikenCharge'),
            dataIndex: 'charge',
            align: 'right',
            render: (v: number) => <span style={{ color: v < 0 ? '#cf1322' : v > 0 ? '#1677ff' : undefined }}>{v.toFixed(4)}</span>,
          },
        ]}
      />
    </div>
  );
}

function MoleculeView({ m, job, taskId }: { m: QmMoleculeResult; job: QmJob | undefined; taskId: number }) {
  const { t } = useTranslation('quantum');
  const [tab, setTab] = useState('summary');
  const realModes = (m.frequencies ?? []).some((f) => f.frequency > 0);
  const tabs: { key: string; label: string; children: ReactNode; show: boolean }[] = [
    { key: 'summary', label: t('tabs.summary'), show: true, children: <MoleculeSummary m={m} job={job} /> },
    { key: 'structure', label: t('tabs.structure'), show: m.geometry.length > 0, children: <Structure m={m} /> },
    { key: 'thermo', label: t('tabs.thermo'), show: Boolean(m.thermochemistry), children: m.thermochemistry && <ThermochemistryPanel m={m} thermo={m.thermochemistry} /> },
    { key: 'modes', label: t('tabs.modes'), show: (m.frequencies?.length ?? 0) > 0, children: <ModesPanel m={m} /> },
    { key: 'ir', label: t('tabs.ir'), show: realModes, children: <Infrared m={m} job={job} /> },
    { key: 'uv', label: t('tabs.uv'), show: (m.excitations?.length ?? 0) > 0, children: <UvVis m={m} /> },
    { key: 'nmr', label: t('tabs.nmr'), show: (m.nmr?.length ?? 0) > 0, children: <Nmr m={m} /> },
    { key: 'orbitals', label: t('tabs.orbitals'), show: (m.orbitals?.energies.length ?? 0) > 0, children: <Orbitals m={m} /> },
    { key: 'isosurface', label: t('tabs.isosurface'), show: m.status === 'ok' && m.orbitals !== null, children: <OrbitalIsosurfaces m={m} taskId={taskId} /> },
    { key: 'charges', label: t('tabs.charges'), show: (m.mulliken?.length ?? 0) > 0, children: <Charges m={m} /> },
  ];
  const shown = tabs.filter((x) => x.show);
  const active = shown.some((x) => x.key === tab) ? tab : 'summary';
  return (
    <>
      {m.status === 'failed' && <Alert type="error" showIcon title={t('moleculeFailed')} description={m.error} style={{ marginBottom: 12 }} data-testid="quantum-error" />}
      <Tabs
        activeKey={active}
        onChange={setTab}
        items={shown.map(({ key, label, children }) => ({ key, label: <span data-testid={`quantum-tab-${key}`}>{label}</span>, children }))}
      />
    </>
  );
}

/** The molecule's own name (XYZ comment line) with its file name, or the file name alone. */
function MoleculeHeading({ m }: { m: QmMoleculeResult }) {
  return (
    <Space size={8} data-testid="quantum-molecule-name">
      <Typography.Text strong>{m.title ?? m.name}</Typography.Text>
      {m.title && <Typography.Text type="secondary">{`${m.name}.xyz`}</Typography.Text>}
    </Space>
  );
}

/**
 * A finished quantum task (keyword mode or the ORCA form): per molecule its energies and
 * properties, optimised structure, IR / UV-Vis spectra, NMR shieldings, orbital levels and charges.
 */
export default function QuantumResultDialog({ task, onClose }: { task: TaskRow; onClose: () => void }) {
  const { t } = useTranslation('quantum');
  const result = useQuery({ queryKey: ['tasks', 'json', task.id], queryFn: () => api.tasks.json(task.id) as Promise<QuantumSummary | null>, staleTime: Infinity });
  const molecules = result.data?.molecules ?? [];
  const [picked, setPicked] = useState<string | null>(null);
  const molecule = molecules.find((m) => m.name === picked) ?? molecules.find((m) => m.status === 'ok') ?? molecules[0];

  let body: ReactNode;
  if (result.isLoading) body = <Spin tip={t('loading')}><div style={{ height: 240 }} /></Spin>;
  else if (!molecule) body = <Empty description={task.result || t('noResult')} />;
  else body = <MoleculeView key={molecule.name} m={molecule} job={result.data?.job} taskId={task.id} />;

  return (
    <Modal open width={1100} title={t('resultTitle', { id: task.id })} footer={null} onCancel={onClose}>
      <div data-testid="quantum-result">
        <div style={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center', gap: 12, marginBottom: 8, flexWrap: 'wrap' }}>
          {molecules.length > 1 ? (
            <Segmented
              value={molecule?.name}
              onChange={(v) => setPicked(String(v))}
              data-testid="quantum-molecule-switch"
              options={molecules.map((m) => ({
                value: m.name,
                label: (
                  <Space size={6} title={m.error}>
                    {m.status === 'ok' ? <CheckCircleFilled style={{ color: '#52c41a' }} /> : <CloseCircleFilled style={{ color: '#ff4d4f' }} />}
                    {m.title ?? m.name}
                  </Space>
                ),
              }))}
            />
          ) : (
            molecule && <MoleculeHeading m={molecule} />
          )}
          <TaskFilesPopover taskId={task.id}>
            <Button size="small" icon={<FolderOpenOutlined />} data-testid="quantum-result-files">
              {t('files')}
            </Button>
          </TaskFilesPopover>
        </div>
        {body}
      </div>
    </Modal>
  );
}
