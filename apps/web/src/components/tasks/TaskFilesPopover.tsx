import { DownloadOutlined, FileOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Button, Empty, Popover, Spin, Typography } from 'antd';
import type { TaskFile } from '@yunyao/contract';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../api/endpoints.ts';
import styles from './TaskFilesPopover.module.css';

function FileList({ taskId, title, files }: { taskId: number; title: string; files: TaskFile[] }) {
  const { t } = useTranslation();
  return (
    <div className={styles.group}>
      <Typography.Text type="secondary">{title}</Typography.Text>
      {files.length === 0 ? (
        <div className={styles.none}>{t('task.noFiles')}</div>
      ) : (
        files.map((f) => (
          <button
            key={f.file}
            type="button"
            className={styles.file}
            onClick={() => void api.tasks.downloadFile(taskId, f.file, f.name).catch(() => undefined)}
            data-testid="task-file"
          >
            <FileOutlined />
            <span className={styles.name}>{f.name}</span>
            <DownloadOutlined />
          </button>
        ))
      )}
    </div>
  );
}

function FilesContent({ taskId }: { taskId: number }) {
  const { t } = useTranslation();
  const { data, isLoading } = useQuery({ queryKey: ['tasks', 'files', taskId], queryFn: () => api.tasks.files(taskId) });
  if (isLoading) return <Spin size="small" className={styles.loading} />;
  if (!data) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} />;
  return (
    <div className={styles.content} data-testid="task-files">
      <FileList taskId={taskId} title={t('task.inputs')} files={data.inputs} />
      <FileList taskId={taskId} title={t('task.outputs')} files={data.outputs} />
    </div>
  );
}

/**
 * The download action: clicking downloads the whole result archive, hovering
 * lists the input and output files one by one (spec: hover popover).
 */
export function TaskFilesPopover({ taskId, children }: { taskId: number; children?: ReactNode }) {
  const { t } = useTranslation();
  // antd renders the content on first open only, so the file list is fetched when someone hovers.
  return (
    <Popover content={<FilesContent taskId={taskId} />} destroyOnHidden placement="bottomRight" mouseEnterDelay={0.2}>
      {children ?? (
        <Button type="link" size="small" data-testid="task-download" onClick={() => void api.tasks.download(taskId).catch(() => undefined)}>
          {t('actions.download')}
        </Button>
      )}
    </Popover>
  );
}
