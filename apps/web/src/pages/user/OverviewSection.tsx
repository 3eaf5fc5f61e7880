import { Card, Skeleton } from 'antd';
import { useState } from 'react';
import { AccountOverview } from './AccountOverview.tsx';
import { BalanceRefundDialog } from './BalanceRefundDialog.tsx';
import { NoticeCard } from './NoticeCard.tsx';
import { LoadFailed } from './parts.tsx';
import styles from './Personal.module.css';
import { RefundList } from './RefundList.tsx';
import { ServiceCard } from './ServiceCard.tsx';
import heroStyles from './UserPage.module.css';
import { useUserInfo } from './useUserInfo.ts';

/** Section 0: balance and spending, refunds, customer service and the official account. */
export function OverviewSection({ onRecharge }: { onRecharge: () => void }) {
  const info = useUserInfo();
  const [refunding, setRefunding] = useState(false);
  return (
    <>
      {info.isError ? (
        <Card className={styles.card}>
          <LoadFailed onRetry={() => void info.refetch()} />
        </Card>
      ) : info.data ? (
        <AccountOverview info={info.data} onRecharge={onRecharge} onRefund={() => setRefunding(true)} />
      ) : (
        <section className={heroStyles.overview} data-testid="user-skeleton">
          <Skeleton active avatar={{ size: 64 }} paragraph={{ rows: 3 }} />
        </section>
      )}
      <div className={styles.grid}>
        <div className={styles.column}>
          <RefundList />
          <NoticeCard />
        </div>
        <div className={styles.column}>
          <ServiceCard />
        </div>
      </div>
      {refunding && info.data && <BalanceRefundDialog balance={info.data.balance} onClose={() => setRefunding(false)} />}
    </>
  );
}
