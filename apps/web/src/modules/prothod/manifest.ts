import { FunctionOutlined } from '@ant-design/icons';
import { defineWebModule } from '../../app/web-module.ts';

export default defineWebModule({
  module: 'prothod',
  icon: FunctionOutlined,
  summary: {
    zh: '关键词模式的量子化学计算：上传 .xyz 文件，选择目标（sp/opt/freq）与方法（PM3、DFTB 或方法+基组）。',
    en: 'Keyword-mode quantum chemistry: upload .xyz files, pick a target (sp/opt/freq) and a method (PM3, DFTB, or method plus basis).',
  },
  pages: [{ path: 'quantum', sidebar: { group: 'structure', order: 2 }, load: () => import('./QuantumPage.tsx') }],
  resultView: () => import('../../components/quantum/QuantumResultDialog.tsx'),
  messages: () => import('../../components/quantum/quantum.i18n.ts'),
});
