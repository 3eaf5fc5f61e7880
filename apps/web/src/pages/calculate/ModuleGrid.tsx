import type { CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import { SIDEBAR, calculatePath } from '../../app/catalogue.ts';
import { useAppNavigate } from '../../app/navigation.ts';
import styles from './CalculateHomePage.module.css';
import { groupColor, moduleIcon } from './moduleIcons.tsx';

/** Every sidebar module as a card, in the sidebar's groups; the home entry is this page. */
const GROUPS = SIDEBAR.filter((g) => g.key !== 'home');

export function ModuleGrid() {
  const { t } = useTranslation('calculateHome');
  const { t: tc } = useTranslation();
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
            {group.items.map((item) => (
              <button
                key={item.key}
                type="button"
                className={styles.moduleCard}
                onClick={() => navigate(calculatePath(item))}
                data-testid={`module-card-${item.key}`}
              >
                <span className={styles.moduleIcon}>{moduleIcon(item.key)}</span>
                <span className={styles.moduleText}>
                  <strong>{tc(`nav.${item.key}`)}</strong>
                  <span>{tc(`nav.desc.${item.key}`)}</span>
                </span>
              </button>
            ))}
          </div>
        </section>
      ))}
    </div>
  );
}
