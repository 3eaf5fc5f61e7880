import { ArrowRightOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../../api/session.ts';
import { useAppNavigate } from '../../../app/navigation.ts';
import styles from './Banner.module.css';
import { HeroArt } from './HeroArt.tsx';

export type BannerVariant = 'classic' | 'showcase';

const STATS = ['modules', 'billing', 'peptide'] as const;

/** Product name, tagline and the two calls to action; logged-in visitors go straight to computing. */
export function Banner({ variant }: { variant: BannerVariant }) {
  const { t } = useTranslation('landing');
  const { loggedIn } = useSession();
  const navigate = useAppNavigate();

  return (
    <section className={`${styles.banner} ${styles[variant]}`} data-testid="landing-banner">
      <div className={styles.inner}>
        <div className={styles.copy}>
          <span className={styles.eyebrow}>{t('banner.eyebrow')}</span>
          <h1 className={styles.title}>{t('banner.title')}</h1>
          <p className={styles.tagline}>{t('banner.tagline')}</p>
          <p className={styles.intro}>{t('banner.intro')}</p>
          <div className={styles.actions}>
            <Button
              type="primary"
              size="large"
              icon={<ArrowRightOutlined />}
              iconPlacement="end"
              onClick={() => navigate(loggedIn ? '/calculate/home' : '/login')}
            >
              {loggedIn ? t('banner.enter') : t('banner.login')}
            </Button>
            <Button size="large" ghost={variant === 'showcase'} onClick={() => navigate('/document')}>
              {t('banner.learnMore')}
            </Button>
          </div>
        </div>
        <div className={styles.art}>
          <HeroArt />
        </div>
      </div>
      <div className={styles.stats}>
        {STATS.map((key) => (
          <div key={key} className={styles.stat}>
            <strong>{t(`banner.stats.${key}Value`)}</strong>
            <span>{t(`banner.stats.${key}Label`)}</span>
          </div>
        ))}
      </div>
    </section>
  );
}
