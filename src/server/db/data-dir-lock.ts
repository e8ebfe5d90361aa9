import { linkSync, mkdirSync, readFileSync, statSync, unlinkSync, writeFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import path from 'node:path';

export class DataDirLockedError extends Error {}

/** Folders this process holds, so one process cannot open the same folder twice either. */
const heldByThisProcess = new Set<string>();

/** A lock file without a readable pid younger than this is someone's lock being written. */
const UNREADABLE_LOCK_GRACE_MS = 10_000;

function isProcessAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function readOwner(lockPath: string): number | null {
  try {
    const pid = Number.parseInt(readFileSync(lockPath, 'utf8'), 10);
    return Number.isInteger(pid) && pid > 0 ? pid : null;
  } catch {
    return null;
  }
}

function lockedError(dir: string, owner: number | null): DataDirLockedError {
  return new DataDirLockedError(
    `DATA_DIR ${dir} is in use by another running process${owner ? ` (pid ${owner})` : ''}. ` +
      'Stop that process or choose another DATA_DIR; opening one embedded database twice corrupts it.',
  );
}

/**
 * PGlite corrupts a data folder opened by two processes at once, so the folder carries a lock
 * file with the owner's pid. The file is written under a private name and hard-linked into place,
 * which creates it atomically and already complete: two simultaneous starts cannot both win, and
 * nobody ever sees an empty lock. A lock left by a process that has died is taken over.
 */
export function lockDataDir(dataDir: string): () => void {
  const dir = path.resolve(dataDir);
  if (heldByThisProcess.has(dir)) throw lockedError(dir, process.pid);
  mkdirSync(dir, { recursive: true });
  const lockPath = path.join(dir, 'optistok.lock');
  const candidate = path.join(dir, `optistok.lock.${process.pid}.${randomBytes(4).toString('hex')}`);
  writeFileSync(candidate, String(process.pid));
  try {
    for (let attempt = 0; attempt < 3; attempt++) {
      try {
        linkSync(candidate, lockPath);
        heldByThisProcess.add(dir);
        return () => {
          heldByThisProcess.delete(dir);
          if (readOwner(lockPath) === process.pid) unlinkSync(lockPath);
        };
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      }
      const owner = readOwner(lockPath);
      if (owner === null) {
        // Age on the file system's own clock (our candidate was written just now): comparing a
        // file time with the process clock is fooled when that clock jumps (NTP, faketime).
        const age = statSync(candidate).mtimeMs - (statSync(lockPath, { throwIfNoEntry: false })?.mtimeMs ?? NaN);
        if (Number.isNaN(age) || age < UNREADABLE_LOCK_GRACE_MS) throw lockedError(dir, null);
      } else if (isProcessAlive(owner)) {
        throw lockedError(dir, owner);
      }
      // Stale: remove it only if it is still the stale one we looked at, then try to link again.
      if (readOwner(lockPath) === owner) unlinkSync(lockPath);
    }
    throw lockedError(dir, readOwner(lockPath));
  } finally {
    unlinkSync(candidate);
  }
}
