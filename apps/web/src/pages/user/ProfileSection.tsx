import { IdcardOutlined, WarningOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { App as AntApp, Button, Card, Descriptions, Skeleton, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { api } from '../../api/endpoints.ts';
import { useAppNavigate } from '../../app/navigation.ts';
import { session } from '../../api/session.ts';
import { LoadFailed, SectionCard } from './parts.tsx';
import styles from './Personal.module.css';
import { SUCCESS_SECONDS } from './sections.ts';
import { useUserInfo } from './useUserInfo.ts';

/** Section 3: registration time, email and account, and the account cancellation. */
export function ProfileSection() {
  const { t } = useTranslation('personal');
  const { message, modal } = AntApp.useApp();
  const info = useUserInfo();
  const navigate = useAppNavigate();
  const queryClient = useQueryClient();

  function revoke() {
    modal.confirm({
      title: t('profile.revokeTitle'),
      icon: <WarningOutlined style={{ color: '#ff4d4f' }} />,
      content: t('profile.revokeText'),
      okText: t('profile.revokeOk'),
      okButtonProps: { danger: true, 'data-testid': 'revoke-account-ok' },
      cancelText: t('common.cancel'),
      onOk: async () => {
        try {
          await api.personal.revokeAccount();
        } catch {
          return; // The client has shown the server's message.
        }
        void message.success(t('profile.revoked'), SUCCESS_SECONDS);
        session.clear();
        queryClient.clear();
        navigate('/login', { replace: true });
      },
      onCancel: () => void message.info(t('profile.revokeCancelled'), SUCCESS_SECONDS),
    });
  }

  return (
    <>
      <SectionCard icon={<IdcardOutlined />} title={t('profile.title')} testId="profile">
        {info.isError ? (
          <LoadFailed onRetry={() => void info.refetch()} />
        ) : info.data ? (
          <Descriptions column={1} bordered size="middle" styles={{ label: { width: 180 } }}>
            <Descriptions.Item label={t('profile.registeredAt')}>{info.data.created_at}</Descriptions.Item>
            <Descriptions.Item label={t('profile.email')}>
              <span data-testid="profile-email">{info.data.email}</span>
            </Descriptions.Item>
            <Descriptions.Item label={t('profile.account')}>{info.data.email}</Descriptions.Item>
            <Descriptions.Item label={t('profile.hpc')}>
              {info.data.chaosuans.length
                ? info.data.chaosuans.map((c) => <Tag key={`${c.node}-${c.account}`}>{`${t(`terminal.nodes.${c.node}`, { defaultValue: c.node })} · ${c.account}`}</Tag>)
                : t('profile.hpcNone')}
            </Descriptions.Item>
          </Descriptions>
        ) : (
          <Skeleton active paragraph={{ rows: 4 }} />
        )}
      </SectionCard>
      <Card className={styles.danger} title={<span className={styles.cardTitle}>{t('profile.dangerTitle')}</span>}>
        <div className={styles.dangerRow}>
          <p className={styles.muted} style={{ margin: 0 }}>
            {t('profile.dangerText')}
          </p>
          <Button danger onClick={revoke} data-testid="revoke-account">
            {t('profile.revoke')}
          </Button>
        </div>
      </Card>
    </>
  );
}
