import { MailOutlined, NotificationOutlined } from '@ant-design/icons';
import { Card } from 'antd';
import { useTranslation } from 'react-i18next';
import { BUSINESS_EMAIL } from '../landing/contact.ts';
import shared from './Personal.module.css';
import styles from './UserPage.module.css';

const NOTICES = ['trial', 'invite', 'overrun', 'licence'] as const;

/** The spec's standing notices to every user (spec document 1, section 1). */
export function NoticeCard() {
  const { t } = useTranslation('user');
  return (
    <Card
      title={
        <span className={shared.cardTitle}>
          <NotificationOutlined /> {t('notice.title')}
        </span>
      }
      className={shared.card}
      data-testid="user-notices"
    >
      <ol className={styles.notices}>
        {NOTICES.map((key, i) => (
          <li key={key}>
            <span className={styles.noticeIndex}>{i + 1}</span>
            <span>{t(`notice.${key}`)}</span>
          </li>
        ))}
      </ol>
      <div className={styles.service}>
        <MailOutlined />
        <span>{t('notice.service')}</span>
        <a href={`mailto:${BUSINESS_EMAIL}`}>{BUSINESS_EMAIL}</a>
      </div>
    </Card>
  );
}
