import type { QueryClient } from '@tanstack/react-query';
import type { LoaderFunctionArgs } from 'react-router';
import { ProductGrid } from '../../features/products/components/product-grid.tsx';
import {
  searchInfiniteQueryOptions,
  searchPageRequest,
} from '../../features/search/api/search-products.ts';
import { SearchPage } from '../../features/search/components/search-page.tsx';
import { SaveSearchButton } from '../../features/saved-searches/components/save-search-button.tsx';
import { useProductActions } from '../use-product-actions.tsx';

/** /search: the catalogue's search page with the usual cards and their modals. */
export function SearchRoute() {
  const actions = useProductActions();
  return (
    <>
      <SearchPage
        renderSaveSearch={(filters) => <SaveSearchButton filters={filters} />}
        renderGrid={(products) => (
          <ProductGrid
            products={products}
            onBook={actions.onBook}
            onReport={actions.onReport}
            onAsk={actions.onAsk}
            bookingOf={actions.bookingOf}
            onSave={actions.onSave}
            isSaved={actions.isSaved}
            aboveTheFold
            headingLevel={2}
          />
        )}
      />
      {actions.modals}
    </>
  );
}

/**
 * Asks for the results as soon as the page's code has arrived, instead of after the
 * page has drawn; the page then reads them from the cache. It does not wait for them.
 */
export function searchRouteLoader(queryClient: QueryClient) {
  return ({ request }: LoaderFunctionArgs) => {
    const { filters, scope } = searchPageRequest(new URL(request.url).searchParams);
    void queryClient.prefetchInfiniteQuery(searchInfiniteQueryOptions(filters, scope));
    return null;
  };
}
