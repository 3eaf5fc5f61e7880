import { PlusOutlined, ProfileOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App as AntApp, Button, Table, type TableColumnsType } from 'antd';
import type { InvoiceInfo } from '@yunyao/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../api/endpoints.ts';
import { InvoiceInfoDialog } from './InvoiceInfoDialog.tsx';
import { SectionCard, tableEmpty } from './parts.tsx';
import { personalKeys, SUCCESS_SECONDS } from './sections.ts';

/** Saved invoice infos: add, edit, delete (confirm prompt; 删除成功！ / 已取消删除). */
export function InvoiceInfoList() {
  const { t } = useTranslation('personal');
  const { message, modal } = AntApp.useApp();
  const queryClient = useQueryClient();
  const infos = useQuery({ queryKey: personalKeys.invoices, queryFn: api.personal.invoices });
  const [editing, setEditing] = useState<number | null | undefined>(undefined);

  function remove(row: InvoiceInfo) {
    modal.confirm({
      title: t('invoice.deleteConfirmTitle'),
      content: t('invoice.deleteConfirmText'),
      okText: t('common.confirm'),
      okButtonProps: { danger: true },
      cancelText: t('common.cancel'),
      onOk: async () => {
        try {
          await api.personal.removeInvoice(row.id);
          void message.success(t('invoice.deleted'), SUCCESS_SECONDS);
          void queryClient.invalidateQueries({ queryKey: personalKeys.invoices });
        } catch (err) {
          void message.warning((err as Error).message, SUCCESS_SECONDS);
        }
      },
      onCancel: () => void message.info(t('invoice.deleteCancelled'), SUCCESS_SECONDS),
    });
  }

  const columns: TableColumnsType<InvoiceInfo> = [
    { title: t('invoice.field.header'), dataIndex: 'header', ellipsis: { showTitle: true } },
    { title: t('invoice.field.serial_num'), dataIndex: 'serial_num', width: 200, ellipsis: { showTitle: true } },
    { title: t('invoice.field.user_name'), dataIndex: 'user_name', width: 110, ellipsis: true },
    { title: t('invoice.field.cell_phone'), dataIndex: 'cell_phone', width: 140 },
    { title: t('invoice.field.user_address'), dataIndex: 'user_address', ellipsis: { showTitle: true } },
    {
      title: t('common.actions'),
      key: 'actions',
      width: 130,
      fixed: 'right',
      render: (_: unknown, r) => (
        <>
          <Button type="link" size="small" onClick={() => setEditing(r.id)} data-testid="invoice-edit">
            {t('invoice.edit')}
          </Button>
          <Button type="link" size="small" danger onClick={() => remove(r)} data-testid="invoice-delete">
            {t('invoice.delete')}
          </Button>
        </>
      ),
    },
  ];

  return (
    <SectionCard
      icon={<ProfileOutlined />}
      title={t('invoice.infoTitle')}
      extra={
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing(null)} data-testid="invoice-add">
          {t('invoice.add')}
        </Button>
      }
      testId="invoice-infos"
    >
      <Table<InvoiceInfo>
        rowKey="id"
        size="middle"
        columns={columns}
        dataSource={infos.data ?? []}
        loading={infos.isPending}
        pagination={{ pageSize: 5, hideOnSinglePage: true }}
        scroll={{ x: 860 }}
        locale={tableEmpty(infos.isPending, t('invoice.infoEmpty'))}
        onRow={(r) => ({ 'data-testid': 'invoice-info-row', 'data-id': r.id }) as React.HTMLAttributes<HTMLElement>}
      />
      {editing !== undefined && <InvoiceInfoDialog id={editing} onClose={() => setEditing(undefined)} />}
    </SectionCard>
  );
}
