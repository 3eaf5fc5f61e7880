import { Alert, Button, Card, Result, Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { BUSINESS_EMAIL } from '../landing/contact.ts';
import { AccountOverview } from './AccountOverview.tsx';
import { InviteCard } from './InviteCard.tsx';
import { NoticeCard } from './NoticeCard.tsx';
import { QuickLinks } from './QuickLinks.tsx';
import './user.i18n.ts';
import styles from './UserPage.module.css';
import { useUserInfo } from './useUserInfo.ts';

/** Account overview; the full personal centre (funds, invoices, tickets) comes later. */
export default function UserPage() {
  const { t } = useTranslation('user');
  const [params] = useSearchParams();
  const info = useUserInfo();
  const charging = params.get('isCharge') === 'true';

  return (
    <div className={styles.page}>
      {charging && (
        <Alert
          type="info"
          showIcon
          className={styles.alert}
          title={t('charge.title')}
          description={t('charge.text', { email: BUSINESS_EMAIL })}
          data-testid="charge-notice"
        />
      )}

      {info.isError ? (
        <Card className={styles.card}>
          <Result status="warning" title={t('loadFailed')} extra={<Button onClick={() => void info.refetch()}>{t('retry')}</Button>} />
        </Card>
      ) : info.data ? (
        <AccountOverview info={info.data} />
      ) : (
        <section className={styles.overview} data-testid="user-skeleton">
          <Skeleton active avatar={{ size: 64 }} paragraph={{ rows: 3 }} />
        </section>
      )}

      <div className={styles.grid}>
        <div className={styles.column}>
          {info.data ? (
            <InviteCard url={info.data.invite_url} />
          ) : (
            <Card className={styles.card}>
              <Skeleton active paragraph={{ rows: 2 }} />
            </Card>
          )}
          <QuickLinks />
        </div>
        <NoticeCard />
      </div>
    </div>
  );
}
