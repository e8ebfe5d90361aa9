import { lazy, Suspense, useSyncExternalStore } from 'react';
import { isToasterRequested, subscribeToToasterRequest } from '../lib/toast.ts';

const AppToaster = lazy(async () => ({ default: (await import('./toaster.tsx')).AppToaster }));

/** Mounts the toaster when the first toast asks for it (lib/toast.ts), so no page loads it before. */
export function ToastHost() {
  const isRequested = useSyncExternalStore(subscribeToToasterRequest, isToasterRequested, () => false);
  return isRequested ? (
    <Suspense fallback={null}>
      <AppToaster />
    </Suspense>
  ) : null;
}
