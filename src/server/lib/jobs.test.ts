import { setTimeout as sleep } from 'node:timers/promises';
import pino from 'pino';
import { eventually } from '../../../test/eventually.ts';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestDatabase, describeEachDatabase, describeOnPostgres, type TestDatabase } from '../../../test/db.ts';
import { openDatabase } from '../db/client.ts';
import { createJobQueue, type JobDefinition, type JobQueue } from './jobs.ts';

const log = pino({ level: 'silent' });

function queueOn(database: TestDatabase, definitions: JobDefinition[]): JobQueue {
  return createJobQueue({ sql: database.sql, log, definitions, pollingIntervalSeconds: 0.5, schedule: false });
}

describeEachDatabase('durable jobs', (kind) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(kind);
  });
  afterAll(async () => database?.close());

  it('runs a kicked job, coalesces kicks while one waits, and shows the run to the admin', async () => {
    let runs = 0;
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const queue = queueOn(database, [
      {
        name: 'count',
        run: async () => {
          runs++;
          await gate;
          return { done: runs };
        },
      },
    ]);
    await queue.start();
    try {
      await queue.kick('count');
      await eventually(() => runs === 1);
      // One run is active: three more kicks leave one run waiting, not three.
      await Promise.all([queue.kick('count'), queue.kick('count'), queue.kick('count')]);
      const [busy] = await queue.overview();
      expect(busy).toMatchObject({ name: 'count', active: 1, waiting: 1, failed: 0 });
      release();
      await eventually(() => runs === 2);
      await eventually(async () => (await queue.overview())[0]!.lastCompletedAt !== null);
      await sleep(1_200);
      expect(runs).toBe(2);
      await expect(queue.kick('unknown')).rejects.toMatchObject({ code: 'NOT_FOUND' });
    } finally {
      await queue.stop();
    }
  });

  it('retries a failing job with back-off, keeps its last error, and puts a failed run back on "retry now"', async () => {
    let attempts = 0;
    let healthy = false;
    const queue = queueOn(database, [
      {
        name: 'flaky',
        retryLimit: 1,
        retryDelaySeconds: 1,
        run: async () => {
          attempts++;
          if (!healthy) throw new Error(`provider unreachable (${attempts})`);
        },
      },
    ]);
    await queue.start();
    try {
      await queue.kick('flaky');
      // First attempt, then one retry after the back-off: then the run is failed for good.
      await eventually(async () => (await queue.overview())[0]!.failed === 1);
      expect(attempts).toBe(2);
      const [failed] = await queue.overview();
      expect(failed!.lastError).toMatchObject({ state: 'failed', message: 'provider unreachable (2)' });

      healthy = true;
      expect(await queue.retry('flaky', failed!.lastError!.jobId)).toBe(true);
      await eventually(async () => (await queue.overview())[0]!.lastCompletedAt !== null);
      expect(attempts).toBe(3);
      expect((await queue.overview())[0]).toMatchObject({ failed: 0, waiting: 0, active: 0 });
      // Not failed any more: nothing to retry.
      expect(await queue.retry('flaky', failed!.lastError!.jobId)).toBe(false);
    } finally {
      await queue.stop();
    }
  });

  it('hands a run cut off by a shutdown back to the queue, and the next start finishes it', async () => {
    let firstStarted = false;
    const slow = new Promise<void>(() => undefined);
    const first = queueOn(database, [
      {
        name: 'handover',
        retryDelaySeconds: 1,
        run: async () => {
          firstStarted = true;
          await slow;
        },
      },
    ]);
    await first.start();
    await first.kick('handover');
    await eventually(() => firstStarted);
    await first.stop(1_000);

    let finished = 0;
    const second = queueOn(database, [
      {
        name: 'handover',
        retryDelaySeconds: 1,
        run: async () => {
          finished++;
        },
      },
    ]);
    await second.start();
    try {
      await eventually(() => finished === 1);
      // The run is marked complete just after its work returns.
      await eventually(async () => (await second.overview())[0]!.lastCompletedAt !== null);
      expect((await second.overview())[0]).toMatchObject({ active: 0, failed: 0, waiting: 0 });
      expect(finished).toBe(1);
    } finally {
      await second.stop();
    }
  });
});

describeOnPostgres('durable jobs on two instances', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase('postgres');
  });
  afterAll(async () => database?.close());

  it('runs each kick once, never twice at the same time, whichever instance takes it', async () => {
    const second = await openDatabase({ kind: 'postgres', url: database.url! });
    let running = 0;
    let mostAtOnce = 0;
    const ranOn: string[] = [];
    const definition = (instance: string): JobDefinition => ({
      name: 'shared',
      run: async () => {
        running++;
        mostAtOnce = Math.max(mostAtOnce, running);
        ranOn.push(instance);
        await sleep(300);
        running--;
      },
    });
    const a = createJobQueue({ sql: database.sql, log, definitions: [definition('a')], pollingIntervalSeconds: 0.5 });
    const b = createJobQueue({ sql: second.sql, log, definitions: [definition('b')], pollingIntervalSeconds: 0.5 });
    await Promise.all([a.start(), b.start()]);
    try {
      for (let i = 0; i < 5; i++) {
        await Promise.all([a.kick('shared'), b.kick('shared')]);
        await sleep(150);
      }
      await eventually(async () => {
        const [summary] = await a.overview();
        return summary!.waiting === 0 && summary!.active === 0;
      });
      expect(mostAtOnce).toBe(1);
      // Ten kicks while runs were waiting or active: far fewer runs, each on one instance.
      expect(ranOn.length).toBeGreaterThanOrEqual(2);
      expect(ranOn.length).toBeLessThan(10);
    } finally {
      await Promise.all([a.stop(), b.stop()]);
      await second.close();
    }
  });
});
