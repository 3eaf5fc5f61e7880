import { keepPreviousData, skipToken, useQuery } from '@tanstack/react-query';
import type { CostEstimate, SubmitFormDeclaration } from '@yunyao/contract/api';
import { useState } from 'react';
import { api } from '../../api/endpoints.ts';
import { useDebounced } from '../useDebounced.ts';
import { AUTO_ESTIMATE_MAX_BYTES, draftKey, uploadBytes, withSpendCap, type ModuleDraft } from './module-draft.ts';

/** Asked again once the user stops typing for this long. */
const ESTIMATE_DEBOUNCE_MS = 600;
/** Every form's estimates: a submit changes the available balance they report. */
export const ESTIMATE_QUERY_KEY = 'estimate';

export type EstimateState =
  | { status: 'incomplete' }
  | { status: 'pending' }
  /** Large uploads are estimated when the user asks. */
  | { status: 'onRequest'; request: () => void }
  /** `updating`: the figures are the last form's while this one's are asked for (no flicker while typing). */
  | { status: 'ready'; cost: CostEstimate; updating: boolean }
  /** The server refused the form: the submit will say why. */
  | { status: 'refused' };

/** What the form as it stands would cost and hold, asked of `<route>/estimate` with the spending cap as it would be submitted. */
export function useCostEstimate(form: SubmitFormDeclaration, draft: ModuleDraft, spendCap: number | null): EstimateState {
  const body = 'body' in draft ? withSpendCap(draft.body, spendCap) : null;
  const key = body && draftKey(body);
  const settledKey = useDebounced(key, ESTIMATE_DEBOUNCE_MS);
  const [requestedKey, setRequestedKey] = useState<string | null>(null);
  const onRequest = body !== null && uploadBytes(body) > AUTO_ESTIMATE_MAX_BYTES;
  const asked = key !== null && (onRequest ? requestedKey === key : settledKey === key);
  const estimate = useQuery({
    queryKey: [ESTIMATE_QUERY_KEY, form.route, key],
    queryFn: body && asked ? ({ signal }) => api.modules.estimate(form, body, signal) : skipToken,
    retry: false,
    placeholderData: keepPreviousData,
  });

  if (key === null) return { status: 'incomplete' };
  if (estimate.isError) return { status: 'refused' };
  const ownFigures = estimate.data !== undefined && !estimate.isPlaceholderData;
  if (onRequest && requestedKey !== key && !ownFigures) return { status: 'onRequest', request: () => setRequestedKey(key) };
  if (estimate.data) return { status: 'ready', cost: estimate.data, updating: estimate.isPlaceholderData || estimate.isFetching };
  return { status: 'pending' };
}
