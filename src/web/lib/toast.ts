import type { toast as sonnerToast } from 'sonner';

/**
 * The app's toasts, through one door. sonner (about 10 KB gzipped) loads with the first toast,
 * not after every page's first paint: a call asks the app to mount its toaster (app/toast-host.tsx),
 * waits until that listens (sonner drops toasts raised before its Toaster subscribes), then shows.
 * Calls keep their order: each waits on the same promises, which settle first in, first out.
 */
type SonnerToast = typeof sonnerToast;

const requestListeners = new Set<() => void>();
let isRequested = false;
let markListening: () => void = () => undefined;
const listening = new Promise<void>((resolve) => (markListening = resolve));

/** For the app's toast host (useSyncExternalStore): whether a toast has asked for the toaster yet. */
export function subscribeToToasterRequest(listener: () => void): () => void {
  requestListeners.add(listener);
  return () => requestListeners.delete(listener);
}
export const isToasterRequested = (): boolean => isRequested;

/** Called by the mounted toaster once it listens. */
export function toasterListening(): void {
  markListening();
}

async function loadSonner(): Promise<SonnerToast> {
  if (!isRequested) {
    isRequested = true;
    for (const listener of requestListeners) listener();
  }
  await listening;
  return (await import('sonner')).toast;
}

export const toast = Object.assign(
  (...args: Parameters<SonnerToast>) => void loadSonner().then((show) => show(...args)),
  {
    success: (...args: Parameters<SonnerToast['success']>) => void loadSonner().then((show) => show.success(...args)),
    warning: (...args: Parameters<SonnerToast['warning']>) => void loadSonner().then((show) => show.warning(...args)),
    error: (...args: Parameters<SonnerToast['error']>) => void loadSonner().then((show) => show.error(...args)),
    /** Nothing to dismiss before the first toast: it does not load sonner for that. */
    dismiss: (id?: string | number) => {
      if (isRequested) void loadSonner().then((show) => show.dismiss(id));
    },
  },
);
