import { defineMessages } from '@yunyao/contract';

/** The workflow module's texts (ids `group.*`); each step's placement words are in its module's workflow-step declaration. */
export const GROUP_MESSAGES = defineMessages('group', {
  stepsMissing: { zh: '请添加至少一个工作流步骤！', en: 'Please add at least one workflow step.' },
  tooManySteps: { zh: '工作流最多 {max} 个步骤！', en: 'A workflow has at most {max} steps.' },
  stepModuleInvalid: { zh: '工作流步骤的模块无效，请重新添加！', en: 'A workflow step names no valid module; please add it again.' },
  /** `step`: its number from 1, `module`: the module's name, `port`: what it lacks (both in both languages). */
  stepLacksPort: { zh: '第 {step} 步“{module}”缺少{port}！', en: 'Step {step} ({module}) has no {port}.' },
  // Why a running workflow ended early (group/run/advance.ts); `step`: its number from 1, `module`: its name in both languages.
  stepFailed: { zh: '第 {step} 步（{module}）失败：{reason}', en: 'Step {step} ({module}) failed: {reason}' },
  stepCancelled: { zh: '第 {step} 步（{module}）已取消：{reason}', en: 'Step {step} ({module}) was cancelled: {reason}' },
  noMoleculesLeft: { zh: '第 {step} 步（{module}）没有得到任何可传给下一步的分子', en: 'Step {step} ({module}) left no molecule to pass on to the next step.' },
  stepCannotStart: { zh: '第 {step} 步（{module}）无法开始：{reason}', en: 'Step {step} ({module}) cannot start: {reason}' },
  budgetReached: {
    zh: '工作流费用已达到提交时冻结的上限，第 {step} 步（{module}）未开始，已完成的步骤结果保留',
    en: 'The workflow reached the hold set at submission, so step {step} ({module}) did not start; the finished steps keep their results.',
  },
});
