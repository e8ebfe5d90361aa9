import { QueryClientProvider } from '@tanstack/react-query';
import { lazy, StrictMode, Suspense } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { AppErrorBoundary } from './app/error-screens.tsx';
import { AppRoutes } from './app/router.tsx';
import { watchAuthErrors } from './lib/session.ts';
import { createQueryClient } from './lib/query-client.ts';
import './styles.css';

// Toasts only follow an action, so their library loads after the first paint, not before it.
const AppToaster = lazy(async () => ({ default: (await import('./app/toaster.tsx')).AppToaster }));

const queryClient = createQueryClient();
watchAuthErrors(queryClient);

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <AppErrorBoundary>
      <QueryClientProvider client={queryClient}>
        <BrowserRouter>
          <AppRoutes />
        </BrowserRouter>
        <Suspense fallback={null}>
          <AppToaster />
        </Suspense>
      </QueryClientProvider>
    </AppErrorBoundary>
  </StrictMode>,
);
