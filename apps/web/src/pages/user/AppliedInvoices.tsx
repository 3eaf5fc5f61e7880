import { AuditOutlined, FileAddOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Button, Table, Tag, type TableColumnsType } from 'antd';
import type { AppliedInvoice } from '@yunyao/contract';
import { useTranslation } from 'react-i18next';
import { api } from '../../api/endpoints.ts';
import { money, SectionCard, tableEmpty } from './parts.tsx';
import { personalKeys } from './sections.ts';

/** Invoices requested for recharges, with their status. */
export function AppliedInvoices({ onApply }: { onApply: () => void }) {
  const { t } = useTranslation('personal');
  const applied = useQuery({ queryKey: personalKeys.applied, queryFn: api.personal.appliedInvoices });
  const columns: TableColumnsType<AppliedInvoice> = [
    { title: t('common.orderId'), dataIndex: 'order_id', ellipsis: { showTitle: true } },
    { title: t('common.amount'), dataIndex: 'amount', width: 110, render: money },
    { title: t('invoice.type'), dataIndex: 'type', width: 150, render: (v: AppliedInvoice['type']) => t(`invoice.types.${v}`) },
    { title: t('invoice.field.header'), key: 'header', ellipsis: { showTitle: true }, render: (_: unknown, r) => r.invoice.header },
    { title: t('invoice.field.serial_num'), key: 'serial', width: 190, ellipsis: { showTitle: true }, render: (_: unknown, r) => r.invoice.serial_num },
    { title: t('common.createdAt'), dataIndex: 'created_at', width: 170 },
    { title: t('common.status'), dataIndex: 'status_text', width: 100, render: (v: string) => <Tag color="blue">{v}</Tag> },
  ];
  return (
    <SectionCard
      icon={<AuditOutlined />}
      title={t('invoice.appliedTitle')}
      extra={
        <Button icon={<FileAddOutlined />} onClick={onApply} data-testid="invoice-apply">
          {t('invoice.apply')}
        </Button>
      }
      testId="applied-invoices"
    >
      <Table<AppliedInvoice>
        rowKey="id"
        size="middle"
        columns={columns}
        dataSource={applied.data ?? []}
        loading={applied.isPending}
        pagination={{ pageSize: 10, hideOnSinglePage: true }}
        scroll={{ x: 980 }}
        locale={tableEmpty(applied.isPending, t('invoice.appliedEmpty'))}
        onRow={(r) => ({ 'data-testid': 'applied-invoice-row', 'data-order': r.order_id }) as React.HTMLAttributes<HTMLElement>}
      />
    </SectionCard>
  );
}
