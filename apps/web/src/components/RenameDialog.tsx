import { Form, Input, Modal } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

export interface RenameDialogProps {
  /** The thing's current name; null: the dialog is closed. */
  current: string | null;
  title: string;
  label: string;
  /** Shown under an empty name. */
  requiredMessage: string;
  /** The server's limit on the name. */
  maxLength: number;
  /** `<testId>-input` and `<testId>-ok`. */
  testId: string;
  /** Saves the trimmed name; the API client shows a refusal itself, so a rejection only keeps the dialog open. */
  save: (name: string) => Promise<void>;
  onClose: () => void;
}

/** One name field in a dialog: what renaming a data-center file or a QSAR model looks like. */
export function RenameDialog({ current, title, label, requiredMessage, maxLength, testId, save, onClose }: RenameDialogProps) {
  const { t } = useTranslation('common');
  const [form] = Form.useForm<{ name: string }>();
  const [saving, setSaving] = useState(false);

  async function submit() {
    if (current === null) return;
    const { name } = await form.validateFields();
    setSaving(true);
    try {
      await save(name.trim());
      onClose();
    } catch {
      // The API client has already shown the server's message.
    } finally {
      setSaving(false);
    }
  }

  return (
    <Modal
      open={current !== null}
      title={title}
      onCancel={onClose}
      onOk={() => void submit().catch(() => undefined)}
      okText={t('actions.confirm')}
      cancelText={t('actions.cancel')}
      confirmLoading={saving}
      okButtonProps={{ 'data-testid': `${testId}-ok` }}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" initialValues={{ name: current }} onFinish={() => void submit()} preserve={false}>
        <Form.Item name="name" label={label} rules={[{ required: true, whitespace: true, message: requiredMessage }]}>
          <Input maxLength={maxLength} showCount autoFocus data-testid={`${testId}-input`} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
