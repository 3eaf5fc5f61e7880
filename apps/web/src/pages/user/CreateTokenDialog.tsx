import { Form, Input, Modal, Select } from 'antd';
import { ACCESS_TOKEN_EXPIRY_DAYS, ACCESS_TOKEN_NAME_MAX, type CreatedAccessToken } from '@yunyao/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { tokensApi } from '../../api/tokens.ts';

/** antd's Select cannot hold null as an option value, so "never expires" has a name of its own. */
const NEVER = 'never';
type Expiry = (typeof ACCESS_TOKEN_EXPIRY_DAYS)[number] | typeof NEVER;
const DEFAULT_EXPIRY: Expiry = 90;

/** Names a new token and picks its lifetime; hands the created token (with its secret) to `onCreated`. */
export function CreateTokenDialog({ onCreated, onClose }: { onCreated: (token: CreatedAccessToken) => void; onClose: () => void }) {
  const { t } = useTranslation('personal');
  const [form] = Form.useForm<{ name: string; expiry: Expiry }>();
  const [busy, setBusy] = useState(false);

  async function submit() {
    const fields = await form.validateFields().catch(() => null);
    if (!fields) return; // The form marks what is missing.
    setBusy(true);
    try {
      onCreated(await tokensApi.create({ name: fields.name, expires_in_days: fields.expiry === NEVER ? null : fields.expiry }));
    } catch {
      // The client has shown the server's message.
    } finally {
      setBusy(false);
    }
  }

  const options = [
    ...ACCESS_TOKEN_EXPIRY_DAYS.map((days) => ({ value: days, label: t('tokens.days', { count: days }) })),
    { value: NEVER, label: t('tokens.never') },
  ];
  return (
    <Modal
      open
      title={t('tokens.dialogTitle')}
      okText={t('tokens.create')}
      cancelText={t('common.cancel')}
      confirmLoading={busy}
      onOk={() => void submit()}
      onCancel={onClose}
      destroyOnHidden
      okButtonProps={{ 'data-testid': 'token-create-submit' }}
    >
      <Form form={form} layout="vertical" initialValues={{ expiry: DEFAULT_EXPIRY }} onFinish={() => void submit()}>
        <Form.Item name="name" label={t('tokens.name')} rules={[{ required: true, whitespace: true, message: t('tokens.nameRequired') }]}>
          <Input maxLength={ACCESS_TOKEN_NAME_MAX} showCount placeholder={t('tokens.namePlaceholder')} data-testid="token-name" />
        </Form.Item>
        <Form.Item name="expiry" label={t('tokens.expiry')}>
          <Select options={options} data-testid="token-expiry" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
