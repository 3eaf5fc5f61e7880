import { RollbackOutlined, UnorderedListOutlined, UserOutlined, WalletOutlined } from '@ant-design/icons';
import { Avatar, Button } from 'antd';
import { useTranslation } from 'react-i18next';
import type { UserInfo } from '@yunyao/contract';
import { useAppNavigate } from '../../app/navigation.ts';
import styles from './UserPage.module.css';
import { HeldBalance } from './HeldBalance.tsx';
import { formatYuan } from './useUserInfo.ts';

/** Who is signed in, what is left and what has been spent. */
export function AccountOverview({ info, onRecharge, onRefund }: { info: UserInfo; onRecharge: () => void; onRefund: () => void }) {
  const { t } = useTranslation('user');
  const navigate = useAppNavigate();
  return (
    <section className={styles.overview}>
      <div className={styles.identity}>
        <Avatar size={64} icon={<UserOutlined />} className={styles.avatar} />
        <div>
          <h1 className={styles.email} data-testid="user-email">
            {info.email}
          </h1>
          <p className={styles.registered}>{t('registeredOn', { date: info.created_at })}</p>
        </div>
      </div>
      <div className={styles.money}>
        <div className={styles.figure}>
          <span className={styles.figureLabel}>
            <WalletOutlined /> {t('balance')}
          </span>
          <strong data-testid="overview-balance" data-value={info.balance}>
            {formatYuan(info.balance)}
            <small>{t('yuan')}</small>
          </strong>
          <HeldBalance info={info} className={styles.figureHint} />
          <span className={styles.figureHint}>
            {t('balanceHint')}
            <button type="button" className={styles.refundLink} onClick={onRefund} data-testid="overview-refund">
              <RollbackOutlined /> {t('refund')}
            </button>
          </span>
        </div>
        <div className={styles.figure}>
          <span className={styles.figureLabel}>{t('used')}</span>
          <strong data-testid="user-task-cost">
            {formatYuan(info.task_cost)}
            <small>{t('yuan')}</small>
          </strong>
          <span className={styles.figureHint}>{t('usedHint')}</span>
        </div>
        <div className={styles.moneyActions}>
          <Button type="primary" size="large" onClick={onRecharge} data-testid="user-recharge">
            {t('recharge')}
          </Button>
          <Button size="large" icon={<UnorderedListOutlined />} onClick={() => navigate('/calculate/list')}>
            {t('tasks')}
          </Button>
        </div>
      </div>
    </section>
  );
}
