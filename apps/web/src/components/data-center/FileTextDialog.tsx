import { DownloadOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Empty, Modal, Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';
import type { DataFile } from '@yunyao/contract';
import { api } from '../../api/endpoints.ts';
import { DATA_CENTER_NS } from './dataCenter.i18n.ts';
import { fetchFileText, PREVIEW_BYTES } from './fileText.ts';
import { formatSize, isArchive } from './fileTypes.tsx';
import styles from './dialogs.module.css';

/** Shows the beginning of a text file (structure, sequence) in a monospace box. */
export function FileTextDialog({ file, onClose }: { file: DataFile | null; onClose: () => void }) {
  const { t } = useTranslation([DATA_CENTER_NS, 'common']);
  const readable = file !== null && !isArchive(file);
  const text = useQuery({
    queryKey: ['file-text', file?.id, file?.url],
    queryFn: ({ signal }) => fetchFileText(file!, signal),
    enabled: readable,
    staleTime: 60_000,
  });

  let body;
  if (!file) body = null;
  else if (!readable) body = <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('view.binary')} />;
  else if (text.isPending) body = <Skeleton active paragraph={{ rows: 10 }} />;
  else if (text.isError) body = <Alert type="error" showIcon title={t('view.failed')} />;
  else if (!text.data.text) body = <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('view.emptyFile')} />;
  else
    body = (
      <>
        {text.data.truncated && <Alert className={styles.notice} type="info" showIcon title={t('view.truncated', { size: formatSize(PREVIEW_BYTES) })} />}
        <pre className={styles.code} data-testid="dc-view-text">
          {text.data.text}
        </pre>
      </>
    );

  return (
    <Modal
      open={file !== null}
      title={file?.name}
      width={880}
      onCancel={onClose}
      destroyOnHidden
      footer={[
        <Button key="download" icon={<DownloadOutlined />} onClick={() => file && void api.files.download(file).catch(() => undefined)}>
          {t('common:actions.download')}
        </Button>,
        <Button key="close" type="primary" onClick={onClose}>
          {t('common:actions.confirm')}
        </Button>,
      ]}
    >
      <div data-testid="dc-view-dialog">{body}</div>
    </Modal>
  );
}
