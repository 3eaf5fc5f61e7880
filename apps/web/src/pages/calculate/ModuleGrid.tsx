import type { CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import { calculatePath } from '../../app/catalogue.ts';
import { useAppNavigate } from '../../app/navigation.ts';
import { useLabel } from '../../app/use-label.ts';
import { catalogue } from '../../app/web-modules.ts';
import styles from './CalculateHomePage.module.css';
import { groupColor } from './groupColors.ts';

/** Every sidebar module as a card, in the sidebar's groups; the home entry is this page. */
const GROUPS = catalogue.sidebar.filter((g) => g.key !== 'home');

export function ModuleGrid() {
  const { t } = useTranslation('calculateHome');
  const { t: tc } = useTranslation();
  const label = useLabel();
  const navigate = useAppNavigate();
  return (
    <div className={styles.groups} data-testid="module-grid">
      {GROUPS.map((group) => (
        <section key={group.key} className={styles.group} style={{ '--accent': groupColor(group.key) } as CSSProperties}>
          <h3 className={styles.groupTitle}>
            <i />
            {tc(`nav.groups.${group.key}`)}
            <span>{t('moduleCount', { count: group.items.length })}</span>
          </h3>
          <div className={styles.cards}>
            {group.items.map(({ path, icon: Icon, title, description }) => (
              <button
                key={path}
                type="button"
                className={styles.moduleCard}
                onClick={() => navigate(calculatePath({ path }))}
                data-testid={`module-card-${path}`}
              >
                <span className={styles.moduleIcon}>
                  <Icon />
                </span>
                <span className={styles.moduleText}>
                  <strong>{label(title)}</strong>
                  <span>{label(description)}</span>
                </span>
              </button>
            ))}
          </div>
        </section>
      ))}
    </div>
  );
}
