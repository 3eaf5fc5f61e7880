import { ArrowRightOutlined, BookOutlined, LeftOutlined, RightOutlined } from '@ant-design/icons';
import { Button, Steps } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useSession } from '../../api/session.ts';
import { useAppNavigate } from '../../app/navigation.ts';
import styles from './DemoPage.module.css';
import { DEMO_STEPS } from './demoSteps.tsx';
import './status.i18n.ts';

/** A guided walk through one typical run, each step opening the module it uses. */
export default function DemoPage() {
  const { t } = useTranslation('status');
  const { t: tc } = useTranslation();
  const { loggedIn } = useSession();
  const navigate = useAppNavigate();
  const [current, setCurrent] = useState(0);
  const step = DEMO_STEPS[current]!;
  const base = `demo.steps.${step.key}`;
  // A logged-in user has an account already; the first step points at it instead.
  const links =
    step.key === 'account' && loggedIn ? [{ label: tc('header.personal'), to: '/user' }] : step.links.map((l) => ({ label: t(`${base}.${l.labelKey}`), to: l.to }));

  return (
    <div className={styles.page}>
      <header className={styles.hero}>
        <span className={styles.eyebrow}>{t('demo.eyebrow')}</span>
        <h1>{t('demo.title')}</h1>
        <p>{t('demo.intro')}</p>
      </header>

      <div className={styles.body}>
        <div className={styles.stepsCard}>
          <Steps
            current={current}
            onChange={setCurrent}
            items={DEMO_STEPS.map((s) => ({ key: s.key, title: t(`demo.steps.${s.key}.title`), icon: s.icon }))}
            data-testid="demo-steps"
          />
        </div>

        <section className={styles.detail} data-testid="demo-step">
          <div className={styles.detailIcon}>{step.icon}</div>
          <div className={styles.detailBody}>
            <span className={styles.counter}>{t('demo.stepOf', { current: current + 1, total: DEMO_STEPS.length })}</span>
            <h2>{t(`${base}.title`)}</h2>
            <p className={styles.text}>{t(`${base}.text`)}</p>
            <dl className={styles.io}>
              <div>
                <dt>{t('demo.input')}</dt>
                <dd>{t(`${base}.input`)}</dd>
              </div>
              <div>
                <dt>{t('demo.output')}</dt>
                <dd>{t(`${base}.output`)}</dd>
              </div>
            </dl>
            <div className={styles.actions}>
              {links.map((l, i) => (
                <Button
                  key={l.to}
                  type={i === 0 ? 'primary' : 'default'}
                  icon={<ArrowRightOutlined />}
                  iconPlacement="end"
                  onClick={() => navigate(l.to)}
                >
                  {l.label}
                </Button>
              ))}
            </div>
          </div>
          <div className={styles.pager}>
            <Button icon={<LeftOutlined />} disabled={current === 0} onClick={() => setCurrent(current - 1)}>
              {t('demo.previous')}
            </Button>
            <Button disabled={current === DEMO_STEPS.length - 1} onClick={() => setCurrent(current + 1)}>
              {t('demo.next')} <RightOutlined />
            </Button>
          </div>
        </section>

        <footer className={styles.tip}>
          <span>
            {t('demo.workflowTip')} <Link to="/calculate/workflows">{t('demo.workflowLink')}</Link> {t('demo.workflowTipEnd')}
          </span>
          <Link to="/document" className={styles.tutorial}>
            <BookOutlined /> {t('demo.tutorial')}
          </Link>
        </footer>
      </div>
    </div>
  );
}
