import { DownloadOutlined } from '@ant-design/icons';
import { Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import './affinity.i18n.ts';

/** Small real inputs a user can download to try a form (served from apps/web/public/samples). */
export function SampleLinks({ files }: { files: readonly string[] }) {
  const { t } = useTranslation('affinity');
  return (
    <Space size="small" wrap>
      <Typography.Text type="secondary">{t('samples')}:</Typography.Text>
      {files.map((name) => (
        <Typography.Link key={name} href={`/samples/${name}`} download={name}>
          <DownloadOutlined /> {name}
        </Typography.Link>
      ))}
    </Space>
  );
}
