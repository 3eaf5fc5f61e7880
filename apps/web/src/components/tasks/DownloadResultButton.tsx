import { Button } from 'antd';
import type { TaskRow } from '@yunyao/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../api/endpoints.ts';

/** A simple module's one result file, by its own name (the tar archive when it has none). */
export async function downloadTaskResult(task: Pick<TaskRow, 'id' | 'out'>): Promise<void> {
  const { outputs } = await api.tasks.files(task.id);
  const main = outputs.find((f) => f.name === task.out) ?? outputs[0];
  if (main) await api.tasks.downloadFile(task.id, main.file, main.name);
  else await api.tasks.download(task.id);
}

/** Simple modules hand back one file; download it by its own name instead of a tar archive. */
export function DownloadResultButton({ task }: { task: Pick<TaskRow, 'id' | 'out'> }) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  async function fetchResult() {
    setBusy(true);
    try {
      await downloadTaskResult(task);
    } catch {
      // The API client has already said why.
    } finally {
      setBusy(false);
    }
  }
  return (
    <Button type="link" size="small" loading={busy} onClick={() => void fetchResult()} data-testid="task-download-result">
      {t('actions.downloadResult')}
    </Button>
  );
}
