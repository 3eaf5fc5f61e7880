import { BarChartOutlined } from '@ant-design/icons';
import { defineWebModule } from '../../app/web-module.ts';

export default defineWebModule({
  module: 'qsartuna',
  icon: BarChartOutlined,
  summary: {
    zh: '上传带标签的分子数据，自动搜索描述符、算法与超参数，构建带模型卡片、预测区间与适用域的 QSAR 模型。',
    en: 'Upload labelled molecules; descriptors, algorithms and hyper-parameters are searched for a QSAR model with its card, prediction interval and applicability domain.',
  },
  // The spec's route for the page (document 2, section 2).
  pages: [{ path: 'qsar', sidebar: { group: 'analysis', order: 2 }, load: () => import('./QsarBuildPage.tsx') }],
  resultView: () => import('./QsarBuildResultDialog.tsx'),
  messages: () => import('./qsartuna.i18n.ts'),
});
