import { BookOutlined, WalletOutlined } from '@ant-design/icons';
import { Button, Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';
import { useAppNavigate } from '../../app/navigation.ts';
import { HeldBalance } from '../user/HeldBalance.tsx';
import { formatYuan, useUserInfo } from '../user/useUserInfo.ts';
import styles from './CalculateHomePage.module.css';

/** Greeting, how the platform works, and what the balance allows. */
export function WelcomePanel() {
  const { t } = useTranslation('calculateHome');
  const { t: tc } = useTranslation();
  const navigate = useAppNavigate();
  const info = useUserInfo();

  return (
    <section className={styles.welcome}>
      <div className={styles.welcomeText}>
        <h1>{tc('home.welcome')}</h1>
        <p>{tc('home.intro')}</p>
        <Button ghost icon={<BookOutlined />} onClick={() => navigate('/document')}>
          {t('tutorial')}
        </Button>
      </div>
      <div className={styles.balance} data-testid="home-balance">
        <span className={styles.balanceLabel}>
          <WalletOutlined /> {tc('home.balance')}
        </span>
        {info.data ? (
          <>
            <strong>{tc('home.yuan', { value: formatYuan(info.data.balance) })}</strong>
            <HeldBalance info={info.data} className={styles.balanceHeld} />
            {info.data.available <= 0 && <span className={styles.balanceLow}>{t('balanceLow')}</span>}
          </>
        ) : (
          <Skeleton.Input active size="large" />
        )}
        <Button size="small" ghost onClick={() => navigate('/user?isCharge=true')}>
          {t('recharge')}
        </Button>
      </div>
    </section>
  );
}
