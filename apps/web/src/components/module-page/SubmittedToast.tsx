import { useTranslation } from 'react-i18next';

/** The spec's 任务提交成功! with a way to the new row: the history sits below the form, often out of view. */
export function SubmittedToast() {
  const { t } = useTranslation();
  const showHistory = () => document.querySelector('[data-testid="task-history"]')?.scrollIntoView({ behavior: 'smooth', block: 'start' });
  return (
    <span>
      {t('messages.submitted')}{' '}
      <a onClick={showHistory} data-testid="submitted-view-task">
        {t('messages.viewTask')}
      </a>
    </span>
  );
}
