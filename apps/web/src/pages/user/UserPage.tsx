import { AccountBookOutlined, CommentOutlined, CodeOutlined, DashboardOutlined, FileTextOutlined, GiftOutlined, IdcardOutlined, KeyOutlined } from '@ant-design/icons';
import { Menu } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { FeedbackSection } from './FeedbackSection.tsx';
import { FundsSection } from './FundsSection.tsx';
import { InviteSection } from './InviteSection.tsx';
import { InvoiceSection } from './InvoiceSection.tsx';
import { OverviewSection } from './OverviewSection.tsx';
import './personal.i18n.ts';
import styles from './Personal.module.css';
import { ProfileSection } from './ProfileSection.tsx';
import { SECTIONS, sectionFromParams, type Section } from './sections.ts';
import { TerminalSection } from './TerminalSection.tsx';
import { TokensSection } from './TokensSection.tsx';
import './user.i18n.ts';

const ICONS: Record<Section, ReactNode> = {
  overview: <DashboardOutlined />,
  funds: <AccountBookOutlined />,
  invoice: <FileTextOutlined />,
  profile: <IdcardOutlined />,
  terminal: <CodeOutlined />,
  invite: <GiftOutlined />,
  feedback: <CommentOutlined />,
  tokens: <KeyOutlined />,
};

/** The personal centre: the spec's seven sections and access tokens in a left menu, the open one in the URL (spec document 1, section 2, screen 1). */
export default function UserPage() {
  const { t } = useTranslation('personal');
  const [params, setParams] = useSearchParams();
  const section = sectionFromParams(params);
  const open = (next: Section) => {
    if (next !== section) setParams({ tab: next });
    window.scrollTo({ top: 0 });
  };

  return (
    <div className={styles.shell}>
      <nav className={styles.aside} aria-label={t('menu.title')}>
        <p className={styles.asideTitle}>{t('menu.title')}</p>
        <Menu
          mode="inline"
          selectedKeys={[section]}
          onClick={({ key }) => open(key as Section)}
          items={SECTIONS.map((key, i) => ({
            key,
            icon: ICONS[key],
            label: <span data-testid={`user-menu-${i}`}>{t(`menu.${key}`)}</span>,
          }))}
        />
      </nav>
      <main className={styles.main} data-testid={`user-section-${section}`}>
        {section === 'overview' && <OverviewSection onRecharge={() => open('funds')} />}
        {section === 'funds' && <FundsSection />}
        {section === 'invoice' && <InvoiceSection />}
        {section === 'profile' && <ProfileSection />}
        {section === 'terminal' && <TerminalSection />}
        {section === 'invite' && <InviteSection />}
        {section === 'feedback' && <FeedbackSection />}
        {section === 'tokens' && <TokensSection />}
      </main>
    </div>
  );
}
