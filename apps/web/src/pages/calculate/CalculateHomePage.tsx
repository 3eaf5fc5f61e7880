import { useTranslation } from 'react-i18next';
import styles from './CalculateHomePage.module.css';
import './home.i18n.ts';
import { ModuleGrid } from './ModuleGrid.tsx';
import { RecentTasks } from './RecentTasks.tsx';
import { WelcomePanel } from './WelcomePanel.tsx';

export default function CalculateHomePage() {
  const { t } = useTranslation('calculateHome');
  return (
    <div className={styles.page} data-testid="calculate-home">
      <WelcomePanel />
      <div className={styles.columns}>
        <div className={styles.modules}>
          <h2 className={styles.sectionTitle}>{t('allModules')}</h2>
          <ModuleGrid />
        </div>
        <aside className={styles.side}>
          <RecentTasks />
        </aside>
      </div>
    </div>
  );
}
