import { BulbOutlined } from '@ant-design/icons';
import { defineWebModule } from '../../app/web-module.ts';

export default defineWebModule({
  module: 'generate',
  icon: BulbOutlined,
  summary: { zh: '以输入分子为起点生成类似物，并给出相似度、QED、合成可及性与新颖性。', en: 'Generate analogues of seed molecules, with similarity, QED, synthetic accessibility and novelty.' },
  // The spec's route for the page (document 2, section 2).
  pages: [{ path: 'molecularFormation', sidebar: { group: 'ligandPrep', order: 3 }, load: () => import('./GeneratePage.tsx') }],
  resultView: () => import('./GenerateResultDialog.tsx'),
  messages: () => import('./generate.i18n.ts'),
});
