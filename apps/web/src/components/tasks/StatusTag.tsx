import { Tag } from 'antd';
import type { TaskRow } from '@yunyao/contract';

const COLOR_BY_TEXT: Record<string, string> = {
  已完成: 'success',
  已失败: 'error',
  运行中: 'processing',
  排队中: 'processing',
  已取消: 'default',
};

/** The server's own status text (the spec's contract), coloured by meaning. */
export function StatusTag({ task }: { task: Pick<TaskRow, 'status_text'> }) {
  return <Tag color={COLOR_BY_TEXT[task.status_text] ?? 'default'}>{task.status_text}</Tag>;
}
