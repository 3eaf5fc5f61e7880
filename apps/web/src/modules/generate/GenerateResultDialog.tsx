import { CopyOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { App as AntApp, Button, Collapse, Empty, Modal, Space, Switch, Table, Tag, Typography } from 'antd';
import type { GenerateRow } from '@yunyao/modules/forms/generate';
import { Suspense, useMemo, useState, type Key } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../api/endpoints.ts';
import { LazyEChart } from '../../components/charts/LazyEChart.tsx';
import { scoreHistogramOption, type ScoreHistogram } from '../../components/charts/score-histogram.ts';
import { Molecule2D } from '../../components/Molecule2D.tsx';
import type { ResultViewProps } from '../../app/web-module.ts';
import { TaskOutputButton } from '../../components/tasks/TaskOutputButton.tsx';
import { groupByParent, smilesToCopy, type GenerateParent, type ParentGroup } from './generate-result.ts';
import './generate.i18n.ts';

const CHART_HEIGHT = 180;
const CHILDREN_PER_PAGE = 10;
const fixed = (digits: number) => (v: number | null) => (v === null || v === undefined ? '–' : v.toFixed(digits));

/** `{mw_max: 450, qed_min: 0.5}` as `MW ≤ 450, QED ≥ 0.5`. */
function windowText(windows: Record<string, number>): string {
  const names: Record<string, string> = { mw: 'MW', logp: 'logP', qed: 'QED', sa: 'SA' };
  return Object.entries(windows)
    .map(([key, value]) => {
      const [property, side] = key.split('_') as [string, string];
      return `${names[property] ?? property} ${side === 'min' ? '≥' : '≤'} ${value}`;
    })
    .join(', ');
}

interface GenerateSummary {
  parents?: GenerateParent[];
  generated?: number;
  requested?: number;
  novel?: number;
  passing?: number;
  seed?: number;
  params?: { gene_nums: number; seed: number };
  /** The user's property windows (`mw_max`, `qed_min`…) and how many proposals fell outside them. */
  windows?: Record<string, number>;
  outside?: number;
  similarity_histogram?: ScoreHistogram;
  engine?: Record<string, string>;
}

/**
 * A finished generation: each input molecule with its children under it (closest first), their
 * similarity to the parent, QED, SA score, MW, logP, novelty and PAINS flags; the similarity
 * distribution; the CSV; and the chosen children's SMILES copied for the ADMET or docking forms
 * (no page takes molecules handed over from another yet, so the textarea is where they go).
 */
export default function GenerateResultDialog({ task, onClose }: ResultViewProps) {
  const { t } = useTranslation('generate');
  const { message } = AntApp.useApp();
  const summary = useQuery({ queryKey: ['tasks', 'json', task.id], queryFn: () => api.tasks.json(task.id), staleTime: Infinity });
  const raw = useQuery({ queryKey: ['tasks', 'output', task.id, 'all'], queryFn: () => api.tasks.output<GenerateRow>(task.id) });
  const s = summary.data as GenerateSummary | undefined;
  const [passingOnly, setPassingOnly] = useState(false);
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const groups = useMemo(() => groupByParent(raw.data ?? [], s?.parents ?? [], passingOnly), [raw.data, s, passingOnly]);
  const histogram = s?.similarity_histogram;
  const option = useMemo(() => (histogram?.interval.length ? scoreHistogramOption(histogram, t('similarityAxis')) : null), [histogram, t]);
  const loading = raw.isLoading || summary.isLoading;

  function pick(group: ParentGroup, keys: readonly Key[]) {
    const next = new Set([...selected].filter((id) => !group.children.some((c) => c.ID === id)));
    for (const key of keys) next.add(String(key));
    setSelected(next);
  }

  async function copy() {
    const text = smilesToCopy(groups, selected);
    try {
      await navigator.clipboard.writeText(text);
      void message.success(t('copied', { count: text ? text.split('\n').length : 0 }));
    } catch {
      void message.error(t('copyFailed'));
    }
  }

  const columns = [
    { title: 'ID', dataIndex: 'ID', width: 130, ellipsis: { showTitle: true } },
    { title: t('structure'), dataIndex: 'SMILES', key: 'structure', width: 120, render: (smiles: string) => <Molecule2D smiles={smiles} width={104} height={72} /> },
    { title: 'SMILES', dataIndex: 'SMILES', ellipsis: { showTitle: true } },
    { title: t('similarity'), dataIndex: 'similarity', width: 90, render: fixed(2) },
    { title: 'QED', dataIndex: 'qed', width: 70, render: fixed(2) },
    { title: t('sa'), dataIndex: 'sa_score', width: 70, render: fixed(2) },
    { title: t('mw'), dataIndex: 'mw', width: 80, render: fixed(1) },
    { title: 'logP', dataIndex: 'logp', width: 70, render: fixed(2) },
    {
      title: t('flags'),
      key: 'flags',
      width: 150,
      render: (_: unknown, r: GenerateRow) => (
        <Space size={2} wrap>
          {r.novel ? <Tag color="green">{t('novel')}</Tag> : <Tag>{t('known')}</Tag>}
          {r.pains ? <Tag color="red">PAINS</Tag> : null}
          {r.passes_filters ? null : <Tag color="orange">{t('filtered')}</Tag>}
        </Space>
      ),
    },
  ];

  const panels = groups.map((g) => ({
    key: g.id,
    label: (
      <Space data-testid="generate-parent" data-parent={g.id}>
        <Molecule2D smiles={g.smiles} width={96} height={64} />
        <Typography.Text strong>{g.id}</Typography.Text>
        <Typography.Text type="secondary" ellipsis style={{ maxWidth: 360 }}>
          {g.smiles}
        </Typography.Text>
        {g.error ? <Tag color="error">{t('unreadable')}</Tag> : <Tag color="blue">{t('childCount', { count: g.children.length })}</Tag>}
        {g.parent?.qed !== undefined ? <Typography.Text type="secondary">{`QED ${g.parent.qed.toFixed(2)} · SA ${g.parent.sa_score?.toFixed(2)}`}</Typography.Text> : null}
      </Space>
    ),
    children: g.error ? (
      <Typography.Text type="danger">{g.error}</Typography.Text>
    ) : (
      <Table<GenerateRow>
        size="small"
        rowKey="ID"
        dataSource={g.children}
        columns={columns}
        rowSelection={{ selectedRowKeys: g.children.filter((c) => selected.has(c.ID)).map((c) => c.ID), onChange: (keys) => pick(g, keys) }}
        pagination={{ pageSize: CHILDREN_PER_PAGE, showSizeChanger: false, hideOnSinglePage: true }}
        locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('noChildren')} /> }}
        data-testid="generate-children"
      />
    ),
  }));

  return (
    <Modal open width={1200} title={t('resultTitle', { id: task.id })} footer={null} onCancel={onClose}>
      <div data-testid="generate-result">
        <Space style={{ width: '100%', justifyContent: 'space-between', marginBottom: 8 }} wrap>
          <Typography.Text type="secondary" data-testid="generate-counts">
            {s ? t('counts', { count: s.parents?.length ?? 0, generated: s.generated ?? 0, novel: s.novel ?? 0, passing: s.passing ?? 0, seed: s.params?.seed ?? s.seed ?? '–' }) : null}
            {s?.windows && Object.keys(s.windows).length ? ` · ${t('windowsApplied', { windows: windowText(s.windows), outside: s.outside ?? 0 })}` : null}
          </Typography.Text>
          <Space wrap>
            <Space size={4}>
              <Switch size="small" checked={passingOnly} onChange={setPassingOnly} data-testid="generate-passing-only" />
              <Typography.Text>{t('passingOnly')}</Typography.Text>
            </Space>
            <Button size="small" icon={<CopyOutlined />} onClick={() => void copy()} data-testid="generate-copy">
              {selected.size ? t('copySelected', { count: selected.size }) : t('copyAll')}
            </Button>
            <TaskOutputButton taskId={task.id} file="generated.csv" label={t('downloadCsv')} testId="generate-download-csv" />
          </Space>
        </Space>
        <Typography.Text type="secondary">{t('copyHint')}</Typography.Text>
        <div style={{ height: CHART_HEIGHT }}>
          {option ? (
            <Suspense fallback={null}>
              <LazyEChart option={option} height={CHART_HEIGHT} testId="generate-histogram" />
            </Suspense>
          ) : null}
        </div>
        {loading ? null : groups.length ? (
          <Collapse items={panels} defaultActiveKey={groups.slice(0, 1).map((g) => g.id)} style={{ marginTop: 12 }} data-testid="generate-groups" />
        ) : (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('noChildren')} />
        )}
      </div>
    </Modal>
  );
}
