import { useQueryClient } from '@tanstack/react-query';
import { App as AntApp, Form, Input, InputNumber, Modal } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../api/endpoints.ts';
import styles from './Personal.module.css';
import { personalKeys, SUCCESS_SECONDS } from './sections.ts';
import { formatYuan } from './useUserInfo.ts';

interface Fields {
  amount: number;
  name: string;
  account: string;
}

/** The refund link's dialog: amount, payee and account, a confirm prompt, then the server's message. */
export function BalanceRefundDialog({ balance, onClose }: { balance: number; onClose: () => void }) {
  const { t } = useTranslation('personal');
  const { message, modal } = AntApp.useApp();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<Fields>();
  const [busy, setBusy] = useState(false);

  async function submit() {
    const fields = await form.validateFields();
    modal.confirm({
      title: t('overview.refundConfirmTitle'),
      content: t('overview.refundConfirmText', { amount: fields.amount.toFixed(2), name: fields.name, account: fields.account }),
      okText: t('common.confirm'),
      cancelText: t('common.cancel'),
      onOk: async () => {
        setBusy(true);
        try {
          const text = await api.personal.refundBalance(fields);
          void message.success(text, SUCCESS_SECONDS);
          void queryClient.invalidateQueries({ queryKey: personalKeys.refunds });
          void queryClient.invalidateQueries({ queryKey: ['user', 'info'] });
          onClose();
        } catch {
          // The client has shown the server's message.
        } finally {
          setBusy(false);
        }
      },
      onCancel: () => void message.info(t('overview.refundCancelled'), SUCCESS_SECONDS),
    });
  }

  return (
    <Modal
      open
      title={t('overview.refundTitle')}
      okText={t('common.confirm')}
      cancelText={t('common.cancel')}
      confirmLoading={busy}
      onOk={() => void submit().catch(() => undefined)}
      onCancel={onClose}
      destroyOnHidden
    >
      <p className={styles.muted}>{t('overview.refundIntro', { balance: formatYuan(balance) })}</p>
      <Form form={form} layout="vertical" requiredMark data-testid="refund-form">
        <Form.Item name="amount" label={t('overview.refundAmount')} rules={[{ required: true, message: t('overview.refundAmountRequired') }]}>
          <InputNumber min={0.01} max={Math.max(balance, 0.01)} precision={2} style={{ width: '100%' }} data-testid="refund-amount" />
        </Form.Item>
        <Form.Item name="name" label={t('overview.refundName')} rules={[{ required: true, whitespace: true, message: t('overview.refundNameRequired') }]}>
          <Input maxLength={100} placeholder={t('overview.refundNamePlaceholder')} data-testid="refund-name" />
        </Form.Item>
        <Form.Item name="account" label={t('overview.refundAccount')} rules={[{ required: true, whitespace: true, message: t('overview.refundAccountRequired') }]}>
          <Input maxLength={100} placeholder={t('overview.refundAccountPlaceholder')} data-testid="refund-account" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
