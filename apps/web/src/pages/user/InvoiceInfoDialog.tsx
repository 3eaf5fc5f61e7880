import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App as AntApp, Form, Modal, Skeleton } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api, type PersonalInvoiceInfoBody } from '../../api/endpoints.ts';
import { InvoiceFields, RecipientFields } from './InvoiceFields.tsx';
import styles from './Personal.module.css';
import { personalKeys, SUCCESS_SECONDS } from './sections.ts';

/** Add (no id) or edit (loads the invoice info by id) one saved invoice info. */
export function InvoiceInfoDialog({ id, onClose }: { id: number | null; onClose: () => void }) {
  const { t } = useTranslation('personal');
  const { message } = AntApp.useApp();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<PersonalInvoiceInfoBody>();
  const [busy, setBusy] = useState(false);
  const existing = useQuery({
    queryKey: ['personal', 'invoice', id],
    queryFn: () => api.personal.invoice(id as number),
    enabled: id !== null,
    gcTime: 0,
  });

  useEffect(() => {
    if (existing.data) form.setFieldsValue(existing.data);
  }, [existing.data, form]);
  useEffect(() => {
    if (existing.error) void message.warning(existing.error.message, SUCCESS_SECONDS);
  }, [existing.error, message]);

  async function save() {
    const fields = await form.validateFields();
    setBusy(true);
    try {
      const text = await api.personal.saveInvoice(id === null ? fields : { ...fields, id });
      void message.success(text || t(id === null ? 'invoice.created' : 'invoice.saved'), SUCCESS_SECONDS);
      void queryClient.invalidateQueries({ queryKey: personalKeys.invoices });
      onClose();
    } catch (err) {
      void message.warning((err as Error).message, SUCCESS_SECONDS);
    } finally {
      setBusy(false);
    }
  }

  const loading = id !== null && existing.isPending;
  return (
    <Modal
      open
      width={720}
      title={t(id === null ? 'invoice.add' : 'invoice.editTitle')}
      okText={t('common.confirm')}
      cancelText={t('common.cancel')}
      confirmLoading={busy}
      okButtonProps={{ disabled: loading, 'data-testid': 'invoice-save' }}
      onOk={() => void save().catch(() => undefined)}
      onCancel={onClose}
      destroyOnHidden
    >
      {loading ? (
        <Skeleton active paragraph={{ rows: 8 }} />
      ) : (
        <Form form={form} layout="vertical" data-testid="invoice-form">
          <p className={styles.groupTitle}>{t('invoice.groupInvoice')}</p>
          <InvoiceFields />
          <p className={styles.groupTitle}>{t('invoice.groupRecipient')}</p>
          <RecipientFields />
        </Form>
      )}
    </Modal>
  );
}
