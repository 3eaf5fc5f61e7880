import { ExperimentOutlined } from '@ant-design/icons';
import { defineWebModule } from '../../app/web-module.ts';

export default defineWebModule({
  module: 'orca',
  icon: ExperimentOutlined,
  summary: {
    zh: '完整的 ORCA 风格表单：方法、基组、近似、溶剂、NMR、UV-Vis、IR 与并行设置，批量分子提交。',
    en: 'The full ORCA-style form: method, basis, approximation, solvent, NMR, UV-Vis, IR and parallel settings, for batches of molecules.',
  },
  pages: [{ path: 'orca', sidebar: { group: 'structure', order: 1 }, load: () => import('./OrcaPage.tsx') }],
  resultView: () => import('../../components/quantum/QuantumResultDialog.tsx'),
  messages: () => import('./orca.i18n.ts'),
});
