import { MergeCellsOutlined } from '@ant-design/icons';
import { defineWebModule } from '../../app/web-module.ts';

export default defineWebModule({
  module: 'merge',
  icon: MergeCellsOutlined,
  summary: { zh: '把多个小分子文件合并为一个。', en: 'Merge several small-molecule files into one.' },
  pages: [{ path: 'merges', sidebar: { group: 'preprocess', order: 3 }, load: () => import('./MergePage.tsx') }],
  messages: () => import('./merge.i18n.ts'),
});
