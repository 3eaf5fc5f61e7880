import { DeleteOutlined, DownloadOutlined, EditOutlined, ExperimentOutlined, FileSearchOutlined } from '@ant-design/icons';
import { App as AntApp, Button, Card, Empty, Popconfirm, Space, Table, Tag, Tooltip, Typography } from 'antd';
import { QSAR_MODEL_NAME_MAX, type QsarModel } from '@yunyao/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { api } from '../../api/endpoints.ts';
import { RenameDialog } from '../../components/RenameDialog.tsx';
import { QsarModelCardDialog } from '../../components/qsar/QsarModelCardDialog.tsx';
import { formatNumber, headlineMetric, metricLabel, readCard } from '../../components/qsar/qsar-card.ts';
import { useQsarNames } from '../../components/qsar/QsarModelCard.tsx';
import { useInvalidateQsarModels, useQsarModels } from '../../components/qsar/useQsarModels.ts';
import { predictLink } from '../../components/qsar/qsar-links.ts';
import './qsartuna.i18n.ts';

function RenameModelDialog({ model, onClose }: { model: QsarModel | null; onClose: () => void }) {
  const { t } = useTranslation(['qsartuna', 'common']);
  const { message } = AntApp.useApp();
  const invalidate = useInvalidateQsarModels();
  return (
    <RenameDialog
      current={model?.name ?? null}
      title={t('renameTitle')}
      label={t('modelName')}
      requiredMessage={t('renameRequired')}
      maxLength={QSAR_MODEL_NAME_MAX}
      testId="qsar-rename"
      save={async (name) => {
        void message.success(await api.qsar.rename(model!.tuna_id, name), 2);
        await invalidate();
      }}
      onClose={onClose}
    />
  );
}

/** 模型库: the user's QSAR models with their headline test metric; rename, delete, download, card, predict. */
export function QsarModelRegistry() {
  const { t } = useTranslation('qsartuna');
  const { message } = AntApp.useApp();
  const names = useQsarNames();
  const models = useQsarModels();
  const invalidate = useInvalidateQsarModels();
  const [renaming, setRenaming] = useState<QsarModel | null>(null);
  const [viewing, setViewing] = useState<QsarModel | null>(null);

  async function remove(model: QsarModel) {
    try {
      void message.success(await api.qsar.remove(model.tuna_id), 2);
      await invalidate();
    } catch {
      // The API client has shown the server's reason.
    }
  }

  const columns = [
    { title: t('tunaId'), dataIndex: 'tuna_id', width: 80 },
    {
      title: t('modelName'),
      dataIndex: 'name',
      width: 200,
      render: (name: string, m: QsarModel) => (
        <Space size={4}>
          <Typography.Text ellipsis={{ tooltip: name }} style={{ maxWidth: 150 }}>
            {name}
          </Typography.Text>
          <Tooltip title={t('rename')}>
            <Button type="text" size="small" icon={<EditOutlined />} onClick={() => setRenaming(m)} aria-label={t('rename')} data-testid="qsar-model-rename" />
          </Tooltip>
        </Space>
      ),
    },
    { title: t('label'), dataIndex: 'label', width: 120, ellipsis: { showTitle: true } },
    { title: t('mode'), dataIndex: 'mode', width: 110, render: (mode: string) => <Tag color={mode === 'classification' ? 'purple' : 'blue'}>{names.mode(mode)}</Tag> },
    { title: t('algorithm'), dataIndex: 'algorithm', width: 180, ellipsis: { showTitle: true }, render: (a: string | null) => (a ? <Tooltip title={names.algorithm(a)}>{a}</Tooltip> : '–') },
    {
      title: t('testMetric'),
      key: 'metric',
      width: 120,
      render: (_: unknown, m: QsarModel) => {
        const head = headlineMetric(readCard(m.card));
        return head.value === null ? '–' : `${metricLabel(head.name)} ${formatNumber(head.value)}`;
      },
    },
    { title: t('created'), dataIndex: 'created_at', width: 170 },
    {
      title: t('actions'),
      key: 'actions',
      width: 300,
      fixed: 'right' as const,
      render: (_: unknown, m: QsarModel) => (
        <Space size={0} wrap>
          <Button type="link" size="small" icon={<FileSearchOutlined />} onClick={() => setViewing(m)} data-testid="qsar-model-card">
            {t('viewCard')}
          </Button>
          <Link to={predictLink(m.tuna_id)} data-testid="qsar-model-predict">
            <Button type="link" size="small" icon={<ExperimentOutlined />}>
              {t('predict')}
            </Button>
          </Link>
          <Tooltip title={t('download')}>
            <Button type="link" size="small" icon={<DownloadOutlined />} onClick={() => void api.qsar.download(m.tuna_id).catch(() => undefined)} aria-label={t('download')} data-testid="qsar-model-download" />
          </Tooltip>
          <Popconfirm title={t('removeConfirm', { name: m.name })} onConfirm={() => remove(m)} okButtonProps={{ danger: true, 'data-testid': 'qsar-remove-ok' }}>
            <Tooltip title={t('remove')}>
              <Button type="link" size="small" danger icon={<DeleteOutlined />} aria-label={t('remove')} data-testid="qsar-model-remove" />
            </Tooltip>
          </Popconfirm>
        </Space>
      ),
    },
  ];

  return (
    <Card title={t('registry')} extra={<Typography.Text type="secondary">{t('registryHint')}</Typography.Text>} data-testid="qsar-registry">
      <Table<QsarModel>
        size="small"
        rowKey="tuna_id"
        loading={models.isLoading}
        dataSource={models.data ?? []}
        columns={columns}
        pagination={{ pageSize: 10, hideOnSinglePage: true, showSizeChanger: false }}
        onRow={(m) => ({ 'data-testid': 'qsar-model-row', 'data-id': m.tuna_id }) as React.HTMLAttributes<HTMLElement>}
        locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('registryEmpty')} /> }}
        scroll={{ x: 1280 }}
      />
      <RenameModelDialog model={renaming} onClose={() => setRenaming(null)} />
      <QsarModelCardDialog model={viewing} onClose={() => setViewing(null)} />
    </Card>
  );
}
