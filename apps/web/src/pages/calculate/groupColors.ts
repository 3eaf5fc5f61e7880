import {
  AimOutlined,
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
  ExperimentOutlined,
  FilterOutlined,
  FunctionOutlined,
  FundOutlined,
  LineChartOutlined,
  MedicineBoxOutlined,
  MergeCellsOutlined,
  NodeIndexOutlined,
  SwapOutlined,
  ThunderboltOutlined,
  ToolOutlined,
  UnorderedListOutlined,
} from '@ant-design/icons';
import type { ReactNode } from 'react';

/** An icon per catalogue key, so the module cards can be told apart at a glance. */
const ICONS: Record<string, ReactNode> = {
  orca: <ExperimentOutlined />,
  quantum: <FunctionOutlined />,
  pepsearch: <NodeIndexOutlined />,
  pool: <FilterOutlined />,
  admet: <MedicineBoxOutlined />,
  molecularFormation: <BulbOutlined />,
  molecules: <AimOutlined />,
  sign: <DeploymentUnitOutlined />,
  graphdta: <LineChartOutlined />,
  pharmer: <ClusterOutlined />,
  energy: <ThunderboltOutlined />,
  qsar: <BarChartOutlined />,
  qsarApply: <FundOutlined />,
  workflows: <ApartmentOutlined />,
  convert: <SwapOutlined />,
  optimize: <ToolOutlined />,
  merges: <MergeCellsOutlined />,
  list: <UnorderedListOutlined />,
  terminal: <CodeOutlined />,
  rosetta: <CompressOutlined />,
  packer: <BlockOutlined />,
  vasp: <CalculatorOutlined />,
};

export function moduleIcon(key: string): ReactNode {
  return ICONS[key] ?? <AppstoreOutlined />;
}

/** One accent per sidebar group. */
const GROUP_COLORS: Record<string, string> = {
  structure: '#1668dc',
  ligandPrep: '#16a34a',
  screening: '#f97316',
  analysis: '#7c3aed',
  workflows: '#0891b2',
  preprocess: '#0d9488',
  taskManagement: '#475569',
  experimental: '#db2777',
};

export function groupColor(key: string): string {
  return GROUP_COLORS[key] ?? '#1668dc';
}
