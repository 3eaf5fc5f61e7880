import { useQuery } from '@tanstack/react-query';
import { Col, Descriptions, Empty, Modal, Row, Skeleton, Space, Table, Tag, Typography } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../api/endpoints.ts';
import type { ResultViewProps } from '../../app/web-module.ts';
import { TaskOutputButton } from '../tasks/TaskOutputButton.tsx';
import { useTaskOutputText } from '../tasks/useTaskOutputText.ts';
import './rosetta.i18n.ts';

const Structure3D = lazy(() => import('../Structure3D.tsx'));
const VIEW_HEIGHT = 380;

/** One structure of the result summary (shared/rosetta/rosetta-task.ts `parseRosettaResult`). */
interface ScoredStructure {
  rank: number;
  name: string;
  total_score: number;
  terms: Record<string, number>;
  file: string | null;
}

interface RosettaSummary {
  application?: string;
  rosetta_version?: string | null;
  structures?: ScoredStructure[];
}

const reu = (value: number) => value.toFixed(3);

/** A finished Rosetta Minimize or Packer task: its structures by total score, each one's score terms, the chosen one in 3D, and the downloads. */
export default function RosettaResultDialog({ task, onClose }: ResultViewProps) {
  const { t } = useTranslation('rosetta');
  const summary = useQuery({ queryKey: ['tasks', 'json', task.id], queryFn: () => api.tasks.json(task.id), staleTime: Infinity });
  const s = (summary.data ?? null) as RosettaSummary | null;
  const structures = s?.structures ?? [];
  const [picked, setPicked] = useState<string | null>(null);
  const selected = structures.find((x) => x.name === picked) ?? structures[0];
  const pdb = useTaskOutputText(task.id, selected?.file ?? null);

  const columns = [
    { title: t('rank'), dataIndex: 'rank', width: 64 },
    { title: t('name'), dataIndex: 'name', render: (name: string, r: ScoredStructure) => (r.rank === 1 ? <Space>{name}<Tag color="green">{t('best')}</Tag></Space> : name) },
    { title: t('total'), dataIndex: 'total_score', width: 140, render: reu },
  ];

  return (
    <Modal open width={1100} title={t('resultTitle', { id: task.id })} footer={null} onCancel={onClose}>
      <div data-testid="rosetta-result">
        <Space wrap style={{ marginBottom: 12 }}>
          {structures[0]?.file ? <TaskOutputButton taskId={task.id} file={structures[0].file} label={t('downloadBest')} testId="rosetta-download-best" /> : null}
          <TaskOutputButton taskId={task.id} file="score.sc" label={t('downloadScores')} testId="rosetta-download-scores" />
          <TaskOutputButton taskId={task.id} file="task.flags" label={t('downloadFlags')} testId="rosetta-download-flags" />
        </Space>
        {summary.isLoading ? (
          <Skeleton active paragraph={{ rows: 6 }} />
        ) : !structures.length ? (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('noResult')} />
        ) : (
          <Row gutter={16}>
            <Col span={12}>
              <Typography.Text strong>{t('structures')}</Typography.Text>
              <Table<ScoredStructure>
                size="small"
                rowKey="name"
                dataSource={structures}
                columns={columns}
                pagination={false}
                onRow={(r) => ({ onClick: () => setPicked(r.name), style: { cursor: 'pointer' } })}
                rowClassName={(r) => (r.name === selected?.name ? 'ant-table-row-selected' : '')}
                data-testid="rosetta-structures"
              />
              <Descriptions size="small" column={1} bordered style={{ marginTop: 12 }} title={selected ? t('terms') : undefined}>
                <Descriptions.Item label={t('application')}>{s?.application ?? '–'}</Descriptions.Item>
                <Descriptions.Item label={t('version')}>{s?.rosetta_version ?? '–'}</Descriptions.Item>
                {Object.entries(selected?.terms ?? {}).map(([term, value]) => (
                  <Descriptions.Item key={term} label={term}>
                    {reu(value)}
                  </Descriptions.Item>
                ))}
              </Descriptions>
            </Col>
            <Col span={12}>
              <Typography.Text type="secondary">{selected ? t('view', { name: selected.name }) : null}</Typography.Text>
              <Suspense fallback={<div style={{ height: VIEW_HEIGHT }} />}>
                {pdb.data ? <Structure3D pdb={pdb.data} sticks height={VIEW_HEIGHT} /> : <div style={{ height: VIEW_HEIGHT }} />}
              </Suspense>
            </Col>
          </Row>
        )}
      </div>
    </Modal>
  );
}
