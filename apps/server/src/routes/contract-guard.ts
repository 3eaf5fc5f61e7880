import type { RouteOptions } from 'fastify';

/**
 * An `onRoute` hook: every API route must be registered from a contract endpoint, with a
 * response schema, so none can answer outside the contract (the web app's static files are not API).
 */
export function requireContractEndpoint(route: RouteOptions): void {
  if (!route.url.startsWith('/api/')) return;
  const where = `${String(route.method)} ${route.url}`;
  if (!route.config?.endpoint) throw new Error(`${where} is not declared in the contract: register it with endpointRoute()`);
  if (!route.schema?.response) throw new Error(`${where} has no response schema`);
}
