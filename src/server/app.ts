import path from 'node:path';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Database, DatabaseKind, Db } from './db/client.ts';
import type { Env } from './env.ts';
import { accountRoutes } from './features/account/account.routes.ts';
import { createAuth } from './lib/auth.ts';
import { authRoutes } from './features/auth/auth.routes.ts';
import { afterPasswordReset } from './features/auth/auth.service.ts';
import { contactRoutes } from './features/contact/contact.routes.ts';
import { userAdminRoutes } from './features/users/users.routes.ts';
import { adminRoutes } from './features/admin/admin.routes.ts';
import { emailDebugRoutes } from './features/admin/email-debug.routes.ts';
import { platformSettingsRoutes } from './features/platform-settings/platform-settings.routes.ts';
import { catalogueRoutes } from './features/catalogue/catalogue.routes.ts';
import { listingRoutes } from './features/listings/listings.routes.ts';
import { favouriteRoutes } from './features/favourites/favourites.routes.ts';
import { marketplaceRoutes } from './features/marketplace/marketplace.routes.ts';
import { notificationRoutes } from './features/notifications/notifications.routes.ts';
import { setNotificationLinkBase } from './features/notifications/notifications.service.ts';
import { EventHub } from './features/events/events.hub.ts';
import { metricsRoutes } from './features/metrics/metrics.routes.ts';
import { badgeRoutes } from './features/badges/badges.routes.ts';
import { eventRoutes } from './features/events/events.routes.ts';
import { disputeRoutes } from './features/disputes/disputes.routes.ts';
import { messageRoutes } from './features/messages/messages.routes.ts';
import { fulfilmentRoutes } from './features/fulfilment/fulfilment.routes.ts';
import { orderRoutes } from './features/orders/orders.routes.ts';
import { invoiceRoutes } from './features/invoices/invoices.routes.ts';
import { seoRoutes } from './features/seo/seo.routes.ts';
import { reviewRoutes } from './features/reviews/reviews.routes.ts';
import { storeRoutes } from './features/stores/stores.routes.ts';
import { checkoutRoutes } from './features/checkout/checkout.routes.ts';
import { paymentRoutes } from './features/payments/payments.routes.ts';
import { jobRoutes } from './features/jobs/jobs.routes.ts';
import { startJobs, type Jobs } from './features/jobs/jobs.runtime.ts';
import { payoutRoutes } from './features/payouts/payouts.routes.ts';
import { sellerReportRoutes } from './features/seller-reports/seller-reports.routes.ts';
import { withholdingRoutes } from './features/withholding/withholding.routes.ts';
import { statementRoutes } from './features/statements/statements.routes.ts';
import { utsRoutes } from './features/uts/uts.routes.ts';
import { adminOrderRoutes } from './features/admin-orders/admin-orders.routes.ts';
import type { PaymentProvider } from './lib/payments/provider.ts';
import { createPaymentProvider } from './lib/payments/index.ts';
import { enqueueEmail } from './lib/mailer/outbox.ts';
import { passwordResetEmail } from './lib/mailer/templates.ts';
import { createMailTransport, type MailTransport } from './lib/mailer/transport.ts';
import { createStorage } from './lib/storage.ts';
import { applicationRoutes } from './features/applications/applications.routes.ts';
import { adminApplicationRoutes } from './features/applications/admin-applications.routes.ts';
import { getOrCreateSecret } from './lib/secrets.ts';
import { authPlugin } from './plugins/auth.ts';
import { healthRoutes } from './features/health/health.routes.ts';
import { securityEventRoutes } from './features/security-events/security-events.routes.ts';
import { statsRoutes } from './features/stats/stats.routes.ts';
import { webDistFolder } from './lib/app-root.ts';
import { systemClock, type Clock } from './lib/clock.ts';
import { loggerOptions } from './lib/logger.ts';
import { accessPlugin } from './plugins/access.ts';
import { compressionPlugin } from './plugins/compression.ts';
import { createNotFoundHandler, errorHandlerPlugin } from './plugins/error-handler.ts';
import { metricsPlugin } from './plugins/metrics.ts';
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
    /** The durable job queue, when this process runs background jobs (the server does; most tests drive sweeps themselves). */
    jobs: Jobs | null;
    /** The card payment provider (PAYMENT_PROVIDER: the embedded sandbox bank, or iyzico). */
    payments: PaymentProvider;
    /** This instance's open Server-Sent Event streams, fed by LISTEN. */
    eventHub: EventHub;
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
  /** Run background jobs in this process (the server does; tests drive sweeps themselves). */
  backgroundJobs?: boolean;
  /** Job timings other than the server's: how often idle workers poll, and whether cron ticks are queued. */
  jobOptions?: { pollingIntervalSeconds?: number; schedule?: boolean };
  mailTransport?: MailTransport;
  /** Where the log lines go instead of stdout (tests read them). */
  logStream?: { write(line: string): void };
  /** A payment provider other than the one PAYMENT_PROVIDER names (tests of provider failures). */
  paymentProvider?: PaymentProvider;
  /** Event stream timings other than the defaults (tests of heartbeats and the stream's lifetime). */
  eventStreams?: { heartbeatMs?: number; lifetimeMs?: number };
}

export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { env } = deps;
  const options: FastifyServerOptions = {
    logger: loggerOptions(env.LOG_LEVEL, deps.logStream),
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
  app.decorate('jobs', null);

  const clock = deps.clock ?? systemClock;
  // Every answer's HTTP Date is the app's clock: the web app follows it for deadlines and "today".
  app.addHook('onSend', async (_request, reply) => {
    reply.header('date', clock.now().toUTCString());
  });
  const db = deps.database.db;
  const storage = createStorage(env.UPLOADS_DIR ?? path.join(env.DATA_DIR, 'uploads'));
  app.decorate('storage', storage);
  setNotificationLinkBase(env.APP_URL);
  const eventHub = new EventHub({ database: deps.database, log: app.log, clock, ...deps.eventStreams });
  app.decorate('eventHub', eventHub);
  // Open streams would keep the server from closing: end them first (their tabs reconnect elsewhere).
  app.addHook('preClose', async () => eventHub.close());
  app.decorate('payments', deps.paymentProvider ?? createPaymentProvider(env, { db, clock }));
  const auth = createAuth({
    db,
    clock,
    appUrl: env.APP_URL,
    secret: env.AUTH_SECRET ?? (await getOrCreateSecret(db, 'auth_secret')),
    // The reset link leads to the web page, which posts the token with the new password.
    sendResetPassword: async ({ user, token }) => {
      const resetUrl = `${env.APP_URL}/reset-password?token=${encodeURIComponent(token)}`;
      await enqueueEmail(db, user.email, passwordResetEmail({ name: user.name, resetUrl }), clock.now());
    },
    onPasswordReset: (userId) => afterPasswordReset(db, userId, clock.now()),
  });

  if (deps.backgroundJobs) {
    const jobs = await startJobs({
      database: deps.database,
      clock,
      log: app.log,
      provider: app.payments,
      appUrl: env.APP_URL,
      mailTransport: deps.mailTransport ?? createMailTransport(env.SMTP_URL, env.MAIL_FROM),
      storage,
      auth,
      ...deps.jobOptions,
    });
    app.jobs = jobs;
    // onClose runs after the server stopped taking requests; main.ts closes the pool after it.
    app.addHook('onClose', async () => jobs.stop());
  }
  // The API speaks JSON only: other bodies are refused with 415 before any handler runs.
  app.removeContentTypeParser('text/plain');
  await app.register(errorHandlerPlugin);
  await app.register(metricsPlugin);
  await app.register(securityHeadersPlugin, {
    paymentOrigins: env.PAYMENT_PROVIDER_ORIGINS,
    isHttps: env.APP_URL.startsWith('https:'),
  });
  await app.register(compressionPlugin);
  await app.register(rateLimitPlugin, { globalMax: env.RATE_LIMIT_MAX });
  // The API documentation is public by nature; every route registered after the access plugin
  // must declare its own rule.
  await app.register(openApiPlugin);
  await app.register(authPlugin, { auth, appUrl: env.APP_URL, listen: deps.database.listen });
  await app.register(accessPlugin);
  // Unknown paths count against the global limit too, so path scanning is throttled.
  app.setNotFoundHandler({ preHandler: app.rateLimit() }, createNotFoundHandler());

  await app.register(healthRoutes);
  await app.register(statsRoutes);
  await app.register(contactRoutes);
  await app.register(securityEventRoutes);
  await app.register(authRoutes);
  await app.register(accountRoutes);
  await app.register(userAdminRoutes);
  await app.register(applicationRoutes);
  await app.register(adminApplicationRoutes);
  await app.register(adminRoutes);
  await app.register(emailDebugRoutes);
  await app.register(platformSettingsRoutes);
  await app.register(catalogueRoutes);
  await app.register(listingRoutes);
  await app.register(favouriteRoutes);
  await app.register(marketplaceRoutes, { listen: deps.database.listen });
  await app.register(checkoutRoutes);
  await app.register(paymentRoutes);
  await app.register(orderRoutes);
  await app.register(invoiceRoutes);
  await app.register(fulfilmentRoutes);
  await app.register(payoutRoutes);
  await app.register(sellerReportRoutes);
  await app.register(withholdingRoutes);
  await app.register(statementRoutes);
  await app.register(utsRoutes);
  await app.register(adminOrderRoutes);
  await app.register(disputeRoutes);
  await app.register(notificationRoutes);
  await app.register(badgeRoutes);
  await app.register(messageRoutes);
  await app.register(reviewRoutes);
  await app.register(storeRoutes);
  await app.register(eventRoutes);
  await app.register(seoRoutes);
  await app.register(jobRoutes);
  await app.register(metricsRoutes, { poolStats: deps.database.poolStats });
  if (deps.extraRoutes) await app.register(async (scope) => deps.extraRoutes?.(scope));

  const webRoot = deps.webRoot === undefined ? webDistFolder : deps.webRoot;
  if (webRoot) await app.register(webStaticPlugin, { root: webRoot });

  await app.ready();
  return app;
}
