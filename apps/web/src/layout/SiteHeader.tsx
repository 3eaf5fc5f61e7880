import { DownOutlined, GlobalOutlined, LogoutOutlined, UnorderedListOutlined, UserOutlined } from '@ant-design/icons';
import { App as AntApp, Avatar, Button, Popover } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, NavLink } from 'react-router';
import { loadApi } from '../api/load-api.ts';
import { session, useSession } from '../api/session.ts';
import { useAppNavigate } from '../app/navigation.ts';
import { setLanguage } from '../i18n/index.ts';
import styles from './SiteHeader.module.css';

const LOGOUT_TOAST_SECONDS = 2;

// Plain links rather than antd Menu/Dropdown: the header is on every first load,
// and those two bring ~20 kB gzip of menu machinery for four links and two items.
export function SiteHeader() {
  const { t, i18n } = useTranslation();
  const { loggedIn, user } = useSession();
  const { message } = AntApp.useApp();
  const navigate = useAppNavigate();
  const [accountOpen, setAccountOpen] = useState(false);

  const links = [
    ...(loggedIn
      ? [
          // Every /calculate page except the data center lights up 计算模块.
          { to: '/calculate', label: t('header.compute'), active: (p: string) => p.startsWith('/calculate') && !p.startsWith('/calculate/dataCenter') },
          { to: '/calculate/dataCenter', label: t('header.dataCenter') },
          { to: '/user', label: t('header.personal') },
        ]
      : []),
    { to: '/document', label: t('header.tutorial') },
  ];

  async function logout() {
    setAccountOpen(false);
    try {
      const api = await loadApi();
      await api.user.logout();
    } catch {
      // The session ends locally whatever the server says.
    }
    session.clear();
    void message.success(t('http.logoutSuccess'), LOGOUT_TOAST_SECONDS);
    navigate('/login');
  }

  const accountMenu = (
    <div className={styles.accountMenu} role="menu">
      <div className={styles.accountEmail}>
        <UserOutlined /> {user?.email}
      </div>
      <button
        type="button"
        role="menuitem"
        className={styles.accountItem}
        onClick={() => {
          setAccountOpen(false);
          navigate('/calculate/list');
        }}
      >
        <UnorderedListOutlined /> {t('header.taskManagement')}
      </button>
      <button type="button" role="menuitem" className={styles.accountItem} onClick={() => void logout()}>
        <LogoutOutlined /> {t('header.logout')}
      </button>
    </div>
  );

  return (
    <header className={styles.header}>
      <Link to={loggedIn ? '/calculate/home' : '/home'} className={styles.brand}>
        <img src="/favicon.svg" alt="" width={28} height={28} />
        <span>{t('brandFull')}</span>
      </Link>
      <nav className={styles.nav}>
        {links.map((link) => (
          <NavLink
            key={link.to}
            to={link.to}
            className={({ isActive }) => {
              const active = link.active ? link.active(location.pathname) : isActive;
              return active ? `${styles.link} ${styles.active}` : styles.link;
            }}
            onClick={(e) => {
              e.preventDefault();
              navigate(link.to);
            }}
          >
            {link.label}
          </NavLink>
        ))}
      </nav>
      <div className={styles.right}>
        <Button
          type="text"
          icon={<GlobalOutlined />}
          onClick={() => setLanguage(i18n.language === 'en' ? 'zh-CN' : 'en')}
          data-testid="language-switch"
        >
          {t('header.language')}
        </Button>
        {loggedIn ? (
          <Popover
            content={accountMenu}
            trigger={['hover', 'click']}
            placement="bottomRight"
            arrow={false}
            open={accountOpen}
            onOpenChange={setAccountOpen}
          >
            <span className={styles.account} data-testid="account-menu">
              <Avatar size="small" icon={<UserOutlined />} />
              <span className={styles.email}>{user?.email}</span>
              <DownOutlined />
            </span>
          </Popover>
        ) : (
          <Button type="primary" onClick={() => navigate('/login')}>
            {t('header.login')}
          </Button>
        )}
      </div>
    </header>
  );
}
