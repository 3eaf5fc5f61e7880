import { ThunderboltOutlined } from '@ant-design/icons';
import { defineWebModule } from '../../app/web-module.ts';

export default defineWebModule({
  module: 'dynamic',
  icon: ThunderboltOutlined,
  summary: {
    zh: '对对接复合物做分子动力学，用 MM/GBSA 计算结合自由能及其能量分解。',
    en: 'Run molecular dynamics of docked complexes and compute the binding free energy by MM/GBSA, with its energy components.',
  },
  pages: [{ path: 'energy', sidebar: { group: 'analysis', order: 1 }, load: () => import('./DynamicPage.tsx') }],
  resultView: () => import('./DynamicResultDialog.tsx'),
  messages: () => import('./dynamic.i18n.ts'),
});
