import { MedicineBoxOutlined } from '@ant-design/icons';
import { defineWebModule } from '../../app/web-module.ts';

export default defineWebModule({
  module: 'admet',
  icon: MedicineBoxOutlined,
  summary: {
    zh: '预测小分子的理化性质与吸收、分布、代谢、排泄、毒性（ADMET）指标。',
    en: 'Predict physicochemical and ADMET (absorption, distribution, metabolism, excretion, toxicity) properties.',
  },
  pages: [
    { path: 'admet', sidebar: { group: 'ligandPrep', order: 2 }, load: () => import('./AdmetPage.tsx') },
    // A molecule's printable report, opened from its detail dialog.
    { path: 'admet/report', load: () => import('./report/AdmetReportPage.tsx') },
  ],
  resultView: () => import('./AdmetResultDialog.tsx'),
  messages: () => import('./admet.i18n.ts'),
});
