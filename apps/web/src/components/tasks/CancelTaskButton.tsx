import { App as AntApp, Button, Popconfirm } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../api/endpoints.ts';

const SUCCESS_TOAST_SECONDS = 2;

/** Shown only where can_cancel is true; the server's errmsg is the success text, then the list reloads. */
export function CancelTaskButton({ taskId, onCancelled }: { taskId: number; onCancelled: () => void }) {
  const { t } = useTranslation();
  const { message } = AntApp.useApp();
  const [busy, setBusy] = useState(false);
  async function cancel() {
    setBusy(true);
    try {
      void message.success(await api.tasks.cancel(taskId), SUCCESS_TOAST_SECONDS);
      onCancelled();
    } catch {
      // Already toasted by the API client.
    } finally {
      setBusy(false);
    }
  }
  return (
    <Popconfirm title={t('messages.cancelConfirm')} okText={t('actions.confirm')} cancelText={t('actions.cancel')} onConfirm={cancel}>
      <Button type="link" size="small" loading={busy} data-testid="task-cancel">
        {t('actions.cancelTask')}
      </Button>
    </Popconfirm>
  );
}
