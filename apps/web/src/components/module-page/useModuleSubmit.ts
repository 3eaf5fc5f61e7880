import { useQueryClient } from '@tanstack/react-query';
import { App as AntApp } from 'antd';
import { SKIP_UNREADABLE_FIELD, type SubmitFormDeclaration } from '@yunyao/contract/api';
import { RequestError } from '@yunyao/contract/api/client';
import type { ModuleForm } from '@yunyao/modules/forms';
import { createElement, useState } from 'react';
import { api } from '../../api/endpoints.ts';
import { SubmittedToast } from './SubmittedToast.tsx';
import { confirmSkipUnreadable, UNREADABLE_ERRNO, unreadableOf } from './UnreadableLines.tsx';
import { ESTIMATE_QUERY_KEY } from './useCostEstimate.ts';

/** The spec's short toast; hovering it keeps it open for its link. */
const SUCCESS_TOAST_SECONDS = 2;

/**
 * Posts a module's form. The button stays disabled while the request is in
 * flight; on success the spec's 任务提交成功! shows and the history reloads, and so do the
 * balance and the estimates, whose available balance the new task's hold has lowered.
 * SMILES lines RDKit cannot read are listed in a dialog that offers to submit without them.
 * Other failures were already toasted by the API client, so they are only logged.
 */
/** `onSubmitted` runs after the success toast (a page that leads elsewhere after submitting). */
export function useModuleSubmit(form: Pick<ModuleForm, 'code'> & SubmitFormDeclaration, onSubmitted?: (taskId: number) => void) {
  const { message, modal } = AntApp.useApp();
  const queryClient = useQueryClient();
  const [submitting, setSubmitting] = useState(false);

  /**
   * Sends the form; after the user chose to skip the unreadable lines, sends it again saying so.
   * Resolves the new task's id, or null when the user went back to edit.
   */
  async function send(body: FormData): Promise<number | null> {
    try {
      return (await api.modules.submit(form, body, [UNREADABLE_ERRNO])).task_id;
    } catch (err) {
      const unreadable = unreadableOf(err);
      if (!unreadable || body.has(SKIP_UNREADABLE_FIELD)) throw err;
      if (!(await confirmSkipUnreadable(modal, unreadable))) return null;
      body.set(SKIP_UNREADABLE_FIELD, '1');
      return send(body);
    }
  }

  async function submit(body: FormData): Promise<void> {
    body.set('module', form.code);
    setSubmitting(true);
    try {
      const taskId = await send(body);
      if (taskId === null) return;
      void message.success(createElement(SubmittedToast, { taskId }), SUCCESS_TOAST_SECONDS);
      await Promise.all(
        [['tasks'], ['user', 'info'], [ESTIMATE_QUERY_KEY]].map((queryKey) => queryClient.invalidateQueries({ queryKey })),
      );
      onSubmitted?.(taskId);
    } catch (err) {
      // The one refusal the client left untoasted, when its lines could not be shown.
      if (err instanceof RequestError && err.errno === UNREADABLE_ERRNO) void message.error(err.message);
      console.warn(`submit ${form.code} failed`, err);
    } finally {
      setSubmitting(false);
    }
  }

  return { submit, submitting };
}
