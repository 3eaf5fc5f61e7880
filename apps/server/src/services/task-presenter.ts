import { fenToYuan, renderMessage, STATUS_OF_STATE, STATUS_TEXT, type Lang, type Message, type TaskRow } from '@yunyao/contract';
import type { TaskRecord } from '@yunyao/db';
import { getModule } from '@yunyao/modules';
import { formatDate, formatDuration } from '../format.ts';

/**
 * Why the task failed, in `lang`: from its message id and parameters where it kept them, else its
 * stored Chinese text (tasks from before `error_message`, reasons given as plain text).
 */
export function failureReason(task: Pick<TaskRecord, 'error' | 'errorMessage'>, lang: Lang): string | null {
  return task.errorMessage ? renderMessage(task.errorMessage as Message, lang) : task.error;
}

/**
 * The task row exactly as the spec's tables read it, its failure reason in `lang`. A workflow runs
 * no engine itself: its machine time and fee are its steps' (each charged on its own), so the row
 * adds up its children.
 */
export function toTaskRow(task: TaskRecord, children: TaskRecord[] = [], lang: Lang = 'zh'): TaskRow {
  const machineTime = Math.round((task.machineTime + children.reduce((sum, c) => sum + c.machineTime, 0)) * 1e6) / 1e6;
  const feeFen = task.feeFen + children.reduce((sum, c) => sum + c.feeFen, 0);
  const ended = task.endedAt;
  const startedOrCreated = task.startedAt ?? task.createdAt;
  const elapsedSeconds = ended ? (ended.getTime() - startedOrCreated.getTime()) / 1000 : task.startedAt ? (Date.now() - task.startedAt.getTime()) / 1000 : null;
  const ok = task.state === 'succeeded';
  return {
    id: task.id,
    name: task.name,
    name_en: task.nameEn ?? task.name,
    module: task.module,
    module_name: getModule(task.module)?.name.zh ?? task.module,
    created_at: formatDate(task.createdAt),
    end: ok || task.state === 'failed' || task.state === 'cancelled' ? formatDate(ended) : null,
    updated_at: formatDate(task.updatedAt),
    elapsed: elapsedSeconds === null ? null : formatDuration(elapsedSeconds),
    machine_time: machineTime,
    task_fee: fenToYuan(feeFen),
    estimate_fee: fenToYuan(task.estimateFen),
    hold: fenToYuan(task.holdFen),
    status: STATUS_OF_STATE[task.state],
    status_text: STATUS_TEXT[task.state],
    can_cancel: task.state === 'queued' || task.state === 'running',
    result: ok ? null : failureReason(task, lang),
    out: task.out,
    has_admet: false,
    // The score histogram a docking step wrote (min_score, max_score, valid_count, total_count, count, interval).
    statis: ok ? (((task.result ?? {}) as { statis?: unknown }).statis ?? null) : null,
    progress: task.state === 'running' ? (task.progress ?? null) : null,
    parent_id: task.parentId,
    tasks: children.map((c) => toTaskRow(c, [], lang)),
  };
}
