import { ExperimentOutlined } from '@ant-design/icons';
import { defineWebModule } from '../../src/app/web-module.ts';

/** The test-only example module's web folder (docs/architecture.md, "Add a module"); tests add it to the catalogue. */
export default defineWebModule({
  module: 'example',
  icon: ExperimentOutlined,
  summary: { zh: '输入一个 SMILES，得到它的规范 SMILES。', en: 'Enter one SMILES and get its canonical SMILES.' },
  pages: [{ path: 'example', sidebar: { group: 'preprocess', order: 4 }, load: () => import('./ExamplePage.tsx') }],
  resultView: () => import('./ExampleResultDialog.tsx'),
  messages: () => import('./example.i18n.ts'),
});
