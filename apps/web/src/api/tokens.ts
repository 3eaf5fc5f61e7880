import { endpoints, type EndpointArgs } from '@yunyao/contract/api';
import { call } from './client.ts';

const { list, create, revoke } = endpoints.tokens;
export type CreateTokenBody = EndpointArgs<typeof create>['body'];

/** The personal centre's access-token calls (session only: the web app always holds a session). */
export const tokensApi = {
  list: () => call(list),
  create: (body: CreateTokenBody) => call(create, { body }),
  revoke: (id: number) => call(revoke, { params: { id } }),
};
