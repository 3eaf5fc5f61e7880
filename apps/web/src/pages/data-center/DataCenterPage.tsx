import { CloudUploadOutlined, DeleteOutlined, DownloadOutlined, EditOutlined, EyeOutlined, SearchOutlined } from '@ant-design/icons';
import { App, Button, Empty, Input, Popconfirm, Segmented, Tooltip } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { DataFile } from '@yunyao/contract';
import type { DataFileType } from '@yunyao/contract/files';
import { api } from '../../api/endpoints.ts';
import { useAppNavigate } from '../../app/navigation.ts';
import { DATA_CENTER_NS } from '../../components/data-center/dataCenter.i18n.ts';
import { FileTextDialog } from '../../components/data-center/FileTextDialog.tsx';
import { fileGridClass, FileTile, FileTileSkeletons } from '../../components/data-center/FileTile.tsx';
import { FILE_TYPE_ORDER, isCsv } from '../../components/data-center/fileTypes.tsx';
import { RenameDialog } from '../../components/data-center/RenameDialog.tsx';
import { UploadDialog } from '../../components/data-center/UploadDialog.tsx';
import { useDataFiles, useInvalidateFiles } from '../../components/data-center/useDataFiles.ts';
import styles from './DataCenterPage.module.css';

type Filter = 'all' | DataFileType;

interface FileActionsProps {
  file: DataFile;
  onView: (file: DataFile) => void;
  onRename: (file: DataFile) => void;
}

function FileActions({ file, onView, onRename }: FileActionsProps) {
  const { t } = useTranslation([DATA_CENTER_NS, 'common']);
  const { message } = App.useApp();
  const invalidate = useInvalidateFiles();

  async function remove() {
    try {
      await api.files.remove(file.id);
      void message.success(t('common:messages.deleted'));
      await invalidate();
    } catch {
      // The API client has already shown the server's message.
    }
  }

  return (
    <>
      <Tooltip title={t('common:actions.view')}>
        <Button type="text" icon={<EyeOutlined />} aria-label={t('common:actions.view')} onClick={() => onView(file)} data-testid="dc-view" />
      </Tooltip>
      <Tooltip title={t('common:actions.rename')}>
        <Button type="text" icon={<EditOutlined />} aria-label={t('common:actions.rename')} onClick={() => onRename(file)} data-testid="dc-rename" />
      </Tooltip>
      <Tooltip title={t('common:actions.download')}>
        <Button
          type="text"
          icon={<DownloadOutlined />}
          aria-label={t('common:actions.download')}
          onClick={() => void api.files.download(file).catch(() => undefined)}
          data-testid="dc-download"
        />
      </Tooltip>
      <Popconfirm
        title={t('deleteConfirm')}
        description={t('deleteHint')}
        okText={t('common:actions.delete')}
        cancelText={t('common:actions.cancel')}
        okButtonProps={{ danger: true }}
        onConfirm={remove}
      >
        <Tooltip title={t('common:actions.delete')}>
          <Button type="text" danger icon={<DeleteOutlined />} aria-label={t('common:actions.delete')} data-testid="dc-delete" />
        </Tooltip>
      </Popconfirm>
    </>
  );
}

export default function DataCenterPage() {
  const { t } = useTranslation([DATA_CENTER_NS, 'common']);
  const navigate = useAppNavigate();
  const [filter, setFilter] = useState<Filter>('all');
  const [search, setSearch] = useState('');
  const [uploading, setUploading] = useState(false);
  const [viewing, setViewing] = useState<DataFile | null>(null);
  const [renaming, setRenaming] = useState<DataFile | null>(null);
  const files = useDataFiles(filter === 'all' ? undefined : filter);

  const shown = useMemo(() => {
    const needle = search.trim().toLowerCase();
    const list = files.data ?? [];
    return needle ? list.filter((f) => f.name.toLowerCase().includes(needle)) : list;
  }, [files.data, search]);

  function view(file: DataFile) {
    if (isCsv(file)) navigate(`/calculate/dataCenter/csv/${file.id}`);
    else setViewing(file);
  }

  const openUpload = () => setUploading(true);

  let body;
  if (files.isPending) body = <FileTileSkeletons />;
  else if (shown.length === 0)
    body = (
      <Empty
        className={styles.empty}
        data-testid="dc-empty"
        description={
          search.trim() || filter !== 'all' ? (
            t('emptyFiltered')
          ) : (
            <>
              <div>{t('empty')}</div>
              <div className={styles.emptyHint}>{t('emptyHint')}</div>
            </>
          )
        }
      >
        <Button type="primary" icon={<CloudUploadOutlined />} onClick={openUpload}>
          {t('uploadNew')}
        </Button>
      </Empty>
    );
  else
    body = (
      <div className={fileGridClass} data-testid="dc-grid">
        {shown.map((file) => (
          <FileTile key={file.id} file={file} actions={<FileActions file={file} onView={view} onRename={setRenaming} />} />
        ))}
      </div>
    );

  return (
    <div className={styles.panel}>
      <div className={styles.header}>
        <div>
          <h2 className={styles.title}>{t('title')}</h2>
          <p className={styles.subtitle}>{t('subtitle')}</p>
        </div>
        <Button type="primary" icon={<CloudUploadOutlined />} onClick={openUpload} data-testid="dc-upload-open">
          {t('uploadNew')}
        </Button>
      </div>
      <div className={styles.toolbar}>
        <Segmented<Filter>
          value={filter}
          onChange={setFilter}
          options={(['all', ...FILE_TYPE_ORDER] as const).map((value) => ({ value, label: t(`types.${value}`) }))}
          data-testid="dc-type-filter"
        />
        <div className={styles.toolbarRight}>
          {files.data && <span>{t('count', { count: shown.length })}</span>}
          <Input
            className={styles.search}
            allowClear
            prefix={<SearchOutlined />}
            placeholder={t('search')}
            value={search}
            onChange={(e) => setSearch(e.target.value)}
            data-testid="dc-search"
          />
        </div>
      </div>
      {body}
      <UploadDialog
        open={uploading}
        onClose={() => setUploading(false)}
        onUploaded={(file) => {
          setUploading(false);
          // Show the new file even when another type is filtered.
          if (filter !== 'all' && filter !== file.type) setFilter('all');
        }}
      />
      <RenameDialog file={renaming} onClose={() => setRenaming(null)} />
      <FileTextDialog file={viewing} onClose={() => setViewing(null)} />
    </div>
  );
}
