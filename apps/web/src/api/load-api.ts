import { i18n } from '../i18n/index.ts';
import type { api } from './endpoints.ts';
import { notifier } from './notifier.ts';

/**
 * The typed client for code on a first visit's path (the header, login and registration): the
 * client brings every endpoint's response schema (zod) with it, so those load it when the user
 * acts rather than before the page renders. Pages behind login import `api` directly.
 * A chunk that cannot be fetched says so as a failed request would, then rejects.
 */
export async function loadApi(): Promise<typeof api> {
  try {
    return (await import('./endpoints.ts')).api;
  } catch (err) {
    notifier()?.message.error(i18n.t('http.network'));
    throw err;
  }
}
