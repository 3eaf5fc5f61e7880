import {
  AimOutlined,
  CloudUploadOutlined,
  ExperimentOutlined,
  FileDoneOutlined,
  MedicineBoxOutlined,
  UserAddOutlined,
} from '@ant-design/icons';
import type { ReactNode } from 'react';

export interface DemoStep {
  key: string;
  icon: ReactNode;
  /** Module pages the step uses; label keys are under `demo.steps.<key>`. */
  links: { labelKey: 'link' | 'link2'; to: string }[];
}

/** A structure-based virtual screen, in the order a user would run it. */
export const DEMO_STEPS: readonly DemoStep[] = [
  { key: 'account', icon: <UserAddOutlined />, links: [{ labelKey: 'link', to: '/register' }] },
  { key: 'data', icon: <CloudUploadOutlined />, links: [{ labelKey: 'link', to: '/calculate/dataCenter' }] },
  {
    key: 'prepare',
    icon: <ExperimentOutlined />,
    links: [
      { labelKey: 'link', to: '/calculate/convert' },
      { labelKey: 'link2', to: '/calculate/optimize' },
    ],
  },
  {
    key: 'screen',
    icon: <AimOutlined />,
    links: [
      { labelKey: 'link', to: '/calculate/molecules' },
      { labelKey: 'link2', to: '/calculate/sign' },
    ],
  },
  { key: 'admet', icon: <MedicineBoxOutlined />, links: [{ labelKey: 'link', to: '/calculate/admet' }] },
  { key: 'results', icon: <FileDoneOutlined />, links: [{ labelKey: 'link', to: '/calculate/list' }] },
];
