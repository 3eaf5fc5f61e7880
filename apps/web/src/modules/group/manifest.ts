import { ApartmentOutlined } from '@ant-design/icons';
import { defineWebModule } from '../../app/web-module.ts';

export default defineWebModule({
  module: 'group',
  icon: ApartmentOutlined,
  summary: {
    zh: '把分子对接、3D/2D 亲和力、药效团与结合自由能串成一条工作流，逐步筛选并汇总每个分子在各步骤的得分。',
    en: 'Chain docking, 3D/2D affinity, pharmacophore and binding free energy into one workflow that narrows the molecules step by step and sums up every score.',
  },
  pages: [
    // As docking: the sidebar leads to the browser-pocket variant, the server-pocket one is reached by URL.
    { path: 'workflows', sidebar: { group: 'workflows', order: 1 }, load: () => import('./BrowserWorkflowPage.tsx') },
    { path: 'workflow', load: () => import('./WorkflowPage.tsx'), alsoSubmits: ['pocket'] },
  ],
  resultView: () => import('./WorkflowResultDialog.tsx'),
  messages: () => import('./group.i18n.ts'),
});
