import { CopyOutlined, GiftOutlined } from '@ant-design/icons';
import { App as AntApp, Button, Card, Input, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { INVITE_REWARD_YUAN } from '@yunyao/contract/constants';
import { copyText } from './copyText.ts';
import shared from './Personal.module.css';
import styles from './UserPage.module.css';

export function InviteCard({ url }: { url: string }) {
  const { t } = useTranslation('user');
  const { message } = AntApp.useApp();

  async function copy() {
    if (await copyText(url)) void message.success(t('invite.copied'));
    else void message.warning(t('invite.copyFailed'));
  }

  return (
    <Card
      title={
        <span className={shared.cardTitle}>
          <GiftOutlined /> {t('invite.title')}
        </span>
      }
      className={shared.card}
    >
      <p className={shared.muted}>{t('invite.text', { amount: INVITE_REWARD_YUAN })}</p>
      <Space.Compact className={styles.invite}>
        <Input readOnly value={url} onFocus={(e) => e.target.select()} data-testid="invite-url" />
        <Button type="primary" icon={<CopyOutlined />} onClick={() => void copy()} data-testid="invite-copy">
          {t('invite.copy')}
        </Button>
      </Space.Compact>
    </Card>
  );
}
