import { ArrowRightOutlined, CheckCircleFilled } from '@ant-design/icons';
import { Button } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppNavigate } from '../../../app/navigation.ts';
import { ModuleArt } from './ModuleArt.tsx';
import { LANDING_MODULES } from './modules.ts';
import styles from './ModuleTabs.module.css';
import { Section, type SectionTone } from './Section.tsx';

const POINTS = ['p1', 'p2', 'p3'] as const;

interface ModuleTabsProps {
  placement?: 'top' | 'start';
  tone?: SectionTone;
}

/** The five marketing modules, one tab each, with a way into the module's compute page. */
export function ModuleTabs({ placement = 'top', tone }: ModuleTabsProps) {
  const { t } = useTranslation('landing');
  const navigate = useAppNavigate();
  const [active, setActive] = useState(LANDING_MODULES[0]!.key);

  const items = LANDING_MODULES.map((m) => ({
    key: m.key,
    label: t(`modules.${m.key}.tab`),
    children: (
      <div className={styles.panel}>
        <div className={styles.copy}>
          <h3 className={styles.title}>{t(`modules.${m.key}.title`)}</h3>
          <p className={styles.text}>{t(`modules.${m.key}.text`)}</p>
          <ul className={styles.points}>
            {POINTS.map((p) => (
              <li key={p}>
                <CheckCircleFilled className={styles.check} />
                <span>{t(`modules.${m.key}.${p}`)}</span>
              </li>
            ))}
          </ul>
          <div className={styles.links}>
            {m.links.map((link, i) => (
              <Button
                key={link.to}
                type={i === 0 ? 'primary' : 'default'}
                icon={<ArrowRightOutlined />}
                iconPlacement="end"
                onClick={() => navigate(link.to)}
              >
                {t(link.labelKey)}
              </Button>
            ))}
          </div>
        </div>
        <div className={styles.art}>
          <ModuleArt kind={m.key} />
        </div>
      </div>
    ),
  }));

  return (
    <Section id="modules" title={t('modules.title')} subtitle={t('modules.subtitle')} tone={tone}>
      <div className={`${styles.card} ${placement === 'start' ? styles.side : ''}`}>
        {/* A plain tablist rather than antd Tabs: the landing page is a first load and five buttons need no tab engine. */}
        <div className={styles.tabs} data-testid="landing-module-tabs">
          <div role="tablist" className={styles.tabList}>
            {items.map((item) => (
              <button
                key={item.key}
                type="button"
                role="tab"
                id={`module-tab-${item.key}`}
                aria-selected={item.key === active}
                aria-controls={`module-panel-${item.key}`}
                className={item.key === active ? `${styles.tab} ${styles.tabActive}` : styles.tab}
                onClick={() => setActive(item.key)}
              >
                {item.label}
              </button>
            ))}
          </div>
          {items.map((item) => (
            <div key={item.key} role="tabpanel" id={`module-panel-${item.key}`} aria-labelledby={`module-tab-${item.key}`} hidden={item.key !== active}>
              {item.children}
            </div>
          ))}
        </div>
      </div>
    </Section>
  );
}
