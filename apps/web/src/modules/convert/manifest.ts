import { SwapOutlined } from '@ant-design/icons';
import { defineWebModule } from '../../app/web-module.ts';

export default defineWebModule({
  module: 'convert',
  icon: SwapOutlined,
  summary: { zh: '在常见分子文件格式之间转换。', en: 'Convert between common molecular file formats.' },
  pages: [{ path: 'convert', sidebar: { group: 'preprocess', order: 1 }, load: () => import('./ConvertPage.tsx') }],
  messages: () => import('./convert.i18n.ts'),
});
