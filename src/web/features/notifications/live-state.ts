import { useSyncExternalStore } from 'react';

// Tiny on purpose: the mobile menu's badge (in every page's bundle) reads it.

let live = false;
const listeners = new Set<() => void>();

/** Whether this tab's event stream is open; while it is not, notification queries poll. */
export function setLive(value: boolean): void {
  if (live === value) return;
  live = value;
  for (const listener of listeners) listener();
}

export function useIsLive(): boolean {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => live,
  );
}

/** The fallback: how often notification queries ask while the stream is down. */
export const NOTIFICATION_POLL_MS = 30_000;

/** refetchInterval for notification queries: none while live, polling otherwise. */
export function pollUnlessLive(isLive: boolean): number | false {
  return isLive ? false : NOTIFICATION_POLL_MS;
}
