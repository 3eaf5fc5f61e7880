import { z } from 'zod';
import { endpoint } from './api/endpoint.ts';
import { idParamsSchema } from './ids.ts';

/**
 * Personal access tokens: long-lived bearer values for scripts, made in the personal
 * centre. The scheme prefix lets the server tell them from session JWTs at a glance and
 * lets secret scanners recognise a leaked one.
 */
export const ACCESS_TOKEN_SCHEME = 'yyp_';
/** Characters of the secret after the scheme kept in the clear, so a list can tell tokens apart. */
export const ACCESS_TOKEN_PREFIX_LENGTH = 8;
export const ACCESS_TOKEN_EXPIRY_DAYS = [7, 30, 90, 365] as const;
export const ACCESS_TOKEN_NAME_MAX = 40;
/** Live (unrevoked, unexpired) tokens one user may hold. */
export const ACCESS_TOKEN_LIMIT = 20;

export const createAccessTokenBodySchema = z.object({
  name: z.string({ error: '请输入令牌名称！' }).trim().min(1, '请输入令牌名称！').max(ACCESS_TOKEN_NAME_MAX, `令牌名称最多 ${ACCESS_TOKEN_NAME_MAX} 个字符！`),
  /** Days until it expires; null (the default) never expires. */
  expires_in_days: z.literal(ACCESS_TOKEN_EXPIRY_DAYS, { error: '有效期须为 7、30、90、365 天或永不过期！' }).nullable().default(null),
});
export type CreateAccessTokenBody = z.infer<typeof createAccessTokenBodySchema>;

/** A token as the list shows it: never its secret. Times are YYYY-MM-DD HH:mm:ss (China time). */
export const accessTokenSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  /** `yyp_` and the secret's first characters, e.g. `yyp_AbCd1234`. */
  prefix: z.string(),
  created_at: z.string(),
  expires_at: z.string().nullable(),
  last_used_at: z.string().nullable(),
  /** Past its expiry: still listed (so the owner sees why a script stopped) but refused. */
  expired: z.boolean(),
});
export type AccessToken = z.infer<typeof accessTokenSchema>;

/** The answer to creating a token: the only time its full value is ever sent. */
export const createdAccessTokenSchema = accessTokenSchema.extend({ token: z.string() });
export type CreatedAccessToken = z.infer<typeof createdAccessTokenSchema>;

const SESSION_ONLY = 'Needs a login session: a personal access token cannot manage tokens.';

export const tokenEndpoints = {
  list: endpoint({
    method: 'GET',
    path: '/api/user/tokens',
    response: z.array(accessTokenSchema),
    auth: 'session',
    tag: 'user',
    summary: `The user's access tokens that were not revoked, newest first (expired ones included). ${SESSION_ONLY}`,
  }),
  create: endpoint({
    method: 'POST',
    path: '/api/user/tokens',
    body: createAccessTokenBodySchema,
    response: createdAccessTokenSchema,
    auth: 'session',
    tag: 'user',
    summary: `Creates an access token and answers its value once; at most ${ACCESS_TOKEN_LIMIT} live tokens. ${SESSION_ONLY}`,
  }),
  revoke: endpoint({
    method: 'DELETE',
    path: '/api/user/tokens/:id',
    params: idParamsSchema,
    response: z.null(),
    auth: 'session',
    tag: 'user',
    summary: `Revokes one of the user's tokens; another user's token answers 404. ${SESSION_ONLY}`,
  }),
};
