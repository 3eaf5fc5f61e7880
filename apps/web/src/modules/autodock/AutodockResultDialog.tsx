import { FolderOpenOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Button, Col, Modal, Row, Table, Tag, Typography } from 'antd';
import type { TaskRow } from '@yunyao/contract';
import type { EChartsCoreOption } from 'echarts/core';
import { Suspense, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../api/endpoints.ts';
import { LazyEChart } from '../../components/charts/LazyEChart.tsx';
import { Molecule2D } from '../../components/Molecule2D.tsx';
import { TaskFilesPopover } from '../../components/tasks/TaskFilesPopover.tsx';
import { PoseViewer } from './PoseViewer.tsx';
import './autodock.i18n.ts';

interface DockingRow {
  ID: string;
  pocket: string;
  SMILES: string;
  score: number[];
  error?: string;
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
  // The best-scoring molecule is shown until the user picks another.
  const selected = picked ?? rows.data?.find((r) => !r.error)?.ID ?? null;
  const statis = task.statis as Statis | null;
  const option = useMemo(() => (statis && statis.count.length ? histogramOption(statis) : null), [statis]);
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
                { title: 'ID', dataIndex: 'ID', width: 130, ellipsis: true },
                { title: t('pocket'), dataIndex: 'pocket', width: 80 },
                { title: 'SMILES', dataIndex: 'SMILES', ellipsis: true },
                { title: '', dataIndex: 'SMILES', key: 'structure', width: 130, render: (s: string) => <Molecule2D smiles={s} width={110} height={76} /> },
                {
                  title: t('score'),
                  key: 'score',
                  width: 110,
                  render: (_: unknown, r: DockingRow) => (r.error ? <Tag color="error" title={r.error}>{t('failed')}</Tag> : r.score[0]?.toFixed(2)),
                },
              ]}
            />
          </Col>
          <Col span={11}>
            <PoseViewer taskId={task.id} resultId={selected} />
          </Col>
        </Row>
      </div>
    </Modal>
  );
}
