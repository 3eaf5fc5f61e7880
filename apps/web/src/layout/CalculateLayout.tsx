import { Layout, Menu, type MenuProps } from 'antd';
import { Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation } from 'react-router';
import { calculatePath, sidebarEntryFor, type CataloguePage } from '../app/catalogue.ts';
import { useAppNavigate } from '../app/navigation.ts';
import { useLabel } from '../app/use-label.ts';
import { catalogue } from '../app/web-modules.ts';
import { PageSkeleton } from '../components/PageSkeleton.tsx';
import styles from './CalculateLayout.module.css';

const OPEN_KEY = 'calculate.sidebar.open';
const ALL_GROUPS = catalogue.sidebar.filter((g) => g.items.length > 1).map((g) => g.key);

function readStored<T>(key: string, fallback: T): T {
  try {
    return (JSON.parse(sessionStorage.getItem(key) ?? 'null') as T | null) ?? fallback;
  } catch {
    return fallback;
  }
}

export default function CalculateLayout() {
  const { t } = useTranslation();
  const label = useLabel();
  const navigate = useAppNavigate();
  const { pathname } = useLocation();
  const [openKeys, setOpenKeys] = useState<string[]>(() => readStored(OPEN_KEY, ALL_GROUPS));
  const selected = sidebarEntryFor(catalogue, pathname);

  const entry = (item: CataloguePage) => ({ key: item.path, label: label(item.title) });
  const items: MenuProps['items'] = catalogue.sidebar.map((group) =>
    group.items.length === 1 && group.items[0]
      ? entry(group.items[0])
      : { key: group.key, label: t(`nav.groups.${group.key}`), children: group.items.map(entry) },
  );

  return (
    <Layout className={styles.layout}>
      <Layout.Sider width={232} theme="light" className={styles.sider}>
        <Menu
          mode="inline"
          items={items}
          selectedKeys={selected ? [selected] : []}
          openKeys={openKeys}
          onOpenChange={(keys) => {
            setOpenKeys(keys);
            sessionStorage.setItem(OPEN_KEY, JSON.stringify(keys));
          }}
          onClick={({ key }) => navigate(calculatePath({ path: key }))}
          data-testid="calculate-sidebar"
        />
      </Layout.Sider>
      <Layout.Content className={styles.content}>
        <Suspense fallback={<PageSkeleton />}>
          <Outlet />
        </Suspense>
      </Layout.Content>
    </Layout>
  );
}
