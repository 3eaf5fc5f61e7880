import { CalculatorOutlined } from '@ant-design/icons';
import { defineWebModule } from '../../app/web-module.ts';

export default defineWebModule({
  module: 'vasp',
  icon: CalculatorOutlined,
  summary: {
    zh: '上传 VASP 输入压缩包，由平台的已授权 VASP 进行第一性原理计算（需要用户自有许可证）。',
    en: 'First-principles runs from an uploaded VASP input archive on the platform’s licensed VASP (your own licence required).',
  },
  pages: [{ path: 'vasp', sidebar: { group: 'experimental', order: 3 }, load: () => import('./VaspPage.tsx') }],
  resultView: () => import('./VaspResultDialog.tsx'),
  messages: () => import('./vasp.i18n.ts'),
});
