import { CloseOutlined, DatabaseOutlined, InboxOutlined, PaperClipOutlined } from '@ant-design/icons';
import { App as AntApp, Button, Space, Tag, Upload } from 'antd';
import { fileFormatRefusal, fileTooLargeRefusal } from '@yunyao/contract/files';
import type { DataFile } from '@yunyao/contract';
import type { FileFieldSpec } from '@yunyao/modules/forms';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DataCenterPicker } from '../data-center/DataCenterPicker.tsx';
import './module-page.i18n.ts';
import styles from './ModuleFileField.module.css';
import { acceptsName, countPicked, dataCenterTypesFor, type PickedFiles } from './picked-files.ts';
import { pick } from '../../i18n/index.ts';

const WARNING_SECONDS = 2;
const MB = 1024 * 1024;

export interface ModuleFileFieldProps {
  spec: FileFieldSpec;
  /** Narrower than the spec when another field decides (e.g. 2D or 3D input). */
  extensions?: readonly string[];
  value: PickedFiles;
  onChange: (value: PickedFiles) => void;
  testId: string;
  /** Where files may come from; a source radio around the field narrows it to one. */
  sources?: 'both' | 'upload' | 'dataCenter';
}

/** A module's file input: drag or pick uploads, or choose files already in the data center. */
export function ModuleFileField({ spec, extensions = spec.extensions, value, onChange, testId, sources = 'both' }: ModuleFileFieldProps) {
  const { t, i18n } = useTranslation('modulePage');
  const { message } = AntApp.useApp();
  const [picking, setPicking] = useState(false);
  const room = spec.max - countPicked(value);
  const uploads = sources !== 'dataCenter';
  const dataCenter = sources !== 'upload' && Boolean(spec.dataCenterField);

  function problem(name: string, size: number): string | null {
    if (!acceptsName(extensions, name)) return pick(fileFormatRefusal(name, extensions), i18n.language);
    if (size > spec.maxBytes) return pick(spec.tooLargeMessage ?? fileTooLargeRefusal(name, spec.maxBytes), i18n.language);
    if (size === 0) return t('empty', { name });
    return null;
  }

  function addUploads(files: File[]) {
    const accepted: File[] = [];
    for (const file of files) {
      const why = problem(file.name, file.size);
      if (why) void message.warning(why, WARNING_SECONDS);
      else accepted.push(file);
    }
    if (accepted.length > room) void message.warning(t('tooMany', { count: spec.max }), WARNING_SECONDS);
    onChange({ ...value, uploads: [...value.uploads, ...accepted.slice(0, Math.max(room, 0))] });
  }

  function addDataCenter(files: DataFile[]) {
    setPicking(false);
    const fresh = files.filter((f) => !value.dataCenter.some((d) => d.id === f.id));
    const accepted = fresh.filter((f) => {
      const why = problem(f.filename, f.size);
      if (why) void message.warning(why, WARNING_SECONDS);
      return !why;
    });
    if (accepted.length > room) void message.warning(t('tooMany', { count: spec.max }), WARNING_SECONDS);
    onChange({ ...value, dataCenter: [...value.dataCenter, ...accepted.slice(0, Math.max(room, 0))] });
  }

  return (
    <div className={styles.field}>
      {uploads && (
        <div data-testid={testId}>
          <Upload.Dragger
            multiple={spec.max > 1}
            accept={extensions.join(',')}
            showUploadList={false}
            // Files are kept here and sent with the form; nothing uploads until submit.
            beforeUpload={(_file, list) => {
              if (_file === list[0]) addUploads(list);
              return false;
            }}
            disabled={room <= 0}
          >
            <p className="ant-upload-drag-icon">
              <InboxOutlined />
            </p>
            <p className="ant-upload-text">{t('dragHint')}</p>
            <p className="ant-upload-hint">
              {t('accepts', { extensions: extensions.join(' '), count: spec.max, size: Math.round(spec.maxBytes / MB) })}
            </p>
          </Upload.Dragger>
        </div>
      )}
      <Space className={styles.row} wrap>
        {dataCenter && (
          <Button icon={<DatabaseOutlined />} onClick={() => setPicking(true)} disabled={room <= 0} data-testid={`${testId}-dc`}>
            {t('fromDataCenter')}
          </Button>
        )}
        {value.uploads.map((file, i) => (
          <Tag
            key={`u-${file.name}-${i}`}
            icon={<PaperClipOutlined />}
            closable
            closeIcon={<CloseOutlined />}
            onClose={() => onChange({ ...value, uploads: value.uploads.filter((_, j) => j !== i) })}
            className={styles.tag}
            data-testid={`${testId}-picked`}
          >
            {file.name}
          </Tag>
        ))}
        {value.dataCenter.map((file) => (
          <Tag
            key={`d-${file.id}`}
            color="blue"
            icon={<DatabaseOutlined />}
            closable
            onClose={() => onChange({ ...value, dataCenter: value.dataCenter.filter((d) => d.id !== file.id) })}
            className={styles.tag}
            data-testid={`${testId}-picked`}
          >
            {file.name}
          </Tag>
        ))}
      </Space>
      {dataCenter && (
        <DataCenterPicker
          open={picking}
          types={dataCenterTypesFor(extensions)}
          multiple={spec.max > 1}
          max={Math.max(room, 1)}
          onCancel={() => setPicking(false)}
          onOk={addDataCenter}
        />
      )}
    </div>
  );
}
