import { BlockOutlined } from '@ant-design/icons';
import { defineWebModule } from '../../app/web-module.ts';

export default defineWebModule({
  module: 'packer',
  icon: BlockOutlined,
  summary: {
    zh: '使用已授权的 Rosetta Packer 按 flag 文件与 resfile 优化或设计侧链（需要用户自有许可证）。',
    en: 'Side-chain packing or design with a licensed Rosetta Packer, by your flags file and resfile (your own licence required).',
  },
  pages: [{ path: 'packer', sidebar: { group: 'experimental', order: 2 }, load: () => import('./PackerPage.tsx') }],
  resultView: () => import('../../components/rosetta/RosettaResultDialog.tsx'),
  messages: () => import('../../components/rosetta/rosetta.i18n.ts'),
});
