import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { useEffect, type ReactElement } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { Toaster } from 'sonner';
import { createQueryClient } from '../query-client.ts';
import { toasterListening } from '../toast.ts';

// jsdom has no CSS.escape, which user-event uses to walk a radio group with the arrow keys.
globalThis.CSS ??= { escape: (value: string) => value.replace(/[^a-zA-Z0-9_-]/g, (c) => `\\${c}`) } as typeof CSS;

/** sonner's Toaster, announced to lib/toast.ts once it listens (its effects run before this one's). */
function TestToaster() {
  useEffect(() => toasterListening(), []);
  return <Toaster />;
}

function Elsewhere() {
  return <p data-testid="elsewhere">{useLocation().pathname}</p>;
}

/**
 * Renders a screen as the app does: a real QueryClient (the app's defaults, but no retry, so a
 * failure shows at once), a router at `path`, and the toaster. Other routes render their path as
 * text, so a test can see where a link or navigation led.
 */
export function renderScreen(ui: ReactElement, { path = '/' }: { path?: string } = {}) {
  const queryClient = createQueryClient();
  queryClient.setDefaultOptions({ queries: { ...queryClient.getDefaultOptions().queries, retry: false } });
  return {
    queryClient,
    ...render(
      <QueryClientProvider client={queryClient}>
        <MemoryRouter initialEntries={[path]}>
          <Routes>
            <Route path={path} element={ui} />
            <Route path="*" element={<Elsewhere />} />
          </Routes>
        </MemoryRouter>
        <TestToaster />
      </QueryClientProvider>,
    ),
  };
}
