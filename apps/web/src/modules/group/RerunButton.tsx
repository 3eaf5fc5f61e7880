import { RedoOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { App as AntApp, Button } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../api/endpoints.ts';
import { SubmittedToast } from '../../components/module-page/SubmittedToast.tsx';
import './group.i18n.ts';

const SUCCESS_TOAST_SECONDS = 2;

/** 再次运行: the same plan on the same inputs as a new workflow; the dialog closes onto the history, where the new row appears. */
export function RerunButton({ taskId, onRerun }: { taskId: number; onRerun: () => void }) {
  const { t } = useTranslation('workflow');
  const { message } = AntApp.useApp();
  const queryClient = useQueryClient();
  const [sending, setSending] = useState(false);

  async function rerun() {
    setSending(true);
    try {
      const { task_id } = await api.tasks.rerunWorkflow(taskId);
      void message.success(<SubmittedToast taskId={task_id} />, SUCCESS_TOAST_SECONDS);
      await Promise.all([['tasks'], ['user', 'info']].map((queryKey) => queryClient.invalidateQueries({ queryKey })));
      onRerun();
    } catch {
      // The API client has shown the server's reason (balance, a refused plan).
    } finally {
      setSending(false);
    }
  }

  return (
    <Button icon={<RedoOutlined />} loading={sending} onClick={() => void rerun()} data-testid="workflow-rerun">
      {t('rerun')}
    </Button>
  );
}
