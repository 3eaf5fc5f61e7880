import { FundOutlined } from '@ant-design/icons';
import { defineWebModule } from '../../app/web-module.ts';

export default defineWebModule({
  module: 'qsarpred',
  icon: FundOutlined,
  summary: {
    zh: '用模型库中的 QSAR 模型预测新分子：预测值与区间、适用域、最相近的训练分子，以及驱动预测的原子。',
    en: 'Predict new molecules with a QSAR model from your registry: value and interval, applicability domain, nearest training molecule and the atoms that drove the prediction.',
  },
  pages: [{ path: 'qsarApply', sidebar: { group: 'analysis', order: 3 }, load: () => import('./QsarPredictPage.tsx') }],
  resultView: () => import('./QsarPredictResultDialog.tsx'),
  messages: () => import('./qsarpred.i18n.ts'),
});
