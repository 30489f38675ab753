/**
 * The search page (/search and each category's page): the heading, the filters and
 * the results, kept in step with the URL. The filters, the results' states and the
 * "did you mean" offer are drawn by their own modules beside this one.
 */
import { useDeferredValue, useEffect, useId, useMemo, useRef, type ReactNode } from 'react';
import { useLocation, useSearchParams } from 'react-router';
import type { Product } from '@laptops/shared/products';
import { useCategories } from '../../../lib/get-categories.ts';
import { categoryMessages } from '../../../lib/category-messages.ts';
import { searchMessages } from '../messages.ts';
import { searchPageRequest, useSearchProducts } from '../api/search-products.ts';
import { useSpecCounts } from '../api/get-spec-counts.ts';
import {
  defaultFilters,
  leftOutFilters,
  searchSorts,
  writeFilters,
  type SearchFilters,
} from '@laptops/shared/search-filters';
import { DidYouMean } from './did-you-mean.tsx';
import { FilterPanel } from './filter-panel.tsx';
import { SearchResults } from './search-results.tsx';

const t = searchMessages;

type SearchPageProps = {
  /** Draws the cards; the app passes the products grid with its Book and Report actions. */
  renderGrid: (products: Product[]) => ReactNode;
  /**
   * A category page: the address fixes the category, the heading names it, and sold
   * laptops are listed too (their cards say 'Not Available').
   */
  category?: { id: string; name: string };
  /** Beside the results' count: the app passes the "Save this search" button. */
  renderSaveSearch?: (filters: SearchFilters) => ReactNode;
};

/**
 * /search: free text and filters kept in the URL (shareable, Back works), the
 * number of matches and the results a page at a time. Loading more appends below,
 * so the laptops already on screen stay where they are.
 */
export function SearchPage({ renderGrid, category, renderSaveSearch }: SearchPageProps) {
  const [searchParams, setSearchParams] = useSearchParams();
  const { pathname } = useLocation();
  const categoryId = category?.id;
  const { filters, scope } = useMemo(
    () => searchPageRequest(searchParams, categoryId),
    [searchParams, categoryId],
  );
  const filtersKey = writeFilters(filters).toString();
  const leftOut = useMemo(() => leftOutFilters(searchParams), [searchParams]);
  const formId = useId();
  const search = useSearchProducts(filters, scope);
  const categories = useCategories();
  const unknownCategory =
    !category &&
    filters.category !== '' &&
    categories.data !== undefined &&
    !categories.data.some((option) => option._id === filters.category);
  // The cards are drawn as a transition, which React splits into short slices, so
  // drawing a page of them does not block the page (Lighthouse's blocking time).
  // From the cache (Back) they are there at once: nothing is deferred on mount.
  const data = useDeferredValue(search.data);

  const products = useMemo(() => {
    const seen = new Set<string>();
    return (data?.pages ?? [])
      .flatMap((page) => page.products)
      .filter((product) => !seen.has(product._id) && Boolean(seen.add(product._id)));
  }, [data]);
  const total = data?.pages[0]?.total ?? 0;
  const totalIsCapped = data?.pages[0]?.totalIsCapped ?? false;
  // The words matched nothing as typed: say what the results are for instead.
  const correctedQuery = data?.pages[0]?.correctedQuery;
  const approximate = correctedQuery
    ? ` · ${t.correctedTo(correctedQuery)}`
    : data?.pages[0]?.similarNames
      ? ` · ${t.similarNames}`
      : '';
  // Few matches as typed, and far more for a near spelling: the same search with it.
  // Not while other results load: it belongs to the search on screen, not the next.
  const suggestedQuery = search.isPlaceholderData ? undefined : data?.pages[0]?.suggestedQuery;
  // Counted for the words the results are for (a corrected search's), once they are
  // on screen; results for names merely like the words have none to count.
  const firstPage = search.isPlaceholderData ? undefined : search.data?.pages[0];
  const specCounts = useSpecCounts(
    firstPage?.correctedQuery ? { ...filters, q: firstPage.correctedQuery } : filters,
    scope,
    firstPage !== undefined && !firstPage.similarNames,
  );
  const suggestion = suggestedQuery
    ? {
        query: suggestedQuery,
        to: `${pathname}?${writeFilters({
          ...filters,
          q: suggestedQuery,
          category: categoryId ? '' : filters.category,
        }).toString()}`,
      }
    : undefined;

  // On a category page the category is in the path, not the query string. The same
  // filters again add no entry to the history (Back would seem to do nothing).
  const sortSelect = useRef<HTMLSelectElement>(null);
  const apply = (filtersChosen: SearchFilters) => {
    // The sort as shown, just changed or not (it submits the filters' form).
    const shownSort = searchSorts.find((sort) => sort === sortSelect.current?.value);
    const next = { ...filtersChosen, sort: shownSort ?? filtersChosen.sort };
    const params = writeFilters(categoryId ? { ...next, category: '' } : next);
    if (params.toString() !== searchParams.toString()) setSearchParams(params);
  };
  // Filters set beyond the words and the page's own category; the sort is not one
  // (it narrows nothing).
  const activeFilters = writeFilters({
    ...filters,
    q: '',
    category: categoryId ? '' : filters.category,
    sort: defaultFilters.sort,
  }).size;
  // Clearing the filters keeps the words (and the sort).
  const withoutFilters = writeFilters({ q: filters.q, sort: filters.sort }).toString();

  // Where focus goes once the next results are on screen: the first card Load more
  // brought, or the results' status after the empty state's Clear filters (each takes
  // away the control that had the focus). Only if the focus is still on that control,
  // or was left on nothing: a visitor who moved on meanwhile keeps their place.
  const status = useRef<HTMLParagraphElement>(null);
  const grid = useRef<HTMLDivElement>(null);
  const focusNext = useRef<{ to: number | 'status'; from: Element | null }>(undefined);
  const focusWhenShown = (to: number | 'status', from: Element | null) => {
    focusNext.current = { to, from };
  };
  const stillThere = (from: Element | null) =>
    document.activeElement === from ||
    document.activeElement === document.body ||
    document.activeElement === null;
  useEffect(() => {
    const next = focusNext.current;
    if (
      next?.to === 'status' &&
      data !== undefined &&
      data === search.data &&
      !search.isPlaceholderData
    ) {
      focusNext.current = undefined;
      if (stillThere(next.from)) status.current?.focus();
    } else if (typeof next?.to === 'number' && products.length > next.to) {
      focusNext.current = undefined;
      if (!stillThere(next.from)) return;
      // The grid's list item, or the card it holds.
      const item = grid.current?.querySelectorAll(':scope > ul > li')[next.to];
      const card = item?.firstElementChild ?? item;
      card?.setAttribute('tabindex', '-1');
      if (card instanceof HTMLElement) card.focus({ preventScroll: true });
    } else if (typeof next?.to === 'number' && search.isFetchNextPageError) {
      focusNext.current = undefined;
    }
  }, [data, search.data, products.length, search.isPlaceholderData, search.isFetchNextPageError]);
  // New filters: a page Load more was waiting for is no longer coming.
  useEffect(() => {
    if (typeof focusNext.current?.to === 'number') focusNext.current = undefined;
  }, [filtersKey]);

  return (
    <div className="flex flex-col gap-6 lg:grid lg:grid-cols-[16rem_minmax(0,1fr)] lg:items-start lg:gap-8">
      {/* wrap-anywhere: a long pasted search (a part number, a link) wraps on a phone. */}
      <h1 className="text-2xl font-bold wrap-anywhere sm:text-3xl lg:col-span-2">
        {category
          ? categoryMessages.heading(category.name)
          : filters.q
            ? t.resultsFor(filters.q)
            : t.title}
      </h1>
      {leftOut.length > 0 && (
        <p className="alert alert-warning lg:col-span-2">
          {t.leftOut(leftOut.map((key) => (key === 'q' ? t.query : t[key])))}
        </p>
      )}
      <FilterPanel
        filters={filters}
        filtersKey={filtersKey}
        activeFilters={activeFilters}
        showCategory={!category}
        pathname={pathname}
        onApply={apply}
        formId={formId}
        counts={specCounts.data}
      />
      <section aria-label={t.results} className="min-w-0">
        {data !== undefined && (
          <div className="mb-3 flex flex-wrap items-center justify-end gap-2 sm:float-right sm:mb-2 sm:ml-3">
            {/* Above the results, as shops place it, and applied at once: it belongs to
                the filters' form, so applying it also applies what was chosen there. */}
            <label className="flex items-center gap-2 text-sm">
              {/* Written out where there is room; a phone keeps the row for the controls. */}
              <span className="sr-only text-base-content/75 sm:not-sr-only">{t.sort}</span>
              <select
                ref={sortSelect}
                name="sort"
                form={formId}
                value={filters.sort}
                className="select w-auto select-sm"
                onChange={(event) => event.currentTarget.form?.requestSubmit()}
              >
                {searchSorts.map((sort) => (
                  <option key={sort} value={sort}>
                    {t.sorts[sort]}
                  </option>
                ))}
              </select>
            </label>
            {renderSaveSearch?.(filters)}
          </div>
        )}
        {/* Always there, so that a screen reader hears each new count, none included. */}
        <p
          ref={status}
          aria-live="polite"
          tabIndex={-1}
          className={
            data !== undefined && products.length === 0
              ? 'pt-16 pb-4 text-center text-lg text-base-content/75'
              : 'mb-4 text-base-content/75 empty:hidden'
          }
        >
          {data === undefined
            ? ''
            : products.length > 0
              ? [
                  t.count(total, totalIsCapped) + approximate,
                  suggestion && (
                    <DidYouMean
                      key="suggestion"
                      {...suggestion}
                      onFollow={(link) => focusWhenShown('status', link)}
                    />
                  ),
                ]
              : category && activeFilters === 0 && !filters.q
                ? t.emptyCategory
                : t.noResults}
        </p>
        <SearchResults
          search={search}
          loaded={data !== undefined}
          products={products}
          renderGrid={renderGrid}
          gridRef={grid}
          filters={filters}
          unknownCategory={unknownCategory}
          filtered={activeFilters > 0}
          clearFiltersTo={withoutFilters ? `${pathname}?${withoutFilters}` : pathname}
          pathname={pathname}
          focusWhenShown={focusWhenShown}
        />
      </section>
    </div>
  );
}
