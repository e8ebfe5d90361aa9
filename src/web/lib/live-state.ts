import { useSyncExternalStore } from 'react';

// Tiny on purpose: the header's and mobile menu's badges (in every page's bundle) read it.

let live = false;
const listeners = new Set<() => void>();

/** Whether this tab's event stream is open; while it is not, notification and message queries poll. */
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

/** The fallback: how often live queries ask while the stream is down. */
export const LIVE_FALLBACK_POLL_MS = 30_000;

/** refetchInterval for live queries: none while live, polling otherwise. */
export function pollUnlessLive(isLive: boolean): number | false {
  return isLive ? false : LIVE_FALLBACK_POLL_MS;
}
