import { RollbackOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Table, type TableColumnsType } from 'antd';
import type { RefundRow } from '@yunyao/contract';
import { useTranslation } from 'react-i18next';
import { api } from '../../api/endpoints.ts';
import { money, SectionCard, tableEmpty } from './parts.tsx';
import { personalKeys } from './sections.ts';

/** Balance and recharge refunds with their review status. */
export function RefundList() {
  const { t } = useTranslation('personal');
  const refunds = useQuery({ queryKey: personalKeys.refunds, queryFn: api.personal.refunds });
  const columns: TableColumnsType<RefundRow> = [
    { title: t('overview.kindLabel'), dataIndex: 'kind', width: 96, render: (k: RefundRow['kind']) => t(`overview.kind.${k}`) },
    { title: t('common.amount'), dataIndex: 'amount', width: 96, render: money },
    {
      title: t('overview.payee'),
      key: 'payee',
      ellipsis: true,
      render: (_: unknown, r: RefundRow) => (r.kind === 'balance' ? `${r.name ?? ''} ${r.account ?? ''}` : r.order_id),
    },
    { title: t('overview.appliedAt'), dataIndex: 'created_at', width: 170 },
    { title: t('common.status'), dataIndex: 'status_text', width: 90 },
  ];
  return (
    <SectionCard icon={<RollbackOutlined />} title={t('overview.refundsTitle')} testId="refund-list">
      <Table<RefundRow>
        rowKey="id"
        size="small"
        columns={columns}
        dataSource={refunds.data ?? []}
        loading={refunds.isPending}
        pagination={{ pageSize: 5, hideOnSinglePage: true, size: 'small' }}
        scroll={{ x: 560 }}
        locale={tableEmpty(refunds.isPending, t('overview.refundsEmpty'))}
      />
    </SectionCard>
  );
}
