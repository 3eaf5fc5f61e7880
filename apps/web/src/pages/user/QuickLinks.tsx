import { AppstoreOutlined, BookOutlined, DatabaseOutlined, RightOutlined, UnorderedListOutlined } from '@ant-design/icons';
import { Card } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import styles from './UserPage.module.css';

const LINKS: { key: string; to: string; icon: ReactNode }[] = [
  { key: 'tasks', to: '/calculate/list', icon: <UnorderedListOutlined /> },
  { key: 'compute', to: '/calculate/home', icon: <AppstoreOutlined /> },
  { key: 'dataCenter', to: '/calculate/dataCenter', icon: <DatabaseOutlined /> },
  { key: 'tutorial', to: '/document', icon: <BookOutlined /> },
];

export function QuickLinks() {
  const { t } = useTranslation('user');
  return (
    <Card title={<span className={styles.cardTitle}>{t('quick.title')}</span>} className={styles.card}>
      <div className={styles.quick}>
        {LINKS.map((l) => (
          <Link key={l.key} to={l.to} className={styles.quickLink} data-testid={`user-link-${l.key}`}>
            <span className={styles.quickIcon}>{l.icon}</span>
            <span className={styles.quickText}>
              <strong>{t(`quick.${l.key}`)}</strong>
              <span>{t(`quick.${l.key}Text`)}</span>
            </span>
            <RightOutlined className={styles.quickArrow} />
          </Link>
        ))}
      </div>
    </Card>
  );
}
