import { Empty, Table, type TableColumnsType, type TablePaginationConfig } from 'antd';
import type { TaskRow } from '@yunyao/contract';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { StatusTag } from './StatusTag.tsx';
import { TaskActions } from './TaskActions.tsx';
import { TaskFee } from './TaskFee.tsx';
import { taskModuleName, taskName } from './task-name.ts';
import { taskTree, type TaskTreeRow } from './task-tree.ts';
import { TaskView } from './TaskView.tsx';
import styles from './TaskTable.module.css';

/** Fits the content area at 1440 px; narrower windows scroll sideways with the actions pinned. */
const TABLE_MIN_WIDTH = 1100;
/** The list's task-name column, the one without a width of its own. */
const NAME_MIN_WIDTH = 160;

export interface TaskTableProps {
  rows: TaskRow[];
  loading: boolean;
  /** `list`: the task-management columns; `history`: a module page's history columns. */
  variant: 'list' | 'history';
  pagination: TablePaginationConfig | false;
  downloadResult?: boolean;
  onChanged: () => void;
}

/** One table for every task list; columns follow spec document 1 screen 2 and document 2's history table. */
export function TaskTable({ rows, loading, variant, pagination, downloadResult, onChanged }: TaskTableProps) {
  const { t, i18n } = useTranslation();
  const [viewing, setViewing] = useState<TaskRow | null>(null);
  const offset = pagination ? ((pagination.current ?? 1) - 1) * (pagination.pageSize ?? 10) : 0;

  const tree = useMemo(() => taskTree(rows), [rows]);
  // A workflow's steps are numbered within it; top-level rows across the pages.
  const index = { title: t('task.index'), key: 'index', width: 72, render: (_: unknown, r: TaskRow, i: number) => (r.parent_id === null ? offset + i + 1 : `${i + 1}`) };
  const id = { title: t('task.id'), dataIndex: 'id', width: 72 };
  const moduleName = {
    title: t('task.module'),
    dataIndex: 'module_name',
    // Wide enough for the English names ("Format conversion", "Affinity prediction (3D)").
    width: 180,
    ellipsis: { showTitle: true },
    // The server names modules in Chinese; the module's declaration has both languages.
    render: (_: string, r: TaskRow) => taskModuleName(r, i18n.language),
  };
  const start = { title: t('task.start'), dataIndex: 'created_at', width: 165 };
  const machine = { title: t('task.machineTime'), dataIndex: 'machine_time', width: 100 };
  const fee = { title: t('task.fee'), dataIndex: 'task_fee', width: 100, render: (_: number, r: TaskRow) => <TaskFee task={r} /> };
  const status = { title: t('task.status'), dataIndex: 'status_text', width: 130, render: (_: string, r: TaskRow) => <StatusTag task={r} /> };
  const actions = {
    title: t('task.actions'),
    key: 'actions',
    width: 180,
    // Actions stay in view when a narrow window scrolls the table sideways.
    fixed: 'right' as const,
    render: (_: unknown, r: TaskRow) => <TaskActions task={r} downloadResult={downloadResult} onView={setViewing} onChanged={onChanged} />,
  };

  const columns: TableColumnsType<TaskTreeRow> =
    variant === 'list'
      ? [index, id, moduleName, { title: t('task.name'), dataIndex: 'name', ellipsis: { showTitle: true }, render: (_: string, r: TaskRow) => taskName(r, i18n.language) }, start, machine, fee, status, actions]
      : [
          index,
          start,
          // Spec: the end time shows only once the task completed.
          { title: t('task.end'), dataIndex: 'end', width: 165, render: (v: string | null, r: TaskRow) => (r.status === 2 ? v : '-') },
          id,
          moduleName,
          { title: t('task.elapsed'), dataIndex: 'elapsed', width: 90, render: (v: string | null) => v ?? '-' },
          machine,
          fee,
          status,
          actions,
        ];

  return (
    <>
      <Table<TaskTreeRow>
        className={styles.table}
        rowKey="id"
        size="middle"
        columns={columns}
        dataSource={tree}
        loading={loading}
        pagination={pagination}
        // Never narrower than its columns: a table squeezed below their widths cut the status tag ("Complet").
        scroll={{ y: 560, x: Math.max(TABLE_MIN_WIDTH, columns.reduce((sum, c) => sum + (typeof c.width === 'number' ? c.width : NAME_MIN_WIDTH), 0)) }}
        // While the first page loads, the spinner stands alone rather than over a premature "no tasks".
        locale={{ emptyText: loading ? <div style={{ height: 120 }} /> : <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('task.empty')} /> }}
        onRow={(r) => ({ 'data-testid': 'task-row', 'data-id': r.id, 'data-status': r.status_text, 'data-parent': r.parent_id ?? undefined }) as React.HTMLAttributes<HTMLElement>}
      />
      {viewing && <TaskView task={viewing} onClose={() => setViewing(null)} />}
    </>
  );
}
