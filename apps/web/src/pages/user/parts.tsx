import { Button, Card, Empty, Result } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import styles from './Personal.module.css';

/** A section's card: icon and title on the left, actions on the right. */
export function SectionCard({ icon, title, extra, children, testId }: { icon?: ReactNode; title: ReactNode; extra?: ReactNode; children: ReactNode; testId?: string }) {
  return (
    <Card
      className={styles.card}
      title={
        <span className={styles.cardTitle}>
          {icon} {title}
        </span>
      }
      extra={extra}
      data-testid={testId}
    >
      {children}
    </Card>
  );
}

/** A table's empty text: blank while the first page loads, so "no data" never flashes. */
export function tableEmpty(loading: boolean, text: string): { emptyText: ReactNode } {
  return {
    emptyText: loading ? <div className={styles.loadingEmpty} /> : <Empty className={styles.tableEmpty} image={Empty.PRESENTED_IMAGE_SIMPLE} description={text} />,
  };
}

export function LoadFailed({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation('personal');
  return <Result status="warning" title={t('common.loadFailed')} extra={<Button onClick={onRetry}>{t('common.retry')}</Button>} />;
}

/** Money as the API gives it (yuan), two decimals. */
export const money = (v: number | null | undefined) => (typeof v === 'number' ? v.toFixed(2) : '-');
