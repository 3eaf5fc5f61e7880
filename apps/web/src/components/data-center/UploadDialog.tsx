import { InboxOutlined } from '@ant-design/icons';
import { App, Divider, Form, Input, Modal, Select, Upload, type UploadFile } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { DataFile } from '@yunyao/contract';
import { fileFormatRefusal, type DataFileType } from '@yunyao/contract/files';
import { pick } from '../../i18n/index.ts';
import { api } from '../../api/endpoints.ts';
import { DATA_CENTER_NS } from './dataCenter.i18n.ts';
import { extensionsOf, FILE_TYPE_ORDER, hasAllowedExtension } from './fileTypes.tsx';
import styles from './dialogs.module.css';
import { useInvalidateFiles } from './useDataFiles.ts';

/** Spec: validation warnings show for 2 seconds. */
const WARNING_SECONDS = 2;
/** Spec: the SMILES textarea takes at most 100 molecules. */
const SMILES_MAX = 100;
const NAME_MAX = 100;

interface UploadValues {
  type: DataFileType;
  name?: string;
  smiles?: string;
}

export interface UploadDialogProps {
  open: boolean;
  onClose: () => void;
  /** Called with the new file once it is stored (the file list is already refreshed). */
  onUploaded?: (file: DataFile) => void;
  defaultType?: DataFileType;
}

const countLines = (text: string) => text.split(/\r?\n/).filter((l) => l.trim()).length;

export function UploadDialog({ open, onClose, onUploaded, defaultType = 'smiles' }: UploadDialogProps) {
  const { t, i18n } = useTranslation([DATA_CENTER_NS, 'common']);
  const { message } = App.useApp();
  const invalidate = useInvalidateFiles();
  const [form] = Form.useForm<UploadValues>();
  const type = Form.useWatch('type', form) ?? defaultType;
  const smilesText = Form.useWatch('smiles', form) ?? '';
  const [file, setFile] = useState<File | null>(null);
  const [uploading, setUploading] = useState(false);
  /** Slices sent of how many, while a large file goes up in slices. */
  const [slices, setSlices] = useState<{ done: number; total: number } | null>(null);
  const extensions = extensionsOf(type);

  function close() {
    setFile(null);
    onClose();
  }

  const wrongFormat = (name: string) => void message.warning(pick(fileFormatRefusal(name, extensions), i18n.language), WARNING_SECONDS);

  async function submit() {
    const values = form.getFieldsValue();
    const name = values.name?.trim() ?? '';
    const smiles = values.smiles?.trim() ?? '';
    const typed = type === 'smiles' && name !== '' && smiles !== '';
    if (!file && !typed) {
      void message.warning(t('upload.missing'), WARNING_SECONDS);
      return;
    }
    if (file && !hasAllowedExtension(type, file.name)) {
      wrongFormat(file.name);
      return;
    }
    if (!file && countLines(smiles) > SMILES_MAX) {
      void message.warning(t('upload.tooMany', { max: SMILES_MAX }), WARNING_SECONDS);
      return;
    }
    setUploading(true);
    try {
      const stored = file ? await api.files.upload(type, file, (done, total) => setSlices({ done, total })) : await api.files.uploadSmiles(name, smiles);
      void message.success(t('upload.success'));
      await invalidate();
      form.resetFields();
      setFile(null);
      onUploaded?.(stored);
    } catch {
      // The API client has already shown the server's message.
    } finally {
      setUploading(false);
      setSlices(null);
    }
  }

  const fileList: UploadFile[] = file ? [{ uid: 'chosen', name: file.name, size: file.size, status: 'done', originFileObj: file as UploadFile['originFileObj'] }] : [];

  return (
    <Modal
      open={open}
      title={t('upload.title')}
      width={600}
      onCancel={close}
      onOk={() => void submit()}
      okText={slices ? t('upload.slices', slices) : t('upload.submit')}
      cancelText={t('common:actions.cancel')}
      confirmLoading={uploading}
      okButtonProps={{ 'data-testid': 'dc-upload-submit' }}
      destroyOnHidden
    >
      <Form<UploadValues> form={form} layout="vertical" initialValues={{ type: defaultType }} preserve={false} requiredMark={false}>
        <Form.Item name="type" label={t('upload.type')}>
          <Select
            data-testid="dc-upload-type"
            options={FILE_TYPE_ORDER.map((value) => ({ value, label: `${t(`types.${value}`)} (${extensionsOf(value).join(' / ')})` }))}
            onChange={(next: DataFileType) => {
              // A file chosen for the previous type may not fit the new one.
              if (file && !hasAllowedExtension(next, file.name)) setFile(null);
            }}
          />
        </Form.Item>
        <Form.Item label={t('upload.file')}>
          <div data-testid="dc-upload-file">
            <Upload.Dragger
              accept={extensions.join(',')}
              multiple={false}
              maxCount={1}
              fileList={fileList}
              beforeUpload={(chosen) => {
                if (!hasAllowedExtension(type, chosen.name)) {
                  wrongFormat(chosen.name);
                  return Upload.LIST_IGNORE;
                }
                setFile(chosen);
                // Keep the file here; it is sent when the dialog is confirmed.
                return false;
              }}
              onRemove={() => setFile(null)}
            >
              <p className="ant-upload-drag-icon">
                <InboxOutlined />
              </p>
              <p className="ant-upload-text">{t('upload.dragText')}</p>
              <p className="ant-upload-hint">{t('upload.dragHint', { exts: extensions.join(' / ') })}</p>
            </Upload.Dragger>
          </div>
        </Form.Item>
        {type === 'smiles' && (
          <>
            <Divider plain className={styles.divider}>
              {t('upload.or')}
            </Divider>
            <Form.Item name="name" label={t('upload.name')}>
              <Input placeholder={t('upload.namePlaceholder')} maxLength={NAME_MAX} disabled={file !== null} data-testid="dc-upload-name" />
            </Form.Item>
            <Form.Item
              name="smiles"
              label={t('upload.smiles')}
              className={styles.smilesField}
              extra={
                <span className={styles.hint}>
                  {t('upload.smilesHint', { max: SMILES_MAX })} · {countLines(smilesText)} / {SMILES_MAX}
                </span>
              }
            >
              <Input.TextArea rows={5} placeholder={t('upload.smilesPlaceholder')} disabled={file !== null} spellCheck={false} data-testid="dc-upload-smiles" />
            </Form.Item>
          </>
        )}
      </Form>
    </Modal>
  );
}
