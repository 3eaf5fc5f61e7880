import { registerMessages } from '../../i18n/index.ts';

export const homeMessages = {
  zh: {
    allModules: '全部计算模块',
    moduleCount: '{{count}} 个模块',
    tutorial: '使用教程',
    recharge: '充值',
    balanceLow: '可用余额不足，充值后才能提交新任务',
  },
  en: {
    allModules: 'All compute modules',
    moduleCount_one: '{{count}} module',
    moduleCount_other: '{{count}} modules',
    tutorial: 'Tutorial',
    recharge: 'Recharge',
    balanceLow: 'No balance available: recharge before submitting new tasks',
  },
};

registerMessages('calculateHome', homeMessages);
