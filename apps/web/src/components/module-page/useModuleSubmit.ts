import { useQueryClient } from '@tanstack/react-query';
import { App as AntApp } from 'antd';
import type { SubmitFormDeclaration } from '@yunyao/contract/api';
import type { ModuleForm } from '@yunyao/modules/forms';
import { createElement, useState } from 'react';
import { api } from '../../api/endpoints.ts';
import { SubmittedToast } from './SubmittedToast.tsx';
import { ESTIMATE_QUERY_KEY } from './useCostEstimate.ts';

/** The spec's short toast; hovering it keeps it open for its link. */
const SUCCESS_TOAST_SECONDS = 2;

/**
 * Posts a module's form. The button stays disabled while the request is in
 * flight; on success the spec's 任务提交成功! shows and the history reloads, and so do the
 * balance and the estimates, whose available balance the new task's hold has lowered.
 * Failures were already toasted by the API client, so they are only logged.
 */
export function useModuleSubmit(form: Pick<ModuleForm, 'code'> & SubmitFormDeclaration) {
  const { message } = AntApp.useApp();
  const queryClient = useQueryClient();
  const [submitting, setSubmitting] = useState(false);

  async function submit(body: FormData): Promise<void> {
    body.set('module', form.code);
    setSubmitting(true);
    try {
      await api.modules.submit(form, body);
      void message.success(createElement(SubmittedToast), SUCCESS_TOAST_SECONDS);
      await Promise.all(
        [['tasks'], ['user', 'info'], [ESTIMATE_QUERY_KEY]].map((queryKey) => queryClient.invalidateQueries({ queryKey })),
      );
    } catch (err) {
      console.warn(`submit ${form.code} failed`, err);
    } finally {
      setSubmitting(false);
    }
  }

  return { submit, submitting };
}
