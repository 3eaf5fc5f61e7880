import { CompressOutlined } from '@ant-design/icons';
import { defineWebModule } from '../../app/web-module.ts';

export default defineWebModule({
  module: 'minimizer',
  icon: CompressOutlined,
  summary: {
    zh: '使用已授权的 Rosetta 按 flag 文件与 movemap 对蛋白结构做能量最小化（需要用户自有许可证）。',
    en: 'Energy minimisation of a protein with a licensed Rosetta, by your flags file and movemap (your own licence required).',
  },
  pages: [{ path: 'rosetta', sidebar: { group: 'experimental', order: 1 }, load: () => import('./MinimizerPage.tsx') }],
  resultView: () => import('../../components/rosetta/RosettaResultDialog.tsx'),
  messages: () => import('../../components/rosetta/rosetta.i18n.ts'),
});
