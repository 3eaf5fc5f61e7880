import { AimOutlined } from '@ant-design/icons';
import { defineWebModule } from '../../app/web-module.ts';

export default defineWebModule({
  module: 'autodock',
  icon: AimOutlined,
  summary: {
    zh: '在浏览器中检测蛋白口袋，并用 AutoDock Vina 将小分子对接到选定口袋。',
    en: 'Detect protein pockets in the browser and dock small molecules into the chosen pocket with AutoDock Vina.',
  },
  pages: [
    { path: 'molecules', sidebar: { group: 'screening', order: 1 }, load: () => import('./BrowserDockingPage.tsx') },
    // The server-side pocket variant: it submits a `pocket` task, then docks into the pockets found.
    { path: 'docking', load: () => import('./DockingPage.tsx'), alsoSubmits: ['pocket'] },
  ],
  resultView: () => import('./AutodockResultDialog.tsx'),
  messages: () => import('./autodock.i18n.ts'),
});
