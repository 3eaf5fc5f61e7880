import { DownOutlined, GlobalOutlined, UnorderedListOutlined, LogoutOutlined, UserOutlined } from '@ant-design/icons';
import { App as AntApp, Avatar, Button, Dropdown, Layout, Menu, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { api } from '../api/endpoints.ts';
import { session, useSession } from '../api/session.ts';
import { useAppNavigate } from '../app/navigation.ts';
import { setLanguage } from '../i18n/index.ts';
import styles from './SiteHeader.module.css';

const LOGOUT_TOAST_SECONDS = 2;

function activeMenuKey(pathname: string): string {
  if (pathname.startsWith('/calculate/dataCenter')) return '/calculate/dataCenter';
  if (pathname.startsWith('/calculate')) return '/calculate';
  if (pathname.startsWith('/user')) return '/user';
  if (pathname.startsWith('/document')) return '/document';
  return '';
}

export function SiteHeader() {
  const { t, i18n } = useTranslation();
  const { loggedIn, user } = useSession();
  const { message } = AntApp.useApp();
  const navigate = useAppNavigate();
  const { pathname } = useLocation();

  const items = [
    ...(loggedIn
      ? [
          { key: '/calculate', label: t('header.compute') },
          { key: '/calculate/dataCenter', label: t('header.dataCenter') },
          { key: '/user', label: t('header.personal') },
        ]
      : []),
    { key: '/document', label: t('header.tutorial') },
  ];

  async function logout() {
    try {
      await api.user.logout();
    } catch {
      // The session ends locally whatever the server says.
    }
    session.clear();
    void message.success(t('http.logoutSuccess'), LOGOUT_TOAST_SECONDS);
    navigate('/login');
  }

  return (
    <Layout.Header className={styles.header}>
      <Link to={loggedIn ? '/calculate/home' : '/home'} className={styles.brand}>
        <img src="/favicon.svg" alt="" width={28} height={28} />
        <span>{t('brandFull')}</span>
      </Link>
      <Menu
        className={styles.menu}
        mode="horizontal"
        selectedKeys={[activeMenuKey(pathname)]}
        items={items}
        onClick={({ key }) => navigate(key)}
      />
      <Space size="middle">
        <Button
          type="text"
          icon={<GlobalOutlined />}
          onClick={() => setLanguage(i18n.language === 'en' ? 'zh-CN' : 'en')}
          data-testid="language-switch"
        >
          {t('header.language')}
        </Button>
        {loggedIn ? (
          <Dropdown
            trigger={['hover', 'click']}
            menu={{
              items: [
                { key: 'email', label: user?.email ?? '', icon: <UserOutlined />, disabled: true },
                { type: 'divider' },
                { key: 'tasks', label: t('header.taskManagement'), icon: <UnorderedListOutlined /> },
                { key: 'logout', label: t('header.logout'), icon: <LogoutOutlined /> },
              ],
              onClick: ({ key }) => {
                if (key === 'tasks') navigate('/calculate/list');
                if (key === 'logout') void logout();
              },
            }}
          >
            <Space className={styles.account} data-testid="account-menu">
              <Avatar size="small" icon={<UserOutlined />} />
              <span className={styles.email}>{user?.email}</span>
              <DownOutlined />
            </Space>
          </Dropdown>
        ) : (
          <Button type="primary" onClick={() => navigate('/login')}>
            {t('header.login')}
          </Button>
        )}
      </Space>
    </Layout.Header>
  );
}
