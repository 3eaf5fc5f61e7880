import { ExperimentOutlined, InfoCircleOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import styles from './CaseStudy.module.css';
import { Section, type SectionTone } from './Section.tsx';

/** Funnel stages; widths only suggest narrowing, the user reported no counts for them. */
const STAGES = [
  { key: 'step1', width: 100 },
  { key: 'step2', width: 82 },
  { key: 'step3', width: 64 },
  { key: 'step4', width: 46 },
] as const;

/** The leukaemia case, worded as the user's own report (spec document 1, section 1). */
export function CaseStudy({ tone = 'tinted' }: { tone?: SectionTone }) {
  const { t } = useTranslation('landing');
  return (
    <Section id="case" title={t('caseStudy.title')} tone={tone}>
      <div className={styles.card}>
        <div className={styles.copy}>
          <span className={styles.badge}>
            <ExperimentOutlined /> {t('caseStudy.badge')}
          </span>
          <h3 className={styles.heading}>{t('caseStudy.heading')}</h3>
          <p className={styles.text}>{t('caseStudy.text')}</p>
          <div className={styles.result}>
            <strong>{t('caseStudy.value')}</strong>
            <span>{t('caseStudy.valueLabel')}</span>
          </div>
          <p className={styles.disclaimer}>
            <InfoCircleOutlined /> {t('caseStudy.disclaimer')}
          </p>
        </div>
        <ol className={styles.funnel} aria-label={t('caseStudy.heading')}>
          {STAGES.map((s, i) => (
            <li key={s.key} style={{ width: `${s.width}%` }} className={i === STAGES.length - 1 ? styles.last : undefined}>
              <span className={styles.step}>{i + 1}</span>
              {t(`caseStudy.${s.key}`)}
              {i === STAGES.length - 1 && <b>× {t('caseStudy.value')}</b>}
            </li>
          ))}
        </ol>
      </div>
    </Section>
  );
}
