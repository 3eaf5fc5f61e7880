import { LineChartOutlined } from '@ant-design/icons';
import { defineWebModule } from '../../app/web-module.ts';

export default defineWebModule({
  module: 'graph_dta',
  icon: LineChartOutlined,
  summary: {
    zh: '由蛋白氨基酸序列与小分子 SMILES 预测结合亲和力（Davis pKd / KIBA 分数），无需三维结构。',
    en: 'Predict binding affinity from a protein sequence and SMILES (Davis pKd or KIBA score), no 3D structure needed.',
  },
  pages: [{ path: 'graphdta', sidebar: { group: 'screening', order: 3 }, load: () => import('./GraphDtaPage.tsx') }],
  resultView: () => import('../../components/affinity/AffinityResultDialog.tsx'),
  messages: () => import('../../components/affinity/affinity.i18n.ts'),
});
