import { Anchor } from 'antd';
import { useTranslation } from 'react-i18next';
import styles from './DocumentPage.module.css';
import type { Heading } from './prepareArticle.ts';

/** Header height plus breathing room, so a section scrolled to is not hidden under it. */
const SCROLL_OFFSET = 88;

/** Sections of the open page; scrolls without touching the URL so the router is not involved. */
export function OnThisPage({ headings }: { headings: Heading[] }) {
  const { t } = useTranslation('document');
  if (headings.length === 0) return <aside className={styles.toc} />;
  return (
    <aside className={styles.toc}>
      <div className={styles.tocTitle}>{t('onThisPage')}</div>
      <Anchor
        affix={false}
        targetOffset={SCROLL_OFFSET}
        onClick={(e) => e.preventDefault()}
        items={headings.map((h) => ({ key: h.id, href: `#${h.id}`, title: h.text }))}
      />
    </aside>
  );
}
