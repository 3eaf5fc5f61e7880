import { KeyOutlined, PlusOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App as AntApp, Button, Popconfirm, Table, Tag, Typography, type TableColumnsType } from 'antd';
import type { AccessToken, CreatedAccessToken } from '@yunyao/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { tokensApi } from '../../api/tokens.ts';
import { CreateTokenDialog } from './CreateTokenDialog.tsx';
import { SectionCard, tableEmpty } from './parts.tsx';
import styles from './Personal.module.css';
import { personalKeys, SUCCESS_SECONDS } from './sections.ts';
import { TokenSecretDialog } from './TokenSecretDialog.tsx';
import './tokens.i18n.ts';

/** Personal access tokens for scripts: the list, a create dialog, and the new token shown once. */
export function TokensSection() {
  const { t } = useTranslation('personal');
  const { message } = AntApp.useApp();
  const queryClient = useQueryClient();
  const [creating, setCreating] = useState(false);
  const [created, setCreated] = useState<CreatedAccessToken | null>(null);
  const tokens = useQuery({ queryKey: personalKeys.tokens, queryFn: tokensApi.list });
  const refresh = () => void queryClient.invalidateQueries({ queryKey: personalKeys.tokens });

  async function revoke(id: number) {
    try {
      await tokensApi.revoke(id);
      void message.success(t('tokens.revoked'), SUCCESS_SECONDS);
      refresh();
    } catch {
      // The client has shown the server's message.
    }
  }

  const columns: TableColumnsType<AccessToken> = [
    { title: t('tokens.name'), dataIndex: 'name', ellipsis: true },
    { title: t('tokens.prefix'), dataIndex: 'prefix', width: 170, render: (prefix: string) => <Typography.Text code>{`${prefix}…`}</Typography.Text> },
    { title: t('tokens.createdAt'), dataIndex: 'created_at', width: 170 },
    {
      title: t('tokens.expiresAt'),
      dataIndex: 'expires_at',
      width: 190,
      render: (at: string | null, r) => (
        <>
          {at ?? t('tokens.never')} {r.expired && <Tag color="error">{t('tokens.expired')}</Tag>}
        </>
      ),
    },
    { title: t('tokens.lastUsedAt'), dataIndex: 'last_used_at', width: 170, render: (at: string | null) => at ?? t('tokens.neverUsed') },
    {
      title: t('common.actions'),
      key: 'actions',
      width: 90,
      fixed: 'right',
      render: (_: unknown, r) => (
        <Popconfirm title={t('tokens.revokeConfirm')} okText={t('common.confirm')} cancelText={t('common.cancel')} onConfirm={() => revoke(r.id)}>
          <Button type="link" size="small" danger data-testid="token-revoke">
            {t('tokens.revoke')}
          </Button>
        </Popconfirm>
      ),
    },
  ];

  return (
    <SectionCard
      icon={<KeyOutlined />}
      title={t('tokens.title')}
      testId="tokens-card"
      extra={
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setCreating(true)} data-testid="token-create">
          {t('tokens.create')}
        </Button>
      }
    >
      <p className={styles.muted}>
        {t('tokens.intro')}
        <br />
        {t('tokens.docs')}
        <Link to="/document/api" data-testid="tokens-docs">
          {t('tokens.docsLink')}
        </Link>
      </p>
      <Table<AccessToken>
        rowKey="id"
        size="middle"
        columns={columns}
        dataSource={tokens.data ?? []}
        loading={tokens.isPending}
        pagination={false}
        scroll={{ x: 900 }}
        locale={tableEmpty(tokens.isPending, t('tokens.empty'))}
      />
      {creating && (
        <CreateTokenDialog
          onClose={() => setCreating(false)}
          onCreated={(token) => {
            setCreating(false);
            setCreated(token);
            refresh();
          }}
        />
      )}
      {created && <TokenSecretDialog created={created} onClose={() => setCreated(null)} />}
    </SectionCard>
  );
}
