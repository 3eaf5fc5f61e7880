import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import Fastify, { type FastifyInstance } from 'fastify';
import multipart from '@fastify/multipart';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import { serializerCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { endpoints, errors } from '@yunyao/contract';
import type { ServerDeps } from './deps.ts';
import { endpointTransform } from './openapi/operation.ts';
import { authPlugin } from './plugins/auth.ts';
import { clientErrorHandler } from './plugins/client-errors.ts';
import { requireContractEndpoint } from './routes/contract-guard.ts';
import { endpointRoute } from './routes/endpoint-route.ts';
import { errorEnvelope, refusal, requestLanguage } from './plugins/errors.ts';
import { validatorCompiler } from './plugins/validation.ts';
import { webAppStaticOptions } from './plugins/web-app-static.ts';
import { fileRoutes } from './routes/files.routes.ts';
import { healthRoutes } from './routes/health.routes.ts';
import { moduleRoutes } from './routes/modules.routes.ts';
import { opsRoutes } from './routes/ops.routes.ts';
import { taskRoutes } from './routes/tasks.routes.ts';
import { tokenRoutes } from './routes/tokens.routes.ts';
import { userRoutes } from './routes/user.routes.ts';
import { AccessTokenService } from './services/access-tokens.service.ts';
import { AuthService } from './services/auth.service.ts';

/** The web app's build, found through its workspace package rather than a path across apps. */
const WEB_DIST = fileURLToPath(new URL('dist', import.meta.resolve('@yunyao/web/package.json')));

export interface AppOptions {
  logger?: boolean;
  /** The built web app to serve (tests serve a small one of their own). */
  webRoot?: string;
}

export async function buildApp(deps: ServerDeps, { logger = true, webRoot = WEB_DIST }: AppOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger: logger ? { level: deps.config.logLevel } : false,
    bodyLimit: 10 * 1024 * 1024,
    trustProxy: deps.config.trustProxy,
    clientErrorHandler,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  app.addHook('onRoute', requireContractEndpoint);
  await app.register(errorEnvelope);
  await app.register(swagger, {
    openapi: { openapi: '3.0.3', info: { title: '云药 Yunyao API', version: '0.1.0' }, components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } } },
    transform: endpointTransform,
  });
  // Routes read bodies through readParts, which reports a file over its limit as truncated.
  await app.register(multipart, { limits: { fields: 200, fieldSize: 5 * 1024 * 1024, files: 20 }, throwFileSizeLimit: false });
  // No global limit: the routes that need one count their own keys (plugins/rate-limits.ts).
  await app.register(rateLimit, { global: false });
  const auth = new AuthService(deps);
  const accessTokens = new AccessTokenService(deps.database.db);
  await app.register(authPlugin, { auth, accessTokens });

  await app.register(healthRoutes, { deps });
  await app.register(userRoutes, { deps, auth });
  await app.register(tokenRoutes, { accessTokens });
  await app.register(taskRoutes, { deps });
  await app.register(fileRoutes, { deps });
  await app.register(moduleRoutes, { deps });
  await app.register(opsRoutes, { deps });
  await app.register((await import('./routes/account.routes.ts')).accountRoutes, { deps });
  await app.register((await import('./routes/payments.routes.ts')).paymentRoutes, { deps });
  await app.register((await import('./routes/library.routes.ts')).libraryRoutes, { deps });
  await app.register((await import('./routes/admet.routes.ts')).admetRoutes, { deps });
  await app.register((await import('./routes/protein.routes.ts')).proteinRoutes, { deps });
  await app.register((await import('./routes/quantum.routes.ts')).quantumRoutes, { deps });
  await app.register((await import('./routes/qsar.routes.ts')).qsarRoutes, { deps });
  app.route({ ...endpointRoute(app, endpoints.system.openapi), handler: async () => ({ ...app.swagger() }) });

  const webBuilt = existsSync(webRoot);
  if (webBuilt) await app.register(fastifyStatic, webAppStaticOptions(webRoot));
  app.setNotFoundHandler((req, reply) => {
    // History-mode routing: any non-API GET is the web app's index page.
    if (webBuilt && req.method === 'GET' && !req.url.startsWith('/api/')) return reply.sendFile('index.html');
    return reply.code(404).send(refusal(errors.notFound, requestLanguage(req)));
  });
  return app;
}
