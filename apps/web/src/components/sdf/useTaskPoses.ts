import { useQuery } from '@tanstack/react-query';
import { api } from '../../api/endpoints.ts';
import { sdfRecords, sdProperty } from './poses.ts';

/**
 * A finished task's receptor and its poses by their `ID` property (docking's convention, which the
 * affinity and pharmacophore steps keep), read from two of its outputs; null when either is missing.
 */
export function useTaskPoses(taskId: number, files: { poses: string; protein: string }) {
  return useQuery({
    queryKey: ['tasks', 'poses', taskId, files.poses, files.protein],
    staleTime: Infinity,
    queryFn: async () => {
      const outputs = (await api.tasks.files(taskId)).outputs;
      const key = (name: string) => outputs.find((f) => f.name === name)?.file;
      const [posesKey, proteinKey] = [key(files.poses), key(files.protein)];
      if (!posesKey || !proteinKey) return null;
      const [sdf, pdb] = await Promise.all([api.tasks.fileText(taskId, posesKey), api.tasks.fileText(taskId, proteinKey)]);
      const poses = new Map(sdfRecords(sdf).flatMap((r) => (sdProperty(r, 'ID') ? [[sdProperty(r, 'ID')!, r] as const] : [])));
      return { pdb, poses };
    },
  });
}
