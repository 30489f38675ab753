import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { AppProviders } from './app/providers.tsx';
import { createRouter } from './app/router.tsx';
import { createQueryClient } from './lib/query-client.ts';
import './index.css';

// Zod probes for eval with `new Function`, which our CSP (no 'unsafe-eval') reports
// as a violation even though zod copes; `jitless` skips the probe. This is what
// z.config({ jitless: true }) sets (zod keeps its settings on this global), written
// directly so Home's first download does not need zod (zod loads with the forms).
(globalThis as { __zod_globalConfig?: object }).__zod_globalConfig = { jitless: true };

const root = document.getElementById('root');
if (!root) throw new Error('The page has no #root element');

const queryClient = createQueryClient();

createRoot(root).render(
  <StrictMode>
    <AppProviders queryClient={queryClient}>
      <RouterProvider router={createRouter(queryClient)} />
    </AppProviders>
  </StrictMode>,
);
