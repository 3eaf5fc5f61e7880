import { ToolOutlined } from '@ant-design/icons';
import { defineWebModule } from '../../app/web-module.ts';

export default defineWebModule({
  module: 'perform',
  icon: ToolOutlined,
  summary: { zh: '对小分子做粗略的力场优化。', en: 'Quick force-field clean-up of small molecules.' },
  pages: [{ path: 'optimize', sidebar: { group: 'preprocess', order: 2 }, load: () => import('./PerformPage.tsx') }],
  messages: () => import('./perform.i18n.ts'),
});
