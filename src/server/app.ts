import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Database, DatabaseKind, Db } from './db/client.ts';
import type { Env } from './env.ts';
import { contactRoutes } from './features/contact/contact.routes.ts';
import { healthRoutes } from './features/health/health.routes.ts';
import { securityEventRoutes } from './features/security-events/security-events.routes.ts';
import { statsRoutes } from './features/stats/stats.routes.ts';
import { webDistFolder } from './lib/app-root.ts';
import { systemClock, type Clock } from './lib/clock.ts';
import { loggerOptions } from './lib/logger.ts';
import { accessPlugin } from './plugins/access.ts';
import { createNotFoundHandler, errorHandlerPlugin } from './plugins/error-handler.ts';
import { openApiPlugin } from './plugins/openapi.ts';
import { rateLimitPlugin } from './plugins/rate-limit.ts';
import { securityHeadersPlugin } from './plugins/security-headers.ts';
import { webStaticPlugin } from './plugins/web-static.ts';

declare module 'fastify' {
  interface FastifyInstance {
    db: Db;
    databaseKind: DatabaseKind;
    clock: Clock;
    env: Env;
  }
}

export interface AppDeps {
  database: Database;
  env: Env;
  clock?: Clock;
  /** Folder of the built web app; omitted in API tests. */
  webRoot?: string | null;
  /** Extra routes registered inside the app (tests use it to provoke failures). */
  extraRoutes?: (app: FastifyInstance) => void | Promise<void>;
}

const isApiPath = (url: string) => url === '/api' || url.startsWith('/api/') || url.startsWith('/api?');

export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { env } = deps;
  const options: FastifyServerOptions = {
    logger: loggerOptions(env.LOG_LEVEL),
    trustProxy: env.TRUST_PROXY,
    return503OnClosing: true,
  };
  const app = Fastify(options).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('db', deps.database.db);
  app.decorate('databaseKind', deps.database.kind);
  app.decorate('clock', deps.clock ?? systemClock);
  app.decorate('env', env);

  // The API speaks JSON only: other bodies are refused with 415 before any handler runs.
  app.removeContentTypeParser('text/plain');
  await app.register(errorHandlerPlugin);
  await app.register(securityHeadersPlugin, {
    paymentOrigins: env.PAYMENT_PROVIDER_ORIGINS,
    isHttps: env.APP_URL.startsWith('https:'),
  });
  await app.register(rateLimitPlugin, { globalMax: env.RATE_LIMIT_MAX });
  // The API documentation is public by nature; every route registered after the access plugin
  // must declare its own rule.
  await app.register(openApiPlugin);
  await app.register(accessPlugin);
  // Unknown paths count against the global limit too, so path scanning is throttled.
  app.setNotFoundHandler({ preHandler: app.rateLimit() }, createNotFoundHandler(isApiPath));

  await app.register(healthRoutes);
  await app.register(statsRoutes);
  await app.register(contactRoutes);
  await app.register(securityEventRoutes);
  if (deps.extraRoutes) await app.register(async (scope) => deps.extraRoutes?.(scope));

  const webRoot = deps.webRoot === undefined ? webDistFolder : deps.webRoot;
  if (webRoot) await app.register(webStaticPlugin, { root: webRoot });

  await app.ready();
  return app;
}
