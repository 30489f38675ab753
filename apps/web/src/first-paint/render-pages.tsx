/**
 * The HTML of each page's first paint, so the browser draws it before any script has
 * run; main.tsx then replaces it with the same markup, so nothing moves.
 * - At build time (scripts/write-first-paint.mjs): Home (the navbar, the banner, spinners for
 *   the lists) and the loading page, what the app draws first anyway.
 * - Per request, in the API server (apps/api modules/first-paint): search and category
 *   pages with their first results, from the answers the server has in hand.
 */
import type { ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { Route, Routes, StaticRouter } from 'react-router';
import type { QueryClient } from '@tanstack/react-query';
import type { FirstPageData } from '@laptops/shared/first-page';
import { seedFirstPage } from './catalogue-page-data.ts';
import { LoadingPage, SiteFrame } from '../app/layouts/main-layout.tsx';
import { AppProviders } from '../app/providers.tsx';
import { CategoryRoute } from '../app/routes/category.tsx';
import { HomeRoute } from '../app/routes/home.tsx';
import { LaptopRoute } from '../app/routes/laptop.tsx';
import { SearchRoute } from '../app/routes/search.tsx';
import { SellerRoute } from '../app/routes/seller.tsx';
import { paths } from '../config/paths.ts';
import { createQueryClient } from '../lib/query-client.ts';

function render(
  location: string,
  page: ReactNode,
  seed: (queryClient: QueryClient) => void = () => {},
): string {
  const queryClient = createQueryClient();
  seed(queryClient);
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
    paths.home.getHref(),
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

/**
 * A search or category page (`url`: its path and query) with its first results, a
 * laptop's page or a seller's profile, as the app draws it from the same answers (`data`, which the page's
 * HTML also carries). The routes and guards are the router's (app/router.tsx).
 */
export function renderCataloguePage(url: string, data: FirstPageData): string {
  const location = new URL(url, 'http://page');
  return render(
    location.pathname + location.search,
    <SiteFrame>
      <Routes>
        <Route path={paths.search.path} element={<SearchRoute />} />
        <Route path={paths.category.path} element={<CategoryRoute />} />
        <Route path={paths.laptop.path} element={<LaptopRoute />} />
        <Route path={paths.seller.path} element={<SellerRoute />} />
      </Routes>
    </SiteFrame>,
    (queryClient) => seedFirstPage(queryClient, data),
  );
}
