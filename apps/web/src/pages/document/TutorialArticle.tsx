import { LeftOutlined, RightOutlined } from '@ant-design/icons';
import type { MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useAppNavigate } from '../../app/navigation.ts';
import styles from './DocumentPage.module.css';
import type { RenderedArticle } from './prepareArticle.ts';
import { TUTORIAL_SLUGS, tutorialPath, type TutorialSlug } from './tutorial.ts';

/** One rendered tutorial page, with links to its neighbours in reading order. */
export function TutorialArticle({ slug, article }: { slug: TutorialSlug; article: RenderedArticle }) {
  const { t } = useTranslation('document');
  const navigate = useAppNavigate();
  const index = TUTORIAL_SLUGS.indexOf(slug);
  const previous = TUTORIAL_SLUGS[index - 1];
  const next = TUTORIAL_SLUGS[index + 1];

  // Links inside the markdown are plain anchors; site-internal ones should not reload the app.
  function followInternalLink(e: MouseEvent<HTMLElement>) {
    const anchor = (e.target as HTMLElement).closest('a');
    const href = anchor?.getAttribute('href');
    if (!href?.startsWith('/') || anchor?.target || e.metaKey || e.ctrlKey || e.shiftKey) return;
    e.preventDefault();
    navigate(href);
  }

  return (
    <>
      <article
        className={styles.article}
        onClick={followInternalLink}
        dangerouslySetInnerHTML={{ __html: article.html }}
        data-testid="tutorial-article"
      />
      <nav className={styles.pager}>
        {previous ? (
          <Link to={tutorialPath(previous)} className={styles.pagerLink}>
            <span>
              <LeftOutlined /> {t('previous')}
            </span>
            <strong>{t(`pages.${previous}`)}</strong>
          </Link>
        ) : (
          <span />
        )}
        {next && (
          <Link to={tutorialPath(next)} className={`${styles.pagerLink} ${styles.pagerNext}`}>
            <span>
              {t('next')} <RightOutlined />
            </span>
            <strong>{t(`pages.${next}`)}</strong>
          </Link>
        )}
      </nav>
    </>
  );
}
