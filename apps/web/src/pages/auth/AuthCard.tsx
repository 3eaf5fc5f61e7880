import { CheckCircleFilled } from '@ant-design/icons';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { AUTH_NS } from './auth.i18n.ts';
import styles from './AuthCard.module.css';

const FEATURES = ['modules', 'cloud', 'data'] as const;

/** The frame every account screen shares: the product on the left, the form on the right. */
export function AuthCard({ title, subtitle, children, footer }: { title?: ReactNode; subtitle?: ReactNode; children: ReactNode; footer?: ReactNode }) {
  const { t } = useTranslation(AUTH_NS);
  return (
    <main className={styles.page}>
      <div className={styles.card}>
        <aside className={styles.brand}>
          <div className={styles.logo}>
            <span className={styles.mark}>{t('common:brand').slice(0, 1)}</span>
            <span className={styles.name}>{t('common:brand')}</span>
          </div>
          <p className={styles.tagline}>{t('tagline')}</p>
          <ul className={styles.features}>
            {FEATURES.map((key) => (
              <li key={key}>
                <CheckCircleFilled className={styles.check} />
                <span>{t(`features.${key}`)}</span>
              </li>
            ))}
          </ul>
          <div className={styles.copyright}>{t('copyright')}</div>
        </aside>
        <section className={styles.form}>
          {title && <h1 className={styles.title}>{title}</h1>}
          {subtitle && <p className={styles.subtitle}>{subtitle}</p>}
          {children}
          {footer && <div className={styles.footer}>{footer}</div>}
        </section>
      </div>
    </main>
  );
}
