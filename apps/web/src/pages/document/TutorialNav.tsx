import { BookOutlined, PlayCircleOutlined } from '@ant-design/icons';
import { Menu } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
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
      <Menu
        mode="inline"
        className={styles.menu}
        selectedKeys={current ? [current] : []}
        items={TUTORIAL_SLUGS.map((slug) => ({ key: slug, label: t(`pages.${slug}`) }))}
        onClick={({ key }) => navigate(tutorialPath(key as TutorialSlug))}
        data-testid="tutorial-nav"
      />
      <div className={styles.demoCard}>
        <p>{t('demo')}</p>
        <Link to="/demo">
          <PlayCircleOutlined /> {t('demoLink')}
        </Link>
      </div>
    </aside>
  );
}
