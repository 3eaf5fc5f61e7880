import { registerMessages } from '../../i18n/index.ts';

export const documentMessages = {
  zh: {
    title: '使用教程',
    onThisPage: '本页目录',
    pages: {
      index: '快速开始',
      'data-center': '数据中心',
      convert: '格式转换、优化与合并',
      docking: '分子对接',
      quantum: '量子化学',
      tasks: '任务管理与计费',
      api: '脚本调用（访问令牌）',
    },
    previous: '上一篇',
    next: '下一篇',
    chineseOnly: '教程目前只有中文版本。',
    notFound: '没有找到这篇教程',
    notFoundText: '链接可能已经失效，请从左侧目录选择教程。',
    backToStart: '返回快速开始',
    loadFailed: '教程加载失败',
    loadFailedText: '请检查网络连接后重试。',
    retry: '重试',
    demo: '想先看看一个典型的计算流程？',
    demoLink: '查看产品演示',
  },
  en: {
    title: 'Tutorial',
    onThisPage: 'On this page',
    pages: {
      index: 'Quick start',
      'data-center': 'Data center',
      convert: 'Convert, optimise, merge',
      docking: 'Molecular docking',
      quantum: 'Quantum chemistry',
      tasks: 'Tasks and billing',
      api: 'Scripted use (access tokens)',
    },
    previous: 'Previous',
    next: 'Next',
    chineseOnly: 'The tutorial is currently available in Chinese only.',
    notFound: 'Tutorial page not found',
    notFoundText: 'The link may be out of date; pick a page from the list on the left.',
    backToStart: 'Back to quick start',
    loadFailed: 'The tutorial could not be loaded',
    loadFailedText: 'Please check your connection and try again.',
    retry: 'Retry',
    demo: 'Want to see a typical workflow first?',
    demoLink: 'See the product demo',
  },
};

registerMessages('document', documentMessages);
