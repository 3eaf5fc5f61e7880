import { Button, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Prices, TerminalTasks, Usage } from '../user/TerminalSection.tsx';
import personal from '../user/Personal.module.css';
import styles from './TerminalPage.module.css';
import '../user/personal.i18n.ts';

/**
 * /calculate/terminal (超算直连计费): the jobs the user ran on a supercomputer through the terminal
 * direct connection, as the cluster's accounting reports them and as they were charged, with the
 * price table and how to connect. Applying for an account stays in the personal centre.
 */
export default function TerminalPage() {
  const { t } = useTranslation('personal');
  return (
    <div data-testid="terminal-page">
      <div className={styles.header}>
        <Typography.Title level={4} className={styles.title}>{t('terminal.pageTitle')}</Typography.Title>
        <Link to="/user?tab=terminal">
          <Button data-testid="terminal-apply-link">{t('terminal.applyLink')}</Button>
        </Link>
      </div>
      <Typography.Paragraph type="secondary">{t('terminal.pageIntro')}</Typography.Paragraph>
      <TerminalTasks />
      <div className={personal.grid}>
        <Prices />
        <Usage />
      </div>
    </div>
  );
}
