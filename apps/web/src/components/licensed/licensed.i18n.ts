import { registerMessages } from '../../i18n/index.ts';

registerMessages('licensed', {
  zh: {
    licence: '{{engine}} 为授权软件：使用本模块需要您本人（或所在单位）持有有效的 {{engine}} 软件许可证，平台仅代为运行运营方安装的程序。',
    checking: '正在查询平台的 {{engine}} 配置…',
    checkFailed: '无法查询平台的 {{engine}} 配置，提交时会再次检查。',
    configured: '本平台已配置 {{engine}}，可以提交任务。',
    notConfigured: '本平台尚未配置 {{engine}}（运营方需设置 {{setting}}）：提交会被拒绝，不会冻结或扣除任何费用。',
  },
  en: {
    licence: '{{engine}} is licensed software: using this module needs a valid {{engine}} licence of your own (or your institution’s); the platform only runs the program its operator installed.',
    checking: 'Checking the platform’s {{engine}} set-up…',
    checkFailed: 'The platform’s {{engine}} set-up could not be checked; submitting checks it again.',
    configured: '{{engine}} is configured on this platform: tasks can be submitted.',
    notConfigured: '{{engine}} is not configured on this platform (the operator must set {{setting}}): a submission is refused, and nothing is held or charged.',
  },
});
