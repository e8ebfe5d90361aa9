import { openDatabase } from './db/client.ts';
import { DataDirLockedError } from './db/data-dir-lock.ts';
import { runMigrations } from './db/migrate.ts';
import { seedDemoData } from './db/seed.ts';
import { buildApp } from './app.ts';
import { EnvError, loadEnv } from './env.ts';
import { ensureFirstAdmin, generateTemporaryPassword } from './features/users/users.service.ts';
import { offsetClock } from './lib/clock.ts';
import { hashPassword } from './lib/passwords.ts';

async function start() {
  const env = loadEnv();
  const database = env.DATABASE_URL
    ? await openDatabase({ kind: 'postgres', url: env.DATABASE_URL })
    : await openDatabase({ kind: 'pglite', dataDir: env.DATA_DIR });
  await runMigrations(database, { postgresUrl: env.DATABASE_URL });
  const clock = offsetClock(env.CLOCK_OFFSET_MS);
  const app = await buildApp({
    database,
    env,
    clock,
    backgroundJobs: true,
    ...(env.WEB_DIST_DIR ? { webRoot: env.WEB_DIST_DIR } : {}),
  });

  // Credentials created now are printed once; they are never logged or stored in clear.
  const demoPassword = env.DEMO_PASSWORD ?? generateTemporaryPassword(12);
  const notices: string[] = [];
  const admin = await ensureFirstAdmin(database.db, clock, {
    email: env.ADMIN_EMAIL,
    password: env.ADMIN_PASSWORD,
    demoPassword,
  });
  if (admin)
    notices.push(
      `Admin account: ${admin.email}${admin.generatedPassword ? ` / password: ${admin.generatedPassword}` : ' (password from ADMIN_PASSWORD)'}`,
    );
  if (env.SEED_DEMO_DATA) {
    const ran = await seedDemoData(database.db, {
      demoPasswordHash: await hashPassword(demoPassword),
      now: clock.now(),
      log: app.log,
      storage: app.storage,
    });
    if (ran.length)
      notices.push(
        `Demo store accounts (*@demo.optistok.local, e.g. kadikoy@demo.optistok.local) / password: ${env.DEMO_PASSWORD ? '(DEMO_PASSWORD)' : demoPassword}`,
      );
  }

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down: finishing in-flight requests');
    // close() stops accepting, waits for in-flight requests, runs onClose hooks; then the database.
    const force = setTimeout(() => {
      app.log.error('shutdown timed out; exiting');
      process.exit(1);
    }, 15_000);
    force.unref();
    try {
      await app.close();
      await database.close();
      process.exit(0);
    } catch (err) {
      app.log.error({ err }, 'error during shutdown');
      process.exit(1);
    }
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  const address = await app.listen({ port: env.PORT, host: env.HOST });
  const kind =
    database.kind === 'pglite' ? `embedded PostgreSQL (PGlite) in ${env.DATA_DIR}` : 'PostgreSQL (DATABASE_URL)';
  console.log(`OptiStok is running at ${env.APP_URL} (listening on ${address}; database: ${kind})`);
  if (env.CLOCK_OFFSET_MS)
    console.log(`Test clock: running ${env.CLOCK_OFFSET_MS} ms ahead of the wall clock (CLOCK_OFFSET_MS)`);
  if (notices.length)
    console.log(['', 'Created at this first start (shown only once):', ...notices.map((n) => `  ${n}`), ''].join('\n'));
}

start().catch((error: unknown) => {
  if (error instanceof EnvError || error instanceof DataDirLockedError) {
    console.error(error.message);
  } else {
    console.error('OptiStok failed to start:', error);
  }
  process.exit(1);
});
