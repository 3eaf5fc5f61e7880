import { ApiOutlined, CloudServerOutlined, DashboardOutlined, NodeIndexOutlined } from '@ant-design/icons';
import type { CSSProperties, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import styles from './Features.module.css';
import { Section, type SectionTone } from './Section.tsx';

const FEATURES: { key: string; icon: ReactNode; color: string }[] = [
  { key: 'elastic', icon: <CloudServerOutlined />, color: '#1668dc' },
  { key: 'monitor', icon: <DashboardOutlined />, color: '#0891b2' },
  { key: 'unified', icon: <ApiOutlined />, color: '#7c3aed' },
  { key: 'pipeline', icon: <NodeIndexOutlined />, color: '#16a34a' },
];

export type FeaturesLayout = 'grid' | 'rows';

/** The four selling points: as a row of cards, or as numbered rows in the demo variant. */
export function Features({ layout = 'grid', tone }: { layout?: FeaturesLayout; tone?: SectionTone }) {
  const { t } = useTranslation('landing');
  return (
    <Section id="features" title={t('features.title')} subtitle={t('features.subtitle')} tone={tone}>
      <div className={`${styles[layout]} ${tone === 'dark' ? styles.onDark : ''}`}>
        {FEATURES.map((f, i) => (
          <article key={f.key} className={styles.item} style={{ '--accent': f.color } as CSSProperties}>
            <span className={styles.icon}>{f.icon}</span>
            {layout === 'rows' && <span className={styles.index}>{String(i + 1).padStart(2, '0')}</span>}
            <div>
              <h3 className={styles.title}>{t(`features.${f.key}.title`)}</h3>
              <p className={styles.text}>{t(`features.${f.key}.text`)}</p>
            </div>
          </article>
        ))}
      </div>
    </Section>
  );
}
