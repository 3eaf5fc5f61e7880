import { z } from 'zod';
import { forgetBodySchema, loginBodySchema, loginDataSchema, refreshBodySchema, registerBodySchema, registeredSchema, resetBodySchema, userInfoSchema } from '../user.ts';
import { endpoint } from './endpoint.ts';

export const userEndpoints = {
  register: endpoint({
    method: 'POST',
    path: '/api/user/register',
    body: registerBodySchema,
    response: registeredSchema,
    auth: false,
    tag: 'user',
    summary: 'Creates an account (optionally from an invite code; rate-limited per client address).',
  }),
  login: endpoint({
    method: 'POST',
    path: '/api/user/login',
    body: loginBodySchema,
    response: loginDataSchema,
    auth: false,
    tag: 'user',
    summary: 'Signs in: a 15-minute access token and a 30-day refresh token (rate-limited per address and account).',
  }),
  refresh: endpoint({
    method: 'POST',
    path: '/api/user/refresh',
    body: refreshBodySchema,
    response: loginDataSchema,
    auth: false,
    tag: 'user',
    summary: 'Rotates the refresh token; a reused one revokes the whole session.',
  }),
  logout: endpoint({ method: 'POST', path: '/api/user/logout', response: z.null(), auth: true, tag: 'user', summary: 'Ends the login session behind the token.' }),
  info: endpoint({
    method: 'GET',
    path: '/api/user/info',
    response: userInfoSchema,
    auth: true,
    tag: 'user',
    summary: 'The signed-in user: balance, task cost, invite link and supercomputer accounts.',
  }),
  forget: endpoint({
    method: 'POST',
    path: '/api/user/forget',
    body: forgetBodySchema,
    response: z.null(),
    auth: false,
    tag: 'user',
    summary: 'Mails a password-reset link when the address is registered (answers the same either way; rate-limited per address mailed and per client).',
  }),
  reset: endpoint({
    method: 'POST',
    path: '/api/user/reset',
    body: resetBodySchema,
    response: z.null(),
    auth: false,
    tag: 'user',
    summary: 'Sets a new password from a reset link and revokes every session.',
  }),
  close: endpoint({
    method: 'POST',
    path: '/api/user/revoke',
    response: z.null(),
    auth: 'session',
    tag: 'user',
    summary: 'Closes the account: cancels its tasks, deletes its data, keeps the books (see "Account closure").',
  }),
};
