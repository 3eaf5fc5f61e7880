import { ArrowRightOutlined, CheckCircleFilled } from '@ant-design/icons';
import { Button, Tabs, type TabsProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { useAppNavigate } from '../../../app/navigation.ts';
import { ModuleArt } from './ModuleArt.tsx';
import { LANDING_MODULES } from './modules.ts';
import styles from './ModuleTabs.module.css';
import { Section, type SectionTone } from './Section.tsx';

const POINTS = ['p1', 'p2', 'p3'] as const;

interface ModuleTabsProps {
  placement?: TabsProps['tabPlacement'];
  tone?: SectionTone;
}

/** The five marketing modules, one tab each, with a way into the module's compute page. */
export function ModuleTabs({ placement = 'top', tone }: ModuleTabsProps) {
  const { t } = useTranslation('landing');
  const navigate = useAppNavigate();

  const items: TabsProps['items'] = LANDING_MODULES.map((m) => ({
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
        <Tabs items={items} tabPlacement={placement} centered={placement === 'top'} size="large" data-testid="landing-module-tabs" />
      </div>
    </Section>
  );
}
