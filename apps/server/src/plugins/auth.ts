import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { ApiError, errors } from '@yunyao/contract';
import type { AuthService, AuthUser } from '../services/auth.service.ts';

declare module 'fastify' {
  interface FastifyRequest {
    user: AuthUser;
  }
  interface FastifyInstance {
    authenticate(request: FastifyRequest): Promise<void>;
  }
}

/** The bearer token from the Authorization header, or the `token` cookie the web app keeps it in. */
function tokenOf(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (header?.startsWith('Bearer ')) return header.slice(7).trim();
  const cookie = request.headers.cookie?.split(';').map((c) => c.trim()).find((c) => c.startsWith('token='));
  return cookie ? decodeURIComponent(cookie.slice(6)) : undefined;
}

export const authPlugin = fp(async (app: FastifyInstance, { auth }: { auth: AuthService }) => {
  app.decorateRequest('user', null as unknown as AuthUser);
  app.decorate('authenticate', async (request: FastifyRequest) => {
    const token = tokenOf(request);
    if (!token) throw new ApiError(errors.unauthenticated);
    request.user = await auth.authenticate(token);
  });
});
