import { useQueryClient } from '@tanstack/react-query';
import { App as AntApp } from 'antd';
import type { SubmitFormDeclaration } from '@yunyao/contract/api';
import type { ModuleForm } from '@yunyao/modules/forms';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../api/endpoints.ts';
import { ESTIMATE_QUERY_KEY } from './useCostEstimate.ts';

const SUCCESS_TOAST_SECONDS = 2;

/**
 * Posts a module's form. The button stays disabled while the request is in
 * flight; on success the spec's 任务提交成功! shows and the history reloads, and so do the
 * balance and the estimates, whose available balance the new task's hold has lowered.
 * Failures were already toasted by the API client, so they are only logged.
 */
export function useModuleSubmit(form: Pick<ModuleForm, 'code'> & SubmitFormDeclaration) {
  const { t } = useTranslation();
  const { message } = AntApp.useApp();
  const queryClient = useQueryClient();
  const [submitting, setSubmitting] = useState(false);

  async function submit(body: FormData): Promise<boolean> {
    body.set('module', form.code);
    setSubmitting(true);
    try {
      await api.modules.submit(form, body);
      void message.success(t('messages.submitted'), SUCCESS_TOAST_SECONDS);
      await Promise.all(
        [['tasks'], ['user', 'info'], [ESTIMATE_QUERY_KEY]].map((queryKey) => queryClient.invalidateQueries({ queryKey })),
      );
      return true;
    } catch (err) {
      console.warn(`submit ${form.code} failed`, err);
      return false;
    } finally {
      setSubmitting(false);
    }
  }

  return { submit, submitting };
}
