import { CopyOutlined } from '@ant-design/icons';
import { Alert, App as AntApp, Button, Input, Modal, Space } from 'antd';
import type { CreatedAccessToken } from '@yunyao/contract';
import { useTranslation } from 'react-i18next';
import { copyText } from './copyText.ts';
import { SUCCESS_SECONDS } from './sections.ts';

/**
 * Shows a new token's secret, the only time the server ever sends it. Closing needs a
 * deliberate click: a stray click outside must not lose a token the user has not copied.
 */
export function TokenSecretDialog({ created, onClose }: { created: CreatedAccessToken; onClose: () => void }) {
  const { t } = useTranslation('personal');
  const { message } = AntApp.useApp();

  async function copy() {
    if (await copyText(created.token)) void message.success(t('tokens.copied'), SUCCESS_SECONDS);
    else void message.warning(t('tokens.copyFailed'), SUCCESS_SECONDS);
  }

  return (
    <Modal
      open
      title={`${t('tokens.createdTitle')}: ${created.name}`}
      maskClosable={false}
      keyboard={false}
      onCancel={onClose}
      footer={
        <Button type="primary" onClick={onClose} data-testid="token-secret-done">
          {t('tokens.done')}
        </Button>
      }
    >
      <Alert type="warning" showIcon message={t('tokens.createdWarning')} style={{ marginBottom: 16 }} />
      <Space.Compact style={{ width: '100%' }}>
        <Input readOnly value={created.token} onFocus={(e) => e.target.select()} style={{ fontFamily: 'monospace' }} data-testid="token-secret" />
        <Button icon={<CopyOutlined />} onClick={() => void copy()} data-testid="token-copy">
          {t('tokens.copy')}
        </Button>
      </Space.Compact>
    </Modal>
  );
}
