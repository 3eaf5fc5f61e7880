import { defineMessages } from './messages.ts';

/**
 * Why a task failed, where the platform rather than a step says it (ids `task.*`): the step
 * runner, the worker, the sweep of silent attempts, cancellation. A task keeps the id and its
 * parameters with the Chinese text, and the task list renders them in the reader's language.
 */
export const TASK_MESSAGES = defineMessages('task', {
  cancelled: { zh: '任务已被用户取消', en: 'The task was cancelled by the user.' },
  workflowCancelled: { zh: '工作流已被用户取消', en: 'The workflow was cancelled by the user.' },
  /** `step`: the step's name, `code`: its exit code or 无 / none. */
  stepExited: {
    zh: '计算步骤 {step} 异常退出（退出码 {code}），计算程序的输出已记入任务日志',
    en: "The step {step} stopped abnormally (exit code {code}); the program's output is in the task log.",
  },
  noExitCode: { zh: '无', en: 'none' },
  stepTimedOut: { zh: '步骤 {step} 超过时间限制 ({seconds} 秒)，已终止', en: 'The step {step} went past its time limit ({seconds} s) and was stopped.' },
  stepOverBudget: {
    zh: '步骤 {step} 用完了本任务的费用上限（{cpuSeconds} 核秒），已终止',
    en: "The step {step} used up the task's spending cap ({cpuSeconds} core-seconds) and was stopped.",
  },
  memoryTooLarge: {
    zh: '任务申请内存 {requested} MB（{cores} 核 × {perCore} MB），超过计算节点内存 {machine} MB，请减少并行核数或每核内存',
    en: "The task asks for {requested} MB of memory ({cores} cores × {perCore} MB), more than the node's {machine} MB; use fewer cores or less memory per core.",
  },
  engineNotStarted: { zh: '无法启动计算程序 {program}', en: 'The program {program} could not be started.' },
  platformFailure: {
    zh: '平台内部错误（存储或计算节点故障），本次不收费，请稍后重新提交',
    en: 'Platform error (storage or compute node); you are not charged. Please submit again later.',
  },
  /** `hold`, `estimate`: amounts as written (¥1.00). */
  spendingCap: {
    zh: '任务费用已达到提交时冻结的上限 {hold}（预估 {estimate}），已终止，按上限收费。如需完整运行，请提高“任务费用上限”后重新提交',
    en: 'The task reached the hold set at submission, {hold} (estimate {estimate}), and was stopped and charged that much. To run it in full, submit it again with a higher spending cap.',
  },
  moduleNotInstalled: { zh: '模块 {module} 未安装', en: 'The module {module} is not installed.' },
  nodeLost: { zh: '计算节点异常中断，已尝试 {attempts} 次，本任务不收费', en: 'The compute node stopped unexpectedly after {attempts} attempts; you are not charged.' },
  submitFailed: { zh: '任务提交失败，请重试', en: 'The task could not be submitted; please retry.' },
});
