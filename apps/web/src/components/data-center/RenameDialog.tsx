import { App, Form, Input, Modal } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { DataFile } from '@yunyao/contract';
import { api } from '../../api/endpoints.ts';
import { DATA_CENTER_NS } from './dataCenter.i18n.ts';
import { useInvalidateFiles } from './useDataFiles.ts';

/** The server's limit on a file name. */
const NAME_MAX = 100;

export function RenameDialog({ file, onClose }: { file: DataFile | null; onClose: () => void }) {
  const { t } = useTranslation([DATA_CENTER_NS, 'common']);
  const { message } = App.useApp();
  const invalidate = useInvalidateFiles();
  const [form] = Form.useForm<{ name: string }>();
  const [saving, setSaving] = useState(false);

  async function save() {
    if (!file) return;
    const { name } = await form.validateFields();
    setSaving(true);
    try {
      await api.files.rename(file.id, name.trim());
      void message.success(t('common:messages.modified'));
      await invalidate();
      onClose();
    } catch {
      // The API client has already shown the server's message.
    } finally {
      setSaving(false);
    }
  }

  return (
    <Modal
      open={file !== null}
      title={t('rename.title')}
      onCancel={onClose}
      onOk={() => void save().catch(() => undefined)}
      okText={t('common:actions.confirm')}
      cancelText={t('common:actions.cancel')}
      confirmLoading={saving}
      okButtonProps={{ 'data-testid': 'dc-rename-ok' }}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" initialValues={{ name: file?.name }} onFinish={() => void save()} preserve={false}>
        <Form.Item
          name="name"
          label={t('rename.label')}
          rules={[{ required: true, whitespace: true, message: t('rename.required') }]}
        >
          <Input maxLength={NAME_MAX} showCount autoFocus data-testid="dc-rename-input" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
