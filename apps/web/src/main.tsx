import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { readFirstPageData, seedFirstPage } from './first-paint/catalogue-page-data.ts';
import { trackPlaceUntilTakeover } from './first-paint/keep-place-on-takeover.tsx';
import { AppProviders } from './app/providers.tsx';
import { createRouter } from './app/router.tsx';
import { sessionQueryOptions } from './lib/get-session.ts';
import { createQueryClient } from './lib/query-client.ts';
import './index.css';

// Zod probes for eval with `new Function`, which our CSP (no 'unsafe-eval') reports
// as a violation even though zod copes; `jitless` skips the probe. This is what
// z.config({ jitless: true }) sets (zod keeps its settings on this global), written
// directly so Home's first download does not need zod (zod loads with the forms).
(globalThis as { __zod_globalConfig?: object }).__zod_globalConfig = { jitless: true };

// When the app's code began to run (first-paint/start-after-paint.js decides when), for
// performance tools and the browser tests.
performance.mark('app-start');

const root = document.getElementById('root');
if (!root) throw new Error('The page has no #root element');

const queryClient = createQueryClient();
// A search, category or laptop page the server drew comes with the answers it drew it from.
const pageData = readFirstPageData();
if (pageData) seedFirstPage(queryClient, pageData);
// Every page's navbar and guards need the session: ask now, while the page's own
// code is still loading, rather than once it has drawn.
void queryClient.prefetchQuery(sessionQueryOptions());

const router = createRouter(queryClient);
const KeepPlaceOnTakeover = trackPlaceUntilTakeover();

// The first render replaces the page the HTML holds with the same markup. As a
// transition React draws it in short slices instead of one long task that would keep
// the page from answering a tap (Lighthouse's blocking time).
const renderApp = () =>
  startTransition(() => {
    createRoot(root).render(
      <StrictMode>
        <AppProviders queryClient={queryClient}>
          <RouterProvider router={router} />
          <KeepPlaceOnTakeover />
        </AppProviders>
      </StrictMode>,
    );
  });

// Until the router has the page's code it draws the spinner: over a page the server
// drew with its results, that would blank them for a moment. Such a page waits.
if (pageData && !router.state.initialized) {
  const unsubscribe = router.subscribe((state) => {
    if (!state.initialized) return;
    unsubscribe();
    renderApp();
  });
} else {
  renderApp();
}
