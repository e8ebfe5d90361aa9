import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { StrictMode, type ReactNode } from 'react';
import { AppErrorBoundary } from './error-screens.tsx';
import { AppRoutes } from './router.tsx';
import { ToastHost } from './toast-host.tsx';

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
          <ToastHost />
        </QueryClientProvider>
      </AppErrorBoundary>
    </StrictMode>
  );
}
