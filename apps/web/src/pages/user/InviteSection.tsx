import { TeamOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Card, Skeleton, Table, type TableColumnsType } from 'antd';
import type { InviteRecord } from '@yunyao/contract';
import { INVITE_REWARD_YUAN } from '@yunyao/contract/constants';
import { useTranslation } from 'react-i18next';
import { api } from '../../api/endpoints.ts';
import { InviteCard } from './InviteCard.tsx';
import { money, SectionCard, tableEmpty } from './parts.tsx';
import styles from './Personal.module.css';
import { personalKeys } from './sections.ts';
import { useUserInfo } from './useUserInfo.ts';

/** Section 5: the invite link, the 20-yuan rule and who registered through it. */
export function InviteSection() {
  const { t } = useTranslation('personal');
  const info = useUserInfo();
  const invites = useQuery({ queryKey: personalKeys.invites, queryFn: api.personal.invites });
  const columns: TableColumnsType<InviteRecord> = [
    { title: t('invite.col.name'), dataIndex: 'name', ellipsis: { showTitle: true }, render: (name: string, r) => name || r.remark.account },
    { title: t('invite.col.created_at'), dataIndex: 'created_at', width: 180 },
    { title: t('invite.col.amount'), dataIndex: 'amount', width: 130, render: money },
    { title: t('invite.col.balance_before'), dataIndex: 'balance_before', width: 150, render: money },
    { title: t('invite.col.balance_after'), dataIndex: 'balance_after', width: 150, render: money },
  ];
  return (
    <>
      <div className={`${styles.grid} ${styles.stretch}`}>
        {info.data ? (
          <InviteCard url={info.data.invite_url} />
        ) : (
          <Card className={styles.card}>
            <Skeleton active paragraph={{ rows: 2 }} />
          </Card>
        )}
        <SectionCard title={t('invite.ruleTitle')}>
          <ol className={styles.rules}>
            <li>{t('invite.rule1', { amount: INVITE_REWARD_YUAN })}</li>
            <li>{t('invite.rule2')}</li>
            <li>{t('invite.rule3')}</li>
          </ol>
        </SectionCard>
      </div>
      <SectionCard icon={<TeamOutlined />} title={t('invite.recordsTitle')} testId="invite-records">
        <Table<InviteRecord>
          rowKey={(r) => `${r.remark.account}-${r.created_at}`}
          size="middle"
          columns={columns}
          dataSource={invites.data ?? []}
          loading={invites.isPending}
          pagination={{ pageSize: 10, hideOnSinglePage: true }}
          scroll={{ x: 760 }}
          locale={tableEmpty(invites.isPending, t('invite.recordsEmpty'))}
        />
      </SectionCard>
    </>
  );
}
