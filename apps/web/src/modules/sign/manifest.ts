import { DeploymentUnitOutlined } from '@ant-design/icons';
import { defineWebModule } from '../../app/web-module.ts';

export default defineWebModule({
  module: 'sign',
  icon: DeploymentUnitOutlined,
  summary: {
    zh: '对蛋白–配体结合构象打分，预测结合亲和力（pK、Kd）；无构象的小分子先用 Vina 对接。',
    en: 'Score protein–ligand poses and predict binding affinity (pK, Kd); molecules without a pose are docked with Vina first.',
  },
  pages: [
    { path: 'sign', sidebar: { group: 'screening', order: 2 }, load: () => import('./SignPage.tsx'), alsoSubmits: ['pocket'] },
    // The spec's docking-and-affinity page: SIGN or GRAFDTA by a radio.
    { path: 'molecule', load: () => import('./DockingAffinityPage.tsx'), alsoSubmits: ['pocket', 'graph_dta'] },
  ],
  resultView: () => import('../../components/affinity/AffinityResultDialog.tsx'),
  messages: () => import('../../components/affinity/affinity.i18n.ts'),
});
