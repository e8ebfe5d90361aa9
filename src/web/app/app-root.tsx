import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { lazy, StrictMode, Suspense, type ReactNode } from 'react';
import { AppErrorBoundary } from './error-screens.tsx';
import { AppRoutes } from './router.tsx';

// Toasts only follow an action, so their library loads after the first paint, not before it.
const AppToaster = lazy(async () => ({ default: (await import('./toaster.tsx')).AppToaster }));

/**
 * The whole app under a router. One tree for the browser (main.tsx) and the server renderer
 * (entry-server.tsx): hydration needs both to render the same elements.
 */
export function AppRoot({
  queryClient,
  router: Router,
}: {
  queryClient: QueryClient;
  router: (props: { children: ReactNode }) => ReactNode;
}) {
  return (
    <StrictMode>
      <AppErrorBoundary>
        <QueryClientProvider client={queryClient}>
          <Router>
            <AppRoutes />
          </Router>
          <Suspense fallback={null}>
            <AppToaster />
          </Suspense>
        </QueryClientProvider>
      </AppErrorBoundary>
    </StrictMode>
  );
}
