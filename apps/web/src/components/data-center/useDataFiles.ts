import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import type { DataFileType } from '@yunyao/contract/files';
import { api } from '../../api/endpoints.ts';

/** Every data-center query lives under this key, so one invalidation refreshes pages and pickers alike. */
export const FILES_KEY = ['files'] as const;

/** The user's files, of one type or (no type) all of them. */
export function useDataFiles(type?: DataFileType, enabled = true) {
  return useQuery({
    queryKey: type ? [...FILES_KEY, type] : FILES_KEY,
    queryFn: () => api.files.list(type),
    enabled,
  });
}

export function useInvalidateFiles(): () => Promise<void> {
  const client = useQueryClient();
  return useCallback(() => client.invalidateQueries({ queryKey: FILES_KEY }), [client]);
}
