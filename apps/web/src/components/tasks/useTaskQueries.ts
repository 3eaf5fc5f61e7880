import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { TaskRow } from '@yunyao/contract';
import { api } from '../../api/endpoints.ts';

/** How often a table with unfinished tasks asks again, so states change without a manual reload. */
export const TASK_POLL_MS = 3_000;

const hasUnfinished = (rows: readonly TaskRow[] | undefined) => Boolean(rows?.some((r) => r.status === 1));

export interface TaskListFilter {
  module?: string;
  status: number;
  page: number;
  limit: number;
}

export function useTaskPage(filter: TaskListFilter) {
  return useQuery({
    queryKey: ['tasks', 'list', filter],
    queryFn: () => api.tasks.list(filter),
    placeholderData: keepPreviousData,
    refetchInterval: (query) => (hasUnfinished(query.state.data?.data) ? TASK_POLL_MS : false),
  });
}

/** The last 20 tasks of a simple module (spec: simple modules fetch the last 20 instead of paging). */
export function useRecentTasks(module: string) {
  return useQuery({
    queryKey: ['tasks', 'recent', module],
    queryFn: () => api.tasks.recent(module),
    refetchInterval: (query) => (hasUnfinished(query.state.data) ? TASK_POLL_MS : false),
  });
}
