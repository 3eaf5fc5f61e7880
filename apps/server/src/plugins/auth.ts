import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { ApiError, errors } from '@yunyao/contract';
import { isAccessToken, type AccessTokenService } from '../services/access-tokens.service.ts';
import type { AuthService, AuthUser } from '../services/auth.service.ts';

declare module 'fastify' {
  interface FastifyRequest {
    user: AuthUser;
  }
  interface FastifyInstance {
    authenticate(request: FastifyRequest): Promise<void>;
    /** After `authenticate`: refuses a personal access token on routes a script must not reach. */
    requireSession(request: FastifyRequest): Promise<void>;
  }
}

/** The bearer token from the Authorization header, or the `token` cookie the web app keeps it in. */
function tokenOf(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (header?.startsWith('Bearer ')) return header.slice(7).trim();
  const cookie = request.headers.cookie?.split(';').map((c) => c.trim()).find((c) => c.startsWith('token='));
  return cookie ? decodeURIComponent(cookie.slice(6)) : undefined;
}

/**
 * The login session behind the request. Session-only actions (managing access tokens,
 * logout, closing the account, moving money) refuse a personal access token, so a leaked
 * script token can run and read tasks but never mint more tokens or take the account.
 */
export function sessionOf(request: FastifyRequest): string {
  if (request.user.via !== 'session') throw new ApiError(errors.sessionRequired);
  return request.user.sessionId;
}

export const authPlugin = fp(async (app: FastifyInstance, { auth, accessTokens }: { auth: AuthService; accessTokens: AccessTokenService }) => {
  // Null until `authenticate` sets it (Fastify's pattern for per-request objects); it depends on no other decorator.
  app.decorateRequest('user', null, []);
  app.decorate('authenticate', async (request: FastifyRequest) => {
    const token = tokenOf(request);
    if (!token) throw new ApiError(errors.unauthenticated);
    request.user = isAccessToken(token) ? await accessTokens.authenticate(token) : await auth.authenticate(token);
  });
  app.decorate('requireSession', async (request: FastifyRequest) => {
    sessionOf(request);
  });
});
