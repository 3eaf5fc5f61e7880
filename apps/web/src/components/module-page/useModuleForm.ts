import type { SubmitFormDeclaration } from '@yunyao/contract/api';
import type { ModuleForm } from '@yunyao/modules/forms';
import { useState } from 'react';
import { withSpendCap, type ModuleDraft } from './module-draft.ts';
import { useCostEstimate } from './useCostEstimate.ts';
import { useFormWarning } from './useFormWarning.ts';
import { useModuleSubmit } from './useModuleSubmit.ts';

/**
 * A module form's submit side: the user's spending cap, the estimate of the page's draft with
 * it, and the submit of that same draft (or the draft's problem, as a warning). The form keeps
 * what the user entered after a successful submit, so a variant is one edit away.
 */
export function useModuleForm(form: Pick<ModuleForm, 'code'> & SubmitFormDeclaration, draft: ModuleDraft, onSubmitted?: (taskId: number) => void) {
  const warn = useFormWarning();
  const { submit, submitting } = useModuleSubmit(form, onSubmitted);
  const [spendCap, setSpendCap] = useState<number | null>(null);
  const estimate = useCostEstimate(form, draft, spendCap);

  async function onSubmit() {
    if ('problem' in draft) return warn(draft.problem);
    await submit(withSpendCap(draft.body, spendCap));
  }

  return { onSubmit, submitting, spendCap, setSpendCap, estimate };
}

export type ModuleFormSubmission = ReturnType<typeof useModuleForm>;
