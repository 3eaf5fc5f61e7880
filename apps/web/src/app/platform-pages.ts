import {
  ApartmentOutlined,
  AppstoreOutlined,
  BarChartOutlined,
  BlockOutlined,
  BulbOutlined,
  CalculatorOutlined,
  ClusterOutlined,
  CodeOutlined,
  CompressOutlined,
  DeploymentUnitOutlined,
  FilterOutlined,
  FundOutlined,
  HomeOutlined,
  LineChartOutlined,
  NodeIndexOutlined,
  ThunderboltOutlined,
  UnorderedListOutlined,
} from '@ant-design/icons';
import type { ComponentType } from 'react';
import type { PageLoader, SidebarPlace } from './web-module.ts';

/**
 * Pages under /calculate that belong to no compute module: the platform's own pages, and the
 * spec's modules not built yet, which show "coming soon" with their description. Labels are
 * i18n keys: `nav.<path>` and `nav.desc.<path>`. Module pages come from module manifests.
 */
export interface PlatformPage {
  path: string;
  icon: ComponentType;
  sidebar?: SidebarPlace;
  /** Absent: "coming soon". */
  load?: PageLoader;
}

export const PLATFORM_PAGES: readonly PlatformPage[] = [
  { path: 'home', icon: HomeOutlined, sidebar: { group: 'home', order: 1 }, load: () => import('../pages/calculate/CalculateHomePage.tsx') },
  { path: 'pepsearch', icon: NodeIndexOutlined, sidebar: { group: 'structure', order: 3 } },
  { path: 'pool', icon: FilterOutlined, sidebar: { group: 'ligandPrep', order: 1 }, load: () => import('../pages/pool/PoolPage.tsx') },
  { path: 'molecularFormation', icon: BulbOutlined, sidebar: { group: 'ligandPrep', order: 3 } },
  { path: 'sign', icon: DeploymentUnitOutlined, sidebar: { group: 'screening', order: 2 } },
  { path: 'graphdta', icon: LineChartOutlined, sidebar: { group: 'screening', order: 3 } },
  { path: 'pharmer', icon: ClusterOutlined, sidebar: { group: 'screening', order: 4 } },
  { path: 'energy', icon: ThunderboltOutlined, sidebar: { group: 'analysis', order: 1 } },
  { path: 'qsar', icon: BarChartOutlined, sidebar: { group: 'analysis', order: 2 } },
  { path: 'qsarApply', icon: FundOutlined, sidebar: { group: 'analysis', order: 3 } },
  { path: 'workflows', icon: ApartmentOutlined, sidebar: { group: 'workflows', order: 1 } },
  { path: 'list', icon: UnorderedListOutlined, sidebar: { group: 'taskManagement', order: 1 }, load: () => import('../pages/tasks/TaskListPage.tsx') },
  { path: 'terminal', icon: CodeOutlined, sidebar: { group: 'taskManagement', order: 2 } },
  { path: 'rosetta', icon: CompressOutlined, sidebar: { group: 'experimental', order: 1 } },
  { path: 'packer', icon: BlockOutlined, sidebar: { group: 'experimental', order: 2 } },
  { path: 'vasp', icon: CalculatorOutlined, sidebar: { group: 'experimental', order: 3 } },
  // Reached from inside other pages.
  { path: 'molecule', icon: AppstoreOutlined },
  { path: 'workflow', icon: ApartmentOutlined },
  { path: 'dataCenter', icon: AppstoreOutlined, load: () => import('../pages/data-center/DataCenterPage.tsx') },
];
