import { HistoryOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App as AntApp, Button, Table, Tag, type TableColumnsType } from 'antd';
import { RechargeStatus, type RechargeRow } from '@yunyao/contract';
import { useTranslation } from 'react-i18next';
import { api } from '../../api/endpoints.ts';
import { money, SectionCard, tableEmpty } from './parts.tsx';
import { personalKeys, SUCCESS_SECONDS } from './sections.ts';

const STATUS_COLOURS: Record<number, string> = {
  [RechargeStatus.pending]: 'processing',
  [RechargeStatus.closed]: 'default',
  [RechargeStatus.paid]: 'success',
  [RechargeStatus.refunded]: 'warning',
};

/** Every recharge with its status; refund and invoice where the server allows them. */
export function RechargeRecords({ onInvoice }: { onInvoice: (orderId: string) => void }) {
  const { t } = useTranslation('personal');
  const { message, modal } = AntApp.useApp();
  const queryClient = useQueryClient();
  const recharges = useQuery({ queryKey: personalKeys.recharges, queryFn: api.personal.recharges });

  function refund(row: RechargeRow) {
    modal.confirm({
      title: t('funds.refundConfirmTitle'),
      content: t('funds.refundConfirmText', { order: row.order_id, amount: money(row.amount) }),
      okText: t('common.confirm'),
      cancelText: t('common.cancel'),
      onOk: async () => {
        try {
          const text = await api.personal.refundRecharge(row.order_id);
          void message.success(text || t('funds.refundDone'), SUCCESS_SECONDS);
          void queryClient.invalidateQueries({ queryKey: personalKeys.recharges });
          void queryClient.invalidateQueries({ queryKey: personalKeys.refunds });
        } catch {
          // The client has shown the server's message.
        }
      },
      onCancel: () => void message.info(t('funds.refundCancelled'), SUCCESS_SECONDS),
    });
  }

  const columns: TableColumnsType<RechargeRow> = [
    { title: t('common.orderId'), dataIndex: 'order_id', ellipsis: { showTitle: true } },
    { title: t('common.amount'), dataIndex: 'amount', width: 100, render: money },
    { title: t('funds.channelCol'), dataIndex: 'channel', width: 96, render: (c: string) => (c === 'wechat' ? t('funds.wechat') : c) },
    { title: t('common.createdAt'), dataIndex: 'created_at', width: 170 },
    { title: t('common.status'), dataIndex: 'status_text', width: 90, render: (text: string, r) => <Tag color={STATUS_COLOURS[r.status] ?? 'default'}>{text}</Tag> },
    {
      title: t('common.actions'),
      key: 'actions',
      width: 180,
      fixed: 'right',
      render: (_: unknown, r) => (
        <>
          <Button type="link" size="small" disabled={!r.can_refund} onClick={() => refund(r)} data-testid="recharge-refund">
            {t('funds.refund')}
          </Button>
          <Button type="link" size="small" disabled={!r.can_invoice} onClick={() => onInvoice(r.order_id)} data-testid="recharge-invoice">
            {t('funds.invoice')}
          </Button>
        </>
      ),
    },
  ];

  return (
    <SectionCard icon={<HistoryOutlined />} title={t('funds.recordsTitle')} testId="recharge-records">
      <Table<RechargeRow>
        rowKey="order_id"
        size="middle"
        columns={columns}
        dataSource={recharges.data ?? []}
        loading={recharges.isPending}
        pagination={{ pageSize: 10, hideOnSinglePage: true, showTotal: (total) => t('common.total', { total }) }}
        scroll={{ x: 720 }}
        locale={tableEmpty(recharges.isPending, t('funds.recordsEmpty'))}
        onRow={(r) => ({ 'data-testid': 'recharge-row', 'data-order': r.order_id, 'data-status': r.status }) as React.HTMLAttributes<HTMLElement>}
      />
    </SectionCard>
  );
}
