import { spawn, type ChildProcess } from 'node:child_process';
import { envSchema } from '../src/server/env.ts';
import { appRoot } from '../src/server/lib/app-root.ts';

/**
 * The real entry point (`node --import tsx src/server/main.ts`) as a child process, for tests
 * of start-up, shutdown and logging that only a whole process can show.
 */
export interface ServerProcess {
  child: ChildProcess;
  stdout(): string;
  stderr(): string;
  /** Resolves with the first match of `pattern` on stdout; rejects if the process exits first or time runs out. */
  waitForStdout(pattern: RegExp, timeoutMs?: number): Promise<RegExpMatchArray>;
  /** Resolves once the process has exited. */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** Kills the process if it still runs (cleanup after a failed assertion). */
  kill(): void;
}

/**
 * A copy of this process's environment without any setting the server reads, so the child sees
 * only what the test gives it (the test runner's NODE_ENV, DATABASE_URL ... must not leak in).
 */
export function serverEnv(settings: Record<string, string>): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env };
  for (const key of Object.keys(envSchema.shape)) delete env[key];
  delete env.NODE_OPTIONS;
  return { ...env, ...settings };
}

/** Starts the server from source through tsx, or the given node arguments (e.g. a build's main.js). */
export function startServer(
  settings: Record<string, string>,
  nodeArgs: string[] = ['--import', 'tsx', 'src/server/main.ts'],
): ServerProcess {
  const child = spawn(process.execPath, nodeArgs, {
    cwd: appRoot,
    env: serverEnv(settings),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  let err = '';
  child.stdout!.setEncoding('utf8').on('data', (chunk: string) => (out += chunk));
  child.stderr!.setEncoding('utf8').on('data', (chunk: string) => (err += chunk));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => {
    child.on('close', (code, signal) => resolve({ code, signal }));
  });
  let done = false;
  void exited.then(() => (done = true));

  return {
    child,
    stdout: () => out,
    stderr: () => err,
    exited,
    kill: () => {
      if (!done && child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    },
    waitForStdout: (pattern, timeoutMs = 45_000) =>
      new Promise((resolve, reject) => {
        const check = () => {
          const match = out.match(pattern);
          if (!match) return false;
          cleanup();
          resolve(match);
          return true;
        };
        const onData = () => void check();
        const onClose = () => {
          if (check()) return;
          cleanup();
          reject(new Error(`server exited before printing ${pattern}\nstdout:\n${out}\nstderr:\n${err}`));
        };
        const timer = setTimeout(() => {
          cleanup();
          reject(new Error(`server did not print ${pattern} within ${timeoutMs} ms\nstdout:\n${out}\nstderr:\n${err}`));
        }, timeoutMs);
        const cleanup = () => {
          clearTimeout(timer);
          child.stdout!.off('data', onData);
          child.off('close', onClose);
        };
        child.stdout!.on('data', onData);
        child.on('close', onClose);
        if (!check() && done) onClose();
      }),
  };
}
