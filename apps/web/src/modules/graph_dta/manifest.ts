import { LineChartOutlined } from '@ant-design/icons';
import { defineWebModule } from '../../app/web-module.ts';

export default defineWebModule({
  module: 'graph_dta',
  icon: LineChartOutlined,
  summary: {
    zh: '由蛋白氨基酸序列与小分子 SMILES 预测药物–靶标结合亲和力（Davis 或 KIBA 模型）。',
    en: 'Predict drug–target binding affinity from a protein sequence and SMILES (Davis or KIBA model).',
  },
  pages: [{ path: 'graphdta', sidebar: { group: 'screening', order: 3 }, load: () => import('./GraphDtaPage.tsx') }],
  resultView: () => import('../../components/affinity/AffinityResultDialog.tsx'),
  messages: () => import('./graph_dta.i18n.ts'),
});
