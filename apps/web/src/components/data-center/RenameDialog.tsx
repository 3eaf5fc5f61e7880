import { App } from 'antd';
import { useTranslation } from 'react-i18next';
import type { DataFile } from '@yunyao/contract';
import { api } from '../../api/endpoints.ts';
import { RenameDialog as NameDialog } from '../RenameDialog.tsx';
import { DATA_CENTER_NS } from './dataCenter.i18n.ts';
import { useInvalidateFiles } from './useDataFiles.ts';

/** The server's limit on a file name. */
const NAME_MAX = 100;

export function RenameDialog({ file, onClose }: { file: DataFile | null; onClose: () => void }) {
  const { t } = useTranslation([DATA_CENTER_NS, 'common']);
  const { message } = App.useApp();
  const invalidate = useInvalidateFiles();
  return (
    <NameDialog
      current={file?.name ?? null}
      title={t('rename.title')}
      label={t('rename.label')}
      requiredMessage={t('rename.required')}
      maxLength={NAME_MAX}
      testId="dc-rename"
      save={async (name) => {
        await api.files.rename(file!.id, name);
        void message.success(t('common:messages.modified'));
        await invalidate();
      }}
      onClose={onClose}
    />
  );
}
