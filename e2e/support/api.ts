import { createApiClient, type ApiClient } from '@yunyao/contract/api/client';

export { RequestError } from '@yunyao/contract/api/client';
export { endpoints } from '@yunyao/contract/api';

/** The contract's typed client against the platform under test, holding `token` (anonymous without one). */
export function apiClient(baseUrl: string, token?: string): ApiClient {
  return createApiClient({ baseUrl, token: () => token });
}
