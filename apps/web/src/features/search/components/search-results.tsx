/**
 * The search page's results under the count: a spinner or an error while the first
 * page loads, why nothing matched, or the cards with Load more.
 */
import type { ReactNode, RefObject } from 'react';
import { Link } from 'react-router';
import type { Product } from '@laptops/shared/products';
import type { SearchFilters } from '@laptops/shared/search-filters';
import { Spinner } from '../../../components/ui/spinner.tsx';
import type { useSearchProducts } from '../api/search-products.ts';
import { searchMessages } from '../messages.ts';
import { isPriceRangeInverted } from './filter-panel.tsx';

const t = searchMessages;

type SearchResultsProps = {
  search: ReturnType<typeof useSearchProducts>;
  /** The first page is on screen (the products are drawn a little after it comes). */
  loaded: boolean;
  products: Product[];
  renderGrid: (products: Product[]) => ReactNode;
  /** The grid's wrapper, where Load more's first new card is found. */
  gridRef: RefObject<HTMLDivElement | null>;
  /** The URL's filters, to say why nothing matched. */
  filters: SearchFilters;
  unknownCategory: boolean;
  /** Filters are set beyond the words and the page's own category: Clear filters is offered. */
  filtered: boolean;
  /** Clear filters' link: the same words, no filters. */
  clearFiltersTo: string;
  /** The page's path: with words and no filters, the way to every laptop it lists. */
  pathname: string;
  /** Where the focus goes once the next results are on screen (see SearchPage). */
  focusWhenShown: (to: number | 'status', from: Element | null) => void;
};

export function SearchResults({
  search,
  loaded,
  products,
  renderGrid,
  gridRef,
  filters,
  unknownCategory,
  filtered,
  clearFiltersTo,
  pathname,
  focusWhenShown,
}: SearchResultsProps) {
  if (!loaded) {
    return search.isError ? (
      <div role="alert" className="alert alert-error">
        <span>{t.loadFailed}</span>
        <button type="button" className="btn btn-sm" onClick={() => void search.refetch()}>
          {t.retry}
        </button>
      </div>
    ) : (
      <Spinner />
    );
  }

  if (products.length === 0) {
    // The status above says there is nothing; these say why, and the way out.
    return (
      <div className="flex flex-col items-center gap-4 pb-16 text-center">
        {/* A shared link (or the form before the app ran) may ask for an empty range. */}
        {isPriceRangeInverted(filters) && <p className="text-error">{t.priceRangeInverted}</p>}
        {unknownCategory && <p className="text-error">{t.unknownCategory}</p>}
        {filtered ? (
          <Link
            to={clearFiltersTo}
            className="btn btn-neutral"
            onClick={(event) => focusWhenShown('status', event.currentTarget)}
          >
            {t.clearFilters}
          </Link>
        ) : (
          filters.q && (
            <Link
              to={pathname}
              className="btn btn-neutral"
              onClick={(event) => focusWhenShown('status', event.currentTarget)}
            >
              {t.browseAll}
            </Link>
          )
        )}
      </div>
    );
  }

  const fetchingMore = search.isFetchingNextPage;
  return (
    <>
      <div
        ref={gridRef}
        aria-busy={search.isPlaceholderData}
        className={search.isPlaceholderData ? 'opacity-60 transition-opacity' : undefined}
      >
        {renderGrid(products)}
      </div>
      {search.isFetchNextPageError && (
        <div role="alert" className="alert alert-error mt-6">
          <span>{t.loadMoreFailed}</span>
          <button type="button" className="btn btn-sm" onClick={() => void search.fetchNextPage()}>
            {t.retry}
          </button>
        </div>
      )}
      {search.hasNextPage && !search.isFetchNextPageError && (
        <div className="mt-8 flex justify-center">
          {/* aria-disabled, not disabled: a disabled button would drop the focus. */}
          <button
            type="button"
            className="btn btn-outline min-w-40"
            aria-disabled={fetchingMore || search.isPlaceholderData}
            aria-busy={fetchingMore}
            onClick={() => {
              if (fetchingMore || search.isPlaceholderData) return;
              focusWhenShown(products.length, document.activeElement);
              void search.fetchNextPage();
            }}
          >
            {fetchingMore && (
              <span className="loading loading-spinner loading-sm" aria-hidden="true" />
            )}
            {t.loadMore}
          </button>
        </div>
      )}
    </>
  );
}
