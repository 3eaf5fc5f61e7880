import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import styles from './ComingSoonBadge.module.css';

/** Marks a page whose module is not built yet, wherever it is offered (sidebar, home grid), so nobody mistakes it for a live one. */
export function ComingSoonBadge() {
  const { t } = useTranslation();
  return (
    <Tag bordered={false} className={styles.badge} data-testid="coming-soon-badge">
      {t('comingSoon.badge')}
    </Tag>
  );
}

/** A page's title with the badge when the page has nothing to load yet; a long title is cut short, never the badge. */
export function PageTitle({ text, live }: { text: string; live: boolean }) {
  if (live) return <>{text}</>;
  return (
    <span className={styles.title} title={text}>
      <span className={styles.text}>{text}</span>
      <ComingSoonBadge />
    </span>
  );
}
