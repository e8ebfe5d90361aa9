import type { FastifyBaseLogger } from 'fastify';

/**
 * Work a request hands off, so its answer neither waits for the work nor reveals by its timing
 * what the work found (the forgot-password request). In process: a task lost to a crash is lost,
 * which suits work the user can simply ask for again (see docs/decisions/018).
 */
export interface BackgroundTasks {
  /** Runs `task` once the current request's own work is done; a failure is logged, never thrown. */
  run(name: string, task: () => Promise<void>): void;
  /** Resolves once every task handed over so far has finished (shutdown, tests). */
  idle(): Promise<void>;
}

export function createBackgroundTasks(log: FastifyBaseLogger): BackgroundTasks {
  const running = new Set<Promise<void>>();
  return {
    run(name, task) {
      const done: Promise<void> = new Promise<void>((resolve) => setImmediate(resolve))
        .then(task)
        .catch((err: unknown) => log.error({ err, task: name }, 'background task failed'))
        .finally(() => running.delete(done));
      running.add(done);
    },
    async idle() {
      while (running.size > 0) await Promise.all(running);
    },
  };
}

/** Holds tasks until `idle()`, so tests can look at the moment between the answer and the work. */
export function createManualBackgroundTasks() {
  const queued: (() => Promise<void>)[] = [];
  return {
    run(_name: string, task: () => Promise<void>) {
      queued.push(task);
    },
    /** Tasks handed over and not yet run. */
    get size() {
      return queued.length;
    },
    async idle() {
      for (let task = queued.shift(); task; task = queued.shift()) await task();
    },
  };
}
