import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { BUSINESS_EMAIL } from '../contact.ts';
import styles from './Footer.module.css';

const COLUMNS = [
  {
    key: 'product',
    links: [
      { key: 'compute', to: '/calculate/home' },
      { key: 'demo', to: '/demo' },
      { key: 'tutorial', to: '/document' },
    ],
  },
  {
    key: 'help',
    links: [
      { key: 'quickStart', to: '/document' },
      { key: 'convertGuide', to: '/document/convert' },
      { key: 'billing', to: '/document/tasks' },
    ],
  },
] as const;

/** Brand, site links and contact, closing both landing variants. */
export function Footer() {
  const { t } = useTranslation('landing');
  const { t: tc } = useTranslation();
  return (
    <footer className={styles.footer}>
      <div className={styles.inner}>
        <div className={styles.brand}>
          <div className={styles.logo}>
            <img src="/favicon.svg" alt="" width={32} height={32} />
            <span>{tc('brand')}</span>
          </div>
          <p>{t('footer.tagline')}</p>
        </div>
        {COLUMNS.map((col) => (
          <nav key={col.key} className={styles.column} aria-label={t(`footer.${col.key}`)}>
            <h4>{t(`footer.${col.key}`)}</h4>
            {col.links.map((l) => (
              <Link key={l.key} to={l.to}>
                {t(`footer.${l.key}`)}
              </Link>
            ))}
          </nav>
        ))}
        <div className={styles.column}>
          <h4>{t('footer.contact')}</h4>
          <a href={`mailto:${BUSINESS_EMAIL}`}>{BUSINESS_EMAIL}</a>
        </div>
      </div>
      <div className={styles.bottom}>{t('footer.copyright', { year: new Date().getFullYear() })}</div>
    </footer>
  );
}
