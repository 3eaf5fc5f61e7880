import { useQuery } from '@tanstack/react-query';
import { api } from '../../api/endpoints.ts';

/** One output of a finished task read as text, by the name it is listed under (null when the task has none of that name). */
export function useTaskOutputText(taskId: number, name: string | null) {
  return useQuery({
    queryKey: ['tasks', 'output-text', taskId, name],
    enabled: name !== null,
    staleTime: Infinity,
    queryFn: async () => {
      const output = (await api.tasks.files(taskId)).outputs.find((f) => f.name === name);
      return output ? api.tasks.fileText(taskId, output.file) : null;
    },
  });
}
