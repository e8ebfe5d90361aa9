import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { appRoot } from '../src/server/lib/app-root.ts';

/** Runs `sh scripts/serve.sh -e <code>` (serve.sh hands its arguments to node) and answers what it printed. */
function serve(code: string, env: Record<string, string> = {}): string {
  const base: NodeJS.ProcessEnv = { ...process.env, NODE: process.execPath };
  delete base.GLIBC_TUNABLES;
  const run = spawnSync('sh', ['scripts/serve.sh', '-e', code], {
    cwd: appRoot,
    env: { ...base, ...env },
    encoding: 'utf8',
  });
  expect(run.stderr).toBe('');
  expect(run.status).toBe(0);
  return run.stdout;
}

describe('scripts/serve.sh (how npm start, the bench and the browser tests start the server)', () => {
  it('fixes glibc’s mmap threshold so freed image buffers leave the process (decision 054)', () => {
    expect(serve('process.stdout.write(process.env.GLIBC_TUNABLES ?? "")')).toBe('glibc.malloc.mmap_threshold=131072');
  });

  it('leaves an operator’s own allocator settings alone', () => {
    expect(
      serve('process.stdout.write(process.env.GLIBC_TUNABLES ?? "")', { GLIBC_TUNABLES: 'glibc.malloc.arena_max=2' }),
    ).toBe('glibc.malloc.arena_max=2');
  });

  it('replaces itself with node, so the pid a supervisor or the bench holds is the server’s', () => {
    expect(serve('process.stdout.write(String(process.ppid))')).toBe(String(process.pid));
  });
});
