import { BookOutlined, PlayCircleOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { Link, NavLink } from 'react-router';
import { useAppNavigate } from '../../app/navigation.ts';
import styles from './DocumentPage.module.css';
import { TUTORIAL_SLUGS, tutorialPath, type TutorialSlug } from './tutorial.ts';

/** The tutorial's table of contents. */
export function TutorialNav({ current }: { current: TutorialSlug | null }) {
  const { t } = useTranslation('document');
  const navigate = useAppNavigate();
  return (
    <aside className={styles.nav}>
      <div className={styles.navTitle}>
        <BookOutlined /> {t('title')}
      </div>
      {/* Plain links, not antd Menu: /document is a first-load page and four links need no menu engine. */}
      <nav className={styles.menu} data-testid="tutorial-nav">
        {TUTORIAL_SLUGS.map((slug) => (
          <NavLink
            key={slug}
            to={tutorialPath(slug)}
            className={slug === current ? `${styles.menuItem} ${styles.menuItemActive}` : styles.menuItem}
            onClick={(e) => {
              e.preventDefault();
              navigate(tutorialPath(slug));
            }}
          >
            {t(`pages.${slug}`)}
          </NavLink>
        ))}
      </nav>
      <div className={styles.demoCard}>
        <p>{t('demo')}</p>
        <Link to="/demo">
          <PlayCircleOutlined /> {t('demoLink')}
        </Link>
      </div>
    </aside>
  );
}
