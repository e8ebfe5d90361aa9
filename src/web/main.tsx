import { QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { Toaster } from 'sonner';
import { TOAST_DURATION_MS, TOAST_MAX_VISIBLE } from '#shared/constants.ts';
import { AppErrorBoundary } from './app/error-screens.tsx';
import { createAppRouter } from './app/router.tsx';
import { watchAuthErrors } from './lib/session.ts';
import { createQueryClient } from './lib/query-client.ts';
import './styles.css';

const queryClient = createQueryClient();
watchAuthErrors(queryClient);
const router = createAppRouter();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <AppErrorBoundary>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
        <Toaster
          position="top-center"
          visibleToasts={TOAST_MAX_VISIBLE}
          duration={TOAST_DURATION_MS}
          closeButton
          richColors
        />
      </QueryClientProvider>
    </AppErrorBoundary>
  </StrictMode>,
);
