import { DatabaseOutlined, KeyOutlined, LockOutlined, SafetyCertificateOutlined, TransactionOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import styles from './Advantages.module.css';
import { Section, type SectionTone } from './Section.tsx';

/** Engines the platform really runs (packages/engines); product names, not translated. */
const ENGINES = [
  { name: 'Open Babel', color: '#1668dc' },
  { name: 'RDKit', color: '#16a34a' },
  { name: 'AutoDock Vina', color: '#f97316' },
  { name: 'xtb', color: '#7c3aed' },
  { name: 'MOPAC', color: '#0891b2' },
  { name: 'NWChem', color: '#db2777' },
];

const SECURITY = [
  { key: 'p1', icon: <SafetyCertificateOutlined /> },
  { key: 'p2', icon: <KeyOutlined /> },
  { key: 'p3', icon: <LockOutlined /> },
];

/** Engines, security, billing and data management as a bento grid. */
export function Advantages({ tone }: { tone?: SectionTone }) {
  const { t } = useTranslation('landing');
  return (
    <Section id="advantages" title={t('advantages.title')} subtitle={t('advantages.subtitle')} tone={tone}>
      <div className={styles.grid}>
        <article className={`${styles.card} ${styles.engines}`}>
          <h3>{t('advantages.engines.title')}</h3>
          <p>{t('advantages.engines.text')}</p>
          <ul className={styles.chips}>
            {ENGINES.map((e) => (
              <li key={e.name}>
                <i style={{ background: e.color }} />
                {e.name}
              </li>
            ))}
            <li className={styles.more}>…</li>
          </ul>
        </article>
        <article className={`${styles.card} ${styles.security}`}>
          <span className={styles.badge}>
            <SafetyCertificateOutlined />
          </span>
          <h3>{t('advantages.security.title')}</h3>
          <p>{t('advantages.security.text')}</p>
          <ul className={styles.guards}>
            {SECURITY.map((s) => (
              <li key={s.key}>
                {s.icon}
                <span>{t(`advantages.security.${s.key}`)}</span>
              </li>
            ))}
          </ul>
        </article>
        <article className={styles.card}>
          <span className={styles.icon}>
            <TransactionOutlined />
          </span>
          <h3>{t('advantages.billing.title')}</h3>
          <p>{t('advantages.billing.text')}</p>
        </article>
        <article className={styles.card}>
          <span className={styles.icon}>
            <DatabaseOutlined />
          </span>
          <h3>{t('advantages.data.title')}</h3>
          <p>{t('advantages.data.text')}</p>
        </article>
      </div>
    </Section>
  );
}
