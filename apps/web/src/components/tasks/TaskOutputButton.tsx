import { DownloadOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Button } from 'antd';
import { api } from '../../api/endpoints.ts';

/** One output of a finished task, downloaded under its own name; disabled until the task lists it. */
export function TaskOutputButton({ taskId, file, label, testId }: { taskId: number; file: string; label: string; testId: string }) {
  const files = useQuery({ queryKey: ['tasks', 'files', taskId], queryFn: () => api.tasks.files(taskId) });
  const output = files.data?.outputs.find((f) => f.name === file);
  return (
    <Button
      size="small"
      icon={<DownloadOutlined />}
      disabled={!output}
      onClick={() => output && void api.tasks.downloadFile(taskId, output.file, output.name).catch(() => undefined)}
      data-testid={testId}
    >
      {label}
    </Button>
  );
}
