import { startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { AppRoot } from './app/app-root.tsx';
import { watchAuthErrors } from './lib/session.ts';
import { createQueryClient } from './lib/query-client.ts';
import { QUERY_STATE_ELEMENT_ID } from '#shared/server-render.ts';
import { seedQueryCache } from './lib/server-state.ts';
import { paths } from './lib/paths.ts';
import './styles.css';

const queryClient = createQueryClient();
watchAuthErrors(queryClient);
// The cart's quote is a POST that no preload link can start: it starts here (docs/decisions/049).
if (location.pathname === paths.cart) {
  void import('./features/cart/start-quote.ts').then(({ startCartQuote }) => startCartQuote(queryClient));
}

const root = document.getElementById('root')!;
const app = <AppRoot queryClient={queryClient} router={BrowserRouter} />;
// A server-rendered page (a visitor's public page, plugins/web-static.ts) carries the data it
// was rendered with: the cache starts from it, so hydration renders the same markup, fetch-free.
const state = document.getElementById(QUERY_STATE_ELEMENT_ID)?.textContent;
if (state) {
  seedQueryCache(queryClient, state);
  // In a transition, hydration works in slices of a few milliseconds between which the browser
  // paints the server's markup and its first images and answers taps; in one piece it was one
  // long task that held the first paint behind it (issue 21: on a slow phone, LCP ~3 s).
  startTransition(() => {
    hydrateRoot(root, app);
  });
} else {
  createRoot(root).render(app);
}
