import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../api/endpoints.ts';
import { useRecentTasks } from '../tasks/useTaskQueries.ts';

export const QSAR_MODELS_KEY = ['qsar', 'models'] as const;
const SUCCEEDED = 2;

/**
 * The user's model registry. A model joins it when its build succeeds, so the list is asked again
 * whenever the set of finished builds changes (the build history polls while one runs).
 */
export function useQsarModels() {
  const builds = useRecentTasks('qsartuna');
  const finished = (builds.data ?? [])
    .filter((t) => t.status === SUCCEEDED)
    .map((t) => t.id)
    .join(',');
  return useQuery({ queryKey: [...QSAR_MODELS_KEY, finished], queryFn: () => api.qsar.models(), placeholderData: keepPreviousData });
}

export function useInvalidateQsarModels() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: QSAR_MODELS_KEY });
}
