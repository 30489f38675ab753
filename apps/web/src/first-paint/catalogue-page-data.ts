import type { QueryClient } from '@tanstack/react-query';
import { cataloguePageDataId, type FirstPageData } from '@laptops/shared/first-page';
import { categoryKeys, productKeys, sellerProfileKeys, sessionKeys } from '../lib/query-keys.ts';

/**
 * Puts a drawn page's first answers into the query cache, under the keys its queries
 * use, as if they had just been fetched. The server does this before drawing the page
 * (render-pages.tsx) and the app before its first render, so both draw the same page
 * and the app asks for nothing the HTML already holds.
 */
export function seedFirstPage(queryClient: QueryClient, data: FirstPageData) {
  queryClient.setQueryData(sessionKeys.all, data.session);
  if ('product' in data) {
    queryClient.setQueryData(productKeys.details(data.product._id), data.product);
  } else if ('seller' in data) {
    queryClient.setQueryData(sellerProfileKeys.profile(data.seller.id), data.seller);
  } else {
    const { filters, scope, results } = data.search;
    queryClient.setQueryData(categoryKeys.all, data.categories);
    queryClient.setQueryData(productKeys.search(filters, scope), {
      pages: [results],
      pageParams: [undefined],
    });
  }
}

/** The data the server wrote into this page, if it drew it (apps/api modules/first-paint). */
export function readFirstPageData(): FirstPageData | undefined {
  const element = document.getElementById(cataloguePageDataId);
  if (!element?.textContent) return undefined;
  try {
    return JSON.parse(element.textContent) as FirstPageData;
  } catch {
    // A page that cannot be read is drawn as if the server had not: from requests.
    return undefined;
  }
}
