import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { DatabaseKind } from '../src/server/db/client.ts';
import { buildApp, type AppDeps } from '../src/server/app.ts';
import { parseEnv, type Env } from '../src/server/env.ts';
import { createManualClock } from '../src/server/lib/clock.ts';
import { createTestDatabase, type TestDatabase } from './db.ts';

export const testOrigin = 'http://localhost:3000';

/** Uploads of tests go to a temporary folder of this test process, never into ./data. */
const testUploadsDir = mkdtempSync(path.join(os.tmpdir(), 'optistok-test-uploads-'));
process.once('exit', () => rmSync(testUploadsDir, { recursive: true, force: true }));

export function testEnv(overrides: Record<string, string> = {}): Env {
  return parseEnv({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    SEED_DEMO_DATA: 'false',
    APP_URL: testOrigin,
    UPLOADS_DIR: testUploadsDir,
    ...overrides,
  });
}

export interface TestAppHandle {
  app: FastifyInstance;
  database: TestDatabase;
  clock: ReturnType<typeof createManualClock>;
}

/**
 * Builds the real app on a fresh database for the enclosing describe block and closes both after.
 * Read the handle inside tests (it is filled in beforeAll).
 */
export function useTestApp(
  kind: DatabaseKind,
  options: Partial<Omit<AppDeps, 'database' | 'env' | 'clock'>> & {
    env?: Record<string, string>;
    /** Where the test's clock starts (sessions signed in before a test moves it are judged by it). */
    clockStart?: Date;
  } = {},
) {
  const { env, clockStart, ...deps } = options;
  const handle = {} as TestAppHandle;
  beforeAll(async () => {
    handle.database = await createTestDatabase(kind);
    handle.clock = createManualClock(clockStart);
    handle.app = await buildApp({
      database: handle.database,
      env: testEnv(env),
      clock: handle.clock,
      webRoot: null,
      ...deps,
    });
  });
  afterAll(async () => {
    await handle.app?.close();
    await handle.database?.close();
  });
  return handle;
}
