import { DeploymentUnitOutlined } from '@ant-design/icons';
import { defineWebModule } from '../../app/web-module.ts';

export default defineWebModule({
  module: 'sign',
  icon: DeploymentUnitOutlined,
  summary: {
    zh: '对蛋白–配体结合构象打分，预测结合亲和力（pK 与 Kd），未成构象的分子先对接。',
    en: 'Score protein–ligand poses and predict binding affinity (pK and Kd); molecules without a pose are docked first.',
  },
  pages: [
    { path: 'sign', sidebar: { group: 'screening', order: 2 }, load: () => import('./SignPage.tsx'), alsoSubmits: ['pocket'] },
    // The docking-and-affinity page: SIGN or GRAFDTA by a radio (spec document 1, section 6). Its
    // old path /calculate/molecule is the protein viewer's (spec document 2; docs/web.md).
    { path: 'affinity', load: () => import('./AffinityPage.tsx'), alsoSubmits: ['graph_dta', 'pocket'] },
  ],
  resultView: () => import('../../components/affinity/AffinityResultDialog.tsx'),
  messages: () => import('./sign.i18n.ts'),
});
