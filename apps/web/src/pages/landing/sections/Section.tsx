import type { ReactNode } from 'react';
import styles from './Section.module.css';

export type SectionTone = 'plain' | 'tinted' | 'dark';

interface SectionProps {
  id?: string;
  title: string;
  subtitle?: string;
  tone?: SectionTone;
  children: ReactNode;
}

/** One band of the landing page: centred heading, then content within the page width. */
export function Section({ id, title, subtitle, tone = 'plain', children }: SectionProps) {
  return (
    <section id={id} className={`${styles.section} ${styles[tone]}`}>
      <div className={styles.inner}>
        <header className={styles.head}>
          <h2 className={styles.title}>{title}</h2>
          {subtitle && <p className={styles.subtitle}>{subtitle}</p>}
        </header>
        {children}
      </div>
    </section>
  );
}
