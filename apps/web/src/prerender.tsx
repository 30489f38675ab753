/**
 * Build step (see scripts/prerender.mjs): the HTML of each page's first paint, so the
 * browser draws the navbar, and on Home the banner, before any script has run. It is
 * what the app draws first anyway (nothing is signed in or loaded yet); main.tsx then
 * replaces it with the same markup, so nothing moves.
 */
import type { ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router';
import { LoadingPage, SiteFrame } from './app/layouts/main-layout.tsx';
import { AppProviders } from './app/providers.tsx';
import { HomeRoute } from './app/routes/home.tsx';
import { createQueryClient } from './lib/query-client.ts';

function render(location: string, page: ReactNode): string {
  const queryClient = createQueryClient();
  const html = renderToString(
    <AppProviders queryClient={queryClient}>
      <StaticRouter location={location}>{page}</StaticRouter>
    </AppProviders>,
  );
  // The pages' queries stay pending here; their cache timers would keep Node running.
  queryClient.clear();
  return html;
}

/** Home as it first draws: the banner, the welcome text, and spinners for the lists. */
export function renderHomePage(): string {
  return render(
    '/',
    <SiteFrame>
      <HomeRoute />
    </SiteFrame>,
  );
}

/**
 * Every other page until its code has loaded: the frame with the spinner. Drawn at
 * an address no navbar link matches, as no page is known yet.
 */
export function renderLoadingPage(): string {
  return render('/loading', <LoadingPage />);
}
