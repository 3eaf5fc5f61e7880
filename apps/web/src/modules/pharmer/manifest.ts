import { ClusterOutlined } from '@ant-design/icons';
import { defineWebModule } from '../../app/web-module.ts';

export default defineWebModule({
  module: 'pharmer',
  icon: ClusterOutlined,
  summary: {
    zh: '由参考配体的结合构象构建药效团，在分子库中筛选匹配的分子并与参考叠合。',
    en: "Build a pharmacophore from a reference ligand's bound pose and screen molecules that match it, aligned to the reference.",
  },
  pages: [{ path: 'pharmer', sidebar: { group: 'screening', order: 4 }, load: () => import('./PharmerPage.tsx') }],
  resultView: () => import('./PharmerResultDialog.tsx'),
  messages: () => import('./pharmer.i18n.ts'),
});
