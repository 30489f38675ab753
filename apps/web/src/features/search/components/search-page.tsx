import {
  useEffect,
  useId,
  useDeferredValue,
  useMemo,
  useRef,
  useState,
  useSyncExternalStore,
  type ReactNode,
} from 'react';
import { Link, useLocation, useSearchParams } from 'react-router';
import { conditionTypes } from '@laptops/shared/conditions';
import type { Product } from '@laptops/shared/products';
import { Field, FieldShell, SelectField } from '../../../components/ui/form-field.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { useCategories } from '../../../lib/get-categories.ts';
import { messages } from '../../../lib/messages.ts';
import { searchMessages } from '../messages.ts';
import { searchPageRequest, useSearchProducts } from '../api/search-products.ts';
import {
  defaultFilters,
  leftOutFilters,
  searchSorts,
  writeFilters,
  type SearchFilters,
  SEARCH_TEXT_MAX,
} from '@laptops/shared/search-filters';

const t = searchMessages;

/** The filters' fields: small labels close above their controls. */
const filterField = { className: 'flex flex-col gap-1', labelClassName: 'text-sm font-medium' };

/** Tailwind's `lg`: from here on the filters are a sidebar rather than a disclosure. */
const DESKTOP_QUERY = '(min-width: 1024px)';

function subscribeDesktop(onChange: () => void) {
  if (typeof window.matchMedia !== 'function') return () => {};
  const query = window.matchMedia(DESKTOP_QUERY);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
}

const isDesktop = () =>
  typeof window.matchMedia === 'function' && window.matchMedia(DESKTOP_QUERY).matches;

type SearchPageProps = {
  /** Draws the cards; the app passes the products grid with its Book and Report actions. */
  renderGrid: (products: Product[]) => ReactNode;
  /**
   * A category page: the address fixes the category, the heading names it, and sold
   * laptops are listed too (their cards say 'Not Available').
   */
  category?: { id: string; name: string };
};

/**
 * /search: free text and filters kept in the URL (shareable, Back works), the
 * number of matches and the results a page at a time. Loading more appends below,
 * so the laptops already on screen stay where they are.
 */
export function SearchPage({ renderGrid, category }: SearchPageProps) {
  const [searchParams, setSearchParams] = useSearchParams();
  const { pathname } = useLocation();
  const categoryId = category?.id;
  const { filters, scope } = useMemo(
    () => searchPageRequest(searchParams, categoryId),
    [searchParams, categoryId],
  );
  const filtersKey = writeFilters(filters).toString();
  const leftOut = useMemo(() => leftOutFilters(searchParams), [searchParams]);
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
  const suggestion =
    suggestedQuery &&
    `${pathname}?${writeFilters({
      ...filters,
      q: suggestedQuery,
      category: categoryId ? '' : filters.category,
    }).toString()}`;

  // On a category page the category is in the path, not the query string. The same
  // filters again add no entry to the history (Back would seem to do nothing).
  const apply = (next: SearchFilters) => {
    const params = writeFilters(categoryId ? { ...next, category: '' } : next);
    if (params.toString() !== searchParams.toString()) setSearchParams(params);
  };
  // Filters set beyond the page's own category; sort is not one (it narrows nothing).
  const activeFilters = writeFilters({
    ...filters,
    category: categoryId ? '' : filters.category,
    sort: defaultFilters.sort,
  }).size;
  const filtered =
    writeFilters({ ...filters, category: categoryId ? '' : filters.category }).size > 0;

  // Where focus goes once the next results are on screen: the first card Load more
  // brought, or the results' status after the empty state's Clear filters (each takes
  // away the control that had the focus). Only if the focus is still on that control,
  // or was left on nothing: a visitor who moved on meanwhile keeps their place.
  const status = useRef<HTMLParagraphElement>(null);
  const grid = useRef<HTMLDivElement>(null);
  const focusNext = useRef<{ to: number | 'status'; from: Element | null }>(undefined);
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

  let results: ReactNode;
  if (data === undefined) {
    results = search.isError ? (
      <div role="alert" className="alert alert-error">
        <span>{t.loadFailed}</span>
        <button type="button" className="btn btn-sm" onClick={() => void search.refetch()}>
          {t.retry}
        </button>
      </div>
    ) : (
      <Spinner />
    );
  } else if (products.length === 0) {
    // The status above says there is nothing; these say why, and the way out.
    results = (
      <div className="flex flex-col items-center gap-4 pb-16 text-center">
        {/* A shared link (or the form before the app ran) may ask for an empty range. */}
        {isPriceRangeInverted(filters) && <p className="text-error">{t.priceRangeInverted}</p>}
        {unknownCategory && <p className="text-error">{t.unknownCategory}</p>}
        {filtered && (
          <Link
            to={pathname}
            className="btn btn-neutral"
            onClick={(event) => (focusNext.current = { to: 'status', from: event.currentTarget })}
          >
            {t.clearFilters}
          </Link>
        )}
      </div>
    );
  } else {
    const fetchingMore = search.isFetchingNextPage;
    results = (
      <>
        <div
          ref={grid}
          aria-busy={search.isPlaceholderData}
          className={search.isPlaceholderData ? 'opacity-60 transition-opacity' : undefined}
        >
          {renderGrid(products)}
        </div>
        {search.isFetchNextPageError && (
          <div role="alert" className="alert alert-error mt-6">
            <span>{t.loadMoreFailed}</span>
            <button
              type="button"
              className="btn btn-sm"
              onClick={() => void search.fetchNextPage()}
            >
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
                focusNext.current = { to: products.length, from: document.activeElement };
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

  return (
    <div className="flex flex-col gap-6 lg:grid lg:grid-cols-[16rem_minmax(0,1fr)] lg:items-start lg:gap-8">
      {/* wrap-anywhere: a long pasted search (a part number, a link) wraps on a phone. */}
      <h1 className="text-2xl font-bold wrap-anywhere sm:text-3xl lg:col-span-2">
        {category
          ? messages.category.heading(category.name)
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
      />
      <section aria-label={t.results} className="min-w-0">
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
                    <span key="suggestion">
                      {` · ${t.didYouMean} `}
                      <Link
                        to={suggestion}
                        className="link link-primary font-medium"
                        // The link goes with the results it was offered beside.
                        onClick={(event) =>
                          (focusNext.current = { to: 'status', from: event.currentTarget })
                        }
                      >
                        {suggestedQuery}
                      </Link>
                      ?
                    </span>
                  ),
                ]
              : category && !filtered
                ? t.emptyCategory
                : t.noResults}
        </p>
        {results}
      </section>
    </div>
  );
}

/** Both prices given, and the lowest above the highest: nothing can match. */
function isPriceRangeInverted({
  minPrice,
  maxPrice,
}: Pick<SearchFilters, 'minPrice' | 'maxPrice'>) {
  return minPrice !== '' && maxPrice !== '' && Number(minPrice) > Number(maxPrice);
}

type FilterPanelProps = {
  filters: SearchFilters;
  /** The URL's filters as text: when they change (Back, Clear), the form shows them. */
  filtersKey: string;
  /** How many filters the URL sets, shown on the phone's closed disclosure. */
  activeFilters: number;
  /** Off on a category page, where the category is fixed. */
  showCategory: boolean;
  /** The page's path: where the form goes, and Clear's link (no filters). */
  pathname: string;
  onApply: (filters: SearchFilters) => void;
};

/**
 * A disclosure on phones, an always-open sidebar on desktop. When the URL's filters
 * change (Back, Clear), the form shows them; it is not drawn anew, so the button that
 * applied them keeps the focus.
 *
 * The fields are named after the URL's parameters and the form goes to the page's
 * path: on a page the server drew, the browser's own submit filters too, before the
 * app has started or with JavaScript off (empty fields are read as not set).
 */
function FilterPanel({
  filters,
  filtersKey,
  activeFilters,
  showCategory,
  pathname,
  onApply,
}: FilterPanelProps) {
  const [draft, setDraft] = useState(filters);
  const [draftOf, setDraftOf] = useState(filtersKey);
  const [open, setOpen] = useState(false);
  const summary = useRef<HTMLElement>(null);
  const desktop = useSyncExternalStore(subscribeDesktop, isDesktop, () => false);
  const categories = useCategories();
  const id = useId();

  const set =
    <K extends keyof SearchFilters>(key: K) =>
    (event: { currentTarget: { value: string } }) => {
      const value = event.currentTarget.value;
      setDraft((current) => ({ ...current, [key]: value }));
    };

  const priceId = (key: 'minPrice' | 'maxPrice') => `${id}-${key}`;
  // Told when the visitor leaves a price field or applies, not while a price is being
  // typed (900 above a max of 1 on the way to 1200).
  const [rangeChecked, setRangeChecked] = useState(false);
  if (draftOf !== filtersKey) {
    setDraftOf(filtersKey);
    setDraft(filters);
    setRangeChecked(false);
  }
  const priceRangeInverted = rangeChecked && isPriceRangeInverted(draft);
  // On a phone applying closes the disclosure, hiding the button that had the focus:
  // the disclosure's own toggle takes it.
  const close = () => {
    setOpen(false);
    if (!desktop) summary.current?.focus();
  };

  return (
    <details
      open={desktop || open}
      onToggle={(event) => setOpen(event.currentTarget.open)}
      // A page the server drew has the disclosure closed (it cannot know the width);
      // on a desktop its form shows anyway until the app opens it.
      className="rounded-box border border-base-300 bg-base-100 lg:sticky lg:top-20 lg:[&::details-content]:[content-visibility:visible]"
    >
      <summary ref={summary} className="cursor-pointer px-4 py-3 font-semibold lg:hidden">
        {t.filters}
        {activeFilters > 0 && ` (${activeFilters})`}
      </summary>
      <form
        role="search"
        aria-label={t.filters}
        action={pathname}
        className="flex flex-col gap-4 p-4"
        onSubmit={(event) => {
          event.preventDefault();
          setRangeChecked(true);
          if (isPriceRangeInverted(draft)) {
            document.getElementById(priceId('minPrice'))?.focus();
            return;
          }
          close();
          onApply(draft);
        }}
      >
        <Field
          {...filterField}
          label={t.query}
          inputProps={{
            name: 'q',
            type: 'search',
            className: 'input w-full',
            placeholder: t.queryPlaceholder,
            maxLength: SEARCH_TEXT_MAX,
            value: draft.q,
            onChange: set('q'),
          }}
        />

        {showCategory && (
          <SelectField
            {...filterField}
            label={t.category}
            selectProps={{
              name: 'category',
              className: 'select w-full',
              value: draft.category,
              onChange: set('category'),
            }}
          >
            <option value="">{t.anyCategory}</option>
            {categories.data?.map((category) => (
              <option key={category._id} value={category._id}>
                {category.name}
              </option>
            ))}
          </SelectField>
        )}

        <SelectField
          {...filterField}
          label={t.condition}
          selectProps={{
            name: 'condition',
            className: 'select w-full',
            value: draft.condition,
            onChange: set('condition'),
          }}
        >
          <option value="">{t.anyCondition}</option>
          {conditionTypes.map((condition) => (
            <option key={condition} value={condition}>
              {t.conditions[condition]}
            </option>
          ))}
        </SelectField>

        <div className="grid grid-cols-2 gap-3">
          {(['minPrice', 'maxPrice'] as const).map((key) => (
            <FieldShell
              key={key}
              {...filterField}
              className="flex min-w-0 flex-col gap-1"
              id={priceId(key)}
              label={t[key]}
              control={(props) => (
                <div className="input w-full">
                  <span aria-hidden="true" className="text-base-content/75">
                    {t.currency}
                  </span>
                  <input
                    {...props}
                    name={key}
                    type="number"
                    inputMode="decimal"
                    min={0}
                    max={100_000}
                    step="any"
                    value={draft[key]}
                    onChange={(event) => {
                      setRangeChecked(false);
                      set(key)(event);
                    }}
                    onBlur={() => setRangeChecked(true)}
                    // The pair shares one message, shown under both.
                    aria-invalid={priceRangeInverted || undefined}
                    aria-describedby={priceRangeInverted ? `${id}-price-range` : undefined}
                  />
                </div>
              )}
            />
          ))}
          {priceRangeInverted && (
            <p id={`${id}-price-range`} role="alert" className="col-span-2 text-sm text-error">
              {t.priceRangeInverted}
            </p>
          )}
        </div>

        <Field
          {...filterField}
          label={t.location}
          inputProps={{
            name: 'location',
            type: 'text',
            className: 'input w-full',
            placeholder: t.locationPlaceholder,
            maxLength: 120,
            value: draft.location,
            onChange: set('location'),
          }}
        />

        <Field
          {...filterField}
          label={t.maxYears}
          inputProps={{
            name: 'maxYears',
            type: 'number',
            inputMode: 'numeric',
            className: 'input w-full',
            min: 0,
            max: 50,
            step: 1,
            value: draft.maxYears,
            onChange: set('maxYears'),
          }}
        />

        <SelectField
          {...filterField}
          label={t.sort}
          selectProps={{
            name: 'sort',
            className: 'select w-full',
            value: draft.sort,
            onChange: set('sort'),
          }}
        >
          {searchSorts.map((sort) => (
            <option key={sort} value={sort}>
              {t.sorts[sort]}
            </option>
          ))}
        </SelectField>

        <div className="flex gap-2">
          <button type="submit" className="btn btn-neutral flex-1">
            {t.apply}
          </button>
          <Link
            to={pathname}
            className="btn btn-ghost"
            onClick={() => {
              setDraft(defaultFilters);
              close();
            }}
          >
            {t.clear}
          </Link>
        </div>
      </form>
    </details>
  );
}
