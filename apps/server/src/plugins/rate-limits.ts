import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ApiError, errors } from '@yunyao/contract';

export interface RequestLimit {
  /** Requests allowed per key within one window. */
  max: number;
  /** '1 minute', '1 hour' (@fastify/rate-limit's notation). */
  window: string;
  /** What is counted. */
  key: (request: FastifyRequest) => string;
}

/** The client's address: the socket's, or the one trusted proxies name (TRUST_PROXY). */
export const byClientAddress = (request: FastifyRequest): string => request.ip;

/**
 * A string field of the request body. Limits run as a preHandler, after validation, so this
 * is the schema's output: e-mails are trimmed and lower-cased, and `A@x.cn` counts as `a@x.cn`.
 */
export const byBodyField =
  (field: string) =>
  (request: FastifyRequest): string => {
    const body = request.body;
    const value: unknown = typeof body === 'object' && body !== null ? Reflect.get(body, field) : undefined;
    return typeof value === 'string' ? value : '';
  };

/**
 * A preHandler that counts the request against each limit (each with its own counters) and
 * refuses it with the catalogue's 42900 once any limit is exceeded within its window.
 */
function limitRequests(app: FastifyInstance, limits: RequestLimit[]) {
  const checks = limits.map((limit) => app.createRateLimit({ max: limit.max, timeWindow: limit.window, keyGenerator: limit.key }));
  return async (request: FastifyRequest, reply: FastifyReply): Promise<void> => {
    for (const check of checks) {
      const result = await check(request);
      if (!result.isAllowed && result.isExceeded) {
        reply.header('retry-after', result.ttlInSeconds);
        throw new ApiError(errors.rateLimited);
      }
    }
  };
}

/** A route's options with `limits` checked after its own preHandlers (so after validation). */
export function withLimits<Hook, Route extends { preHandler: Hook[] }>(app: FastifyInstance, route: Route, limits: RequestLimit[]) {
  return { ...route, preHandler: [...route.preHandler, limitRequests(app, limits)] };
}
