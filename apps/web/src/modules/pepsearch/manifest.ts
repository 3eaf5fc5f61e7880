import { NodeIndexOutlined } from '@ant-design/icons';
import { defineWebModule } from '../../app/web-module.ts';

export default defineWebModule({
  module: 'pepsearch',
  icon: NodeIndexOutlined,
  summary: {
    zh: '输入多肽序列，用片段组装加隐式溶剂精修预测其三维结构，给出排名模型与二级结构。',
    en: 'Enter a peptide sequence and predict its 3D structure by fragment assembly and implicit-solvent refinement, with ranked models and secondary structure.',
  },
  pages: [{ path: 'pepsearch', sidebar: { group: 'structure', order: 3 }, load: () => import('./PepsearchPage.tsx') }],
  resultView: () => import('./PepsearchResultDialog.tsx'),
  messages: () => import('./pepsearch.i18n.ts'),
});
