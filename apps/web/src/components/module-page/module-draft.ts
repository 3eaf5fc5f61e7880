import { SPEND_CAP_FIELD } from '@yunyao/contract/api';

/**
 * A module form as it stands: the body a submit would post, or the first reason the page
 * would refuse it (in the page's language). Each page builds it in one function, so the
 * estimate and the submit always see the same form.
 */
export type ModuleDraft = { body: FormData } | { problem: string };

export const draftOf = (problem: string | null, build: () => FormData): ModuleDraft => (problem ? { problem } : { body: build() });

/** Uploads above this are estimated on request only: every edit would send them again. */
export const AUTO_ESTIMATE_MAX_BYTES = 5 * 1024 * 1024;

/** The bytes of the files a body uploads. */
export function uploadBytes(body: FormData): number {
  let total = 0;
  for (const [, value] of body.entries()) if (typeof value !== 'string') total += value.size;
  return total;
}

/** The body with the user's spending cap (yuan) set, or without one; the draft itself is left as it was. */
export function withSpendCap(body: FormData, cap: number | null): FormData {
  const capped = new FormData();
  for (const [key, value] of body.entries()) if (key !== SPEND_CAP_FIELD) capped.append(key, value);
  if (cap !== null) capped.set(SPEND_CAP_FIELD, String(cap));
  return capped;
}

/**
 * Equal for two bodies that post the same fields and files alike in name and size: the estimate's
 * cache key. Files are not compared by identity because FormData hands back a new File for each
 * one appended with a file name, and pages that build files from text (ORCA) build new ones on
 * every render; the module measures records and atoms, which an edit of equal size rarely changes.
 */
export function draftKey(body: FormData): string {
  return JSON.stringify([...body.entries()].map(([key, value]) => [key, typeof value === 'string' ? value : `${value.name}:${value.size}`]));
}
