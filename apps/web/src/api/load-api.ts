import type { api } from './endpoints.ts';

/**
 * The typed client for code on a first visit's path (the header, login and registration): the
 * client brings every endpoint's response schema (zod) with it, so those load it when the user
 * acts rather than before the page renders. Pages behind login import `api` directly.
 */
export async function loadApi(): Promise<typeof api> {
  return (await import('./endpoints.ts')).api;
}
