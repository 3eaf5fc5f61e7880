import { SearchOutlined, UploadOutlined } from '@ant-design/icons';
import { App, Button, Empty, Input, Modal } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { DataFile } from '@yunyao/contract';
import type { DataFileType } from '@yunyao/contract/files';
import { DATA_CENTER_NS } from './dataCenter.i18n.ts';
import styles from './dialogs.module.css';
import { fileGridClass, FileTile, FileTileSkeletons } from './FileTile.tsx';
import { UploadDialog } from './UploadDialog.tsx';
import { useDataFiles } from './useDataFiles.ts';

/** Spec: validation warnings show for 2 seconds. */
const WARNING_SECONDS = 2;

export interface DataCenterPickerProps {
  open: boolean;
  /** Only files of these types are offered. */
  types: DataFileType[];
  multiple?: boolean;
  /** The most files that may be chosen when `multiple`. */
  max?: number;
  onCancel: () => void;
  onOk: (files: DataFile[]) => void;
  title?: string;
}

/** The dialog module forms open to take files from the user's data center. */
export function DataCenterPicker({ open, types, multiple = false, max, onCancel, onOk, title }: DataCenterPickerProps) {
  const { t } = useTranslation([DATA_CENTER_NS, 'common']);
  const { message } = App.useApp();
  // One shared list for every picker and the page; each picker filters it here.
  const files = useDataFiles(undefined, open);
  const [chosen, setChosen] = useState<number[]>([]);
  const [search, setSearch] = useState('');
  const [uploading, setUploading] = useState(false);
  const limit = multiple ? max : 1;

  useEffect(() => {
    if (open) {
      setChosen([]);
      setSearch('');
    }
  }, [open]);

  const offered = useMemo(() => (files.data ?? []).filter((f) => types.includes(f.type)), [files.data, types]);
  const shown = useMemo(() => {
    const needle = search.trim().toLowerCase();
    return needle ? offered.filter((f) => f.name.toLowerCase().includes(needle)) : offered;
  }, [offered, search]);
  const typeNames = types.map((type) => t(`types.${type}`)).join(t('listSeparator'));

  function toggle(id: number) {
    if (!multiple) {
      setChosen((prev) => (prev[0] === id ? [] : [id]));
      return;
    }
    if (chosen.includes(id)) {
      setChosen(chosen.filter((c) => c !== id));
    } else if (limit !== undefined && chosen.length >= limit) {
      void message.warning(t('picker.max', { count: limit }), WARNING_SECONDS);
    } else {
      setChosen([...chosen, id]);
    }
  }

  function confirm() {
    // Keep the order in which the user picked them.
    const byId = new Map(offered.map((f) => [f.id, f]));
    onOk(chosen.map((id) => byId.get(id)).filter((f): f is DataFile => f !== undefined));
  }

  let body;
  if (files.isPending) body = <FileTileSkeletons count={6} />;
  else if (offered.length === 0)
    body = (
      <Empty description={t('picker.empty', { types: typeNames })}>
        <Button type="primary" icon={<UploadOutlined />} onClick={() => setUploading(true)}>
          {t('uploadNew')}
        </Button>
        <div style={{ marginTop: 12 }}>
          <Link to="/calculate/dataCenter">{t('picker.goUpload')}</Link>
        </div>
      </Empty>
    );
  else if (shown.length === 0) body = <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('emptyFiltered')} />;
  else
    body = (
      <div className={fileGridClass}>
        {shown.map((file) => (
          <FileTile key={file.id} file={file} selected={chosen.includes(file.id)} onSelect={() => toggle(file.id)} />
        ))}
      </div>
    );

  return (
    <>
      <Modal
        open={open}
        title={title ?? t('picker.title')}
        width={920}
        onCancel={onCancel}
        destroyOnHidden
        modalRender={(node) => <div data-testid="dc-picker">{node}</div>}
        footer={
          <div className={styles.pickerFooter}>
            <span className={styles.footerLeft}>
              {limit !== undefined && multiple ? t('picker.selectedMax', { count: chosen.length, max: limit }) : t('picker.selected', { count: chosen.length })}
            </span>
            <Button icon={<UploadOutlined />} onClick={() => setUploading(true)}>
              {t('uploadNew')}
            </Button>
            <Button onClick={onCancel}>{t('common:actions.cancel')}</Button>
            <Button type="primary" disabled={chosen.length === 0} onClick={confirm} data-testid="dc-picker-ok">
              {t('common:actions.confirm')}
            </Button>
          </div>
        }
      >
        <div className={styles.pickerToolbar}>
          <span>{t('picker.accepts', { types: typeNames })}</span>
          <Input
            allowClear
            prefix={<SearchOutlined />}
            placeholder={t('search')}
            value={search}
            onChange={(e) => setSearch(e.target.value)}
            style={{ width: 240 }}
          />
        </div>
        <div className={styles.pickerBody}>{body}</div>
      </Modal>
      <UploadDialog
        open={uploading}
        defaultType={types[0]}
        onClose={() => setUploading(false)}
        onUploaded={(file) => {
          setUploading(false);
          // A fresh upload of an offered type is what the user came for: select it.
          if (types.includes(file.type) && (limit === undefined || chosen.length < limit || !multiple)) {
            setChosen((prev) => (multiple ? [...prev, file.id] : [file.id]));
          }
        }}
      />
    </>
  );
}
