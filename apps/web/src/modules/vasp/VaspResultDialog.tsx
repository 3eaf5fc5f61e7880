import { useQuery } from '@tanstack/react-query';
import { Descriptions, Divider, Empty, Modal, Skeleton, Space, Table, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { api } from '../../api/endpoints.ts';
import type { ResultViewProps } from '../../app/web-module.ts';
import { TaskOutputButton } from '../../components/tasks/TaskOutputButton.tsx';
import './vasp.i18n.ts';

/** The result summary of a VASP task (packages/modules/vasp/vasp.module.ts `parseResult`). */
interface VaspSummary {
  vasp_version?: string | null;
  free_energy?: number;
  energy_sigma0?: number | null;
  energy_without_entropy?: number | null;
  electronic_converged?: boolean | null;
  ionic_converged?: boolean | null;
  max_force?: number | null;
  ionic_steps?: number;
  steps?: { step: number; free_energy: number; e0: number | null; de: number | null; mag: number | null }[];
}

const FILES = ['OUTCAR', 'OSZICAR', 'vasprun.xml', 'CONTCAR'];
const ev = (value: number | null | undefined, digits = 6) => (value === null || value === undefined ? '–' : `${value.toFixed(digits)} eV`);

/** A finished VASP task: final energies, both convergences, the largest force, the ionic steps and the files. */
export default function VaspResultDialog({ task, onClose }: ResultViewProps) {
  const { t } = useTranslation('vasp');
  const summary = useQuery({ queryKey: ['tasks', 'json', task.id], queryFn: () => api.tasks.json(task.id), staleTime: Infinity });
  const s = (summary.data ?? null) as VaspSummary | null;
  const converged = (value: boolean | null | undefined, notApplicable = false) =>
    value === null || value === undefined ? <Tag>{notApplicable ? t('notApplicable') : t('unknown')}</Tag> : <Tag color={value ? 'green' : 'red'}>{value ? t('yes') : t('no')}</Tag>;

  return (
    <Modal open width={960} title={t('resultTitle', { id: task.id })} footer={null} onCancel={onClose}>
      <div data-testid="vasp-result">
        <Space wrap style={{ marginBottom: 12 }}>
          {FILES.map((file) => (
            <TaskOutputButton key={file} taskId={task.id} file={file} label={t('download', { file })} testId={`vasp-download-${file}`} />
          ))}
        </Space>
        {summary.isLoading ? (
          <Skeleton active paragraph={{ rows: 6 }} />
        ) : !s ? (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('noResult')} />
        ) : (
          <>
            <Descriptions size="small" column={2} bordered title={t('energies')} data-testid="vasp-energies">
              <Descriptions.Item label={t('freeEnergy')}>{ev(s.free_energy)}</Descriptions.Item>
              <Descriptions.Item label={t('sigma0')}>{ev(s.energy_sigma0)}</Descriptions.Item>
              <Descriptions.Item label={t('withoutEntropy')}>{ev(s.energy_without_entropy)}</Descriptions.Item>
              <Descriptions.Item label={t('maxForce')}>{s.max_force === null || s.max_force === undefined ? '–' : `${s.max_force.toFixed(4)} eV/Å`}</Descriptions.Item>
              <Descriptions.Item label={t('electronic')}>{converged(s.electronic_converged)}</Descriptions.Item>
              <Descriptions.Item label={t('ionic')}>{converged(s.ionic_converged, true)}</Descriptions.Item>
              <Descriptions.Item label={t('ionicSteps')}>{s.ionic_steps ?? '–'}</Descriptions.Item>
              <Descriptions.Item label={t('version')}>{s.vasp_version ?? '–'}</Descriptions.Item>
            </Descriptions>
            <Divider titlePlacement="start">
              <Typography.Text strong>{t('steps')}</Typography.Text>
            </Divider>
            <Table
              size="small"
              rowKey="step"
              dataSource={s.steps ?? []}
              pagination={{ pageSize: 10, hideOnSinglePage: true, showSizeChanger: false }}
              columns={[
                { title: t('step'), dataIndex: 'step', width: 64 },
                { title: 'F (eV)', dataIndex: 'free_energy', render: (v: number) => v.toFixed(6) },
                { title: 'E0 (eV)', dataIndex: 'e0', render: (v: number | null) => (v === null ? '–' : v.toFixed(6)) },
                { title: 'dE (eV)', dataIndex: 'de', render: (v: number | null) => (v === null ? '–' : v.toExponential(3)) },
                { title: 'mag (μB)', dataIndex: 'mag', render: (v: number | null) => (v === null ? '–' : v.toFixed(4)) },
              ]}
              data-testid="vasp-steps"
            />
          </>
        )}
      </div>
    </Modal>
  );
}
