import {
  AimOutlined,
  AppstoreOutlined,
  CodeOutlined,
  FilterOutlined,
  HomeOutlined,
  UnorderedListOutlined,
} from '@ant-design/icons';
import type { ComponentType } from 'react';
import type { PageLoader, SidebarPlace } from './web-module.ts';

/**
 * Pages under /calculate that belong to no compute module: the platform's own pages. Labels are
 * i18n keys: `nav.<path>` and `nav.desc.<path>`. Module pages come from module manifests.
 */
export interface PlatformPage {
  path: string;
  icon: ComponentType;
  sidebar?: SidebarPlace;
  load: PageLoader;
}

export const PLATFORM_PAGES: readonly PlatformPage[] = [
  { path: 'home', icon: HomeOutlined, sidebar: { group: 'home', order: 1 }, load: () => import('../pages/calculate/CalculateHomePage.tsx') },
  { path: 'pool', icon: FilterOutlined, sidebar: { group: 'ligandPrep', order: 1 }, load: () => import('../pages/pool/PoolPage.tsx') },
  { path: 'list', icon: UnorderedListOutlined, sidebar: { group: 'taskManagement', order: 1 }, load: () => import('../pages/tasks/TaskListPage.tsx') },
  { path: 'terminal', icon: CodeOutlined, sidebar: { group: 'taskManagement', order: 2 }, load: () => import('../pages/terminal/TerminalPage.tsx') },
  // Reached from inside other pages.
  { path: 'dataCenter', icon: AppstoreOutlined, load: () => import('../pages/data-center/DataCenterPage.tsx') },
  // The protein viewer: in the sidebar, and opened from the docking result and the free-energy form (docs/web.md).
  { path: 'molecule', icon: AimOutlined, sidebar: { group: 'structure', order: 4 }, load: () => import('../pages/viewer/ViewerPage.tsx') },
];
