import { useQueryClient } from '@tanstack/react-query';
import { App as AntApp } from 'antd';
import type { SubmitFormDeclaration } from '@yunyao/contract/api';
import type { ModuleForm } from '@yunyao/modules/forms';
import { useState } from 'react';
import { api } from '../../api/endpoints.ts';
import { confirmHold } from './confirm-hold.ts';
import { draftKey, withSpendCap, type ModuleDraft } from './module-draft.ts';
import { ESTIMATE_QUERY_KEY, useCostEstimate } from './useCostEstimate.ts';
import { useFormWarning } from './useFormWarning.ts';
import { useModuleSubmit } from './useModuleSubmit.ts';

/** An estimate this recent is the one the confirmation shows; an older one is asked again (the balance may have moved). */
const ESTIMATE_FRESH_MS = 30_000;

/**
 * A module form's submit side: the user's spending cap, the estimate of the page's draft with
 * it, and the submit of that same draft (or the draft's problem, as a warning). A hold over a
 * quarter of the available balance is confirmed first, on every module's form. The form keeps
 * what the user entered after a successful submit, so a variant is one edit away.
 */
export function useModuleForm(form: Pick<ModuleForm, 'code'> & SubmitFormDeclaration, draft: ModuleDraft, onSubmitted?: (taskId: number) => void) {
  const warn = useFormWarning();
  const { modal } = AntApp.useApp();
  const queryClient = useQueryClient();
  const { submit, submitting } = useModuleSubmit(form, onSubmitted);
  const [spendCap, setSpendCap] = useState<number | null>(null);
  const estimate = useCostEstimate(form, draft, spendCap);

  async function onSubmit() {
    if ('problem' in draft) return warn(draft.problem);
    const body = withSpendCap(draft.body, spendCap);
    // The estimate the form shows when it is this draft's; asked now when the user was quicker
    // than the debounce or the upload is estimated on request. A refused estimate submits anyway:
    // the server's refusal says why.
    const cost = await queryClient
      .fetchQuery({
        queryKey: [ESTIMATE_QUERY_KEY, form.route, draftKey(body)],
        queryFn: ({ signal }) => api.modules.estimate(form, body, signal),
        staleTime: ESTIMATE_FRESH_MS,
        retry: false,
      })
      .catch(() => null);
    if (cost && !(await confirmHold(modal, cost))) return;
    await submit(body);
  }

  return { onSubmit, submitting, spendCap, setSpendCap, estimate };
}

export type ModuleFormSubmission = ReturnType<typeof useModuleForm>;
