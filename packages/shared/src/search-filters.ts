import type { ConditionType } from './products.ts';
import { searchQuerySchema, type SearchSort } from './search.ts';

/**
 * The search page's filters as the form and the URL hold them: text, with '' for
 * "not set". The names are the API's, so the page URL and the API call match.
 * Shared so that the server, sending a search or category page, can ask the browser
 * to fetch the page's first results at once: the same request the page will make.
 */
export type SearchFilters = {
  q: string;
  category: string;
  condition: ConditionType | '';
  minPrice: string;
  maxPrice: string;
  location: string;
  maxYears: string;
  sort: SearchSort;
};

export const defaultFilters: SearchFilters = {
  q: '',
  category: '',
  condition: '',
  minPrice: '',
  maxPrice: '',
  location: '',
  maxYears: '',
  sort: 'newest',
};

/** The URL order, so the same search always gives the same (shareable) address. */
const keys = [
  'q',
  'category',
  'condition',
  'minPrice',
  'maxPrice',
  'location',
  'maxYears',
  'sort',
] as const satisfies readonly (keyof SearchFilters)[];

const shape = searchQuerySchema.shape;

/** A value the API accepts, as text; anything it would refuse (or nothing) becomes ''. */
function accepted(key: Exclude<(typeof keys)[number], 'sort'>, raw: string | null): string {
  const text = raw?.trim() ?? '';
  if (text === '') return '';
  const parsed = shape[key].safeParse(text);
  if (!parsed.success || parsed.data === undefined) return '';
  return String(parsed.data);
}

/**
 * Filters from a URL. A hand-edited or stale link never breaks the page: values the
 * API would refuse are dropped rather than sent.
 */
export function readFilters(params: URLSearchParams): SearchFilters {
  const sort = shape.sort.safeParse(params.get('sort') ?? undefined);
  const condition = shape.condition.safeParse(params.get('condition') ?? undefined);
  return {
    q: accepted('q', params.get('q')),
    category: accepted('category', params.get('category')),
    condition: (condition.success && condition.data) || '',
    minPrice: accepted('minPrice', params.get('minPrice')),
    maxPrice: accepted('maxPrice', params.get('maxPrice')),
    location: accepted('location', params.get('location')),
    maxYears: accepted('maxYears', params.get('maxYears')),
    sort: sort.success ? sort.data : defaultFilters.sort,
  };
}

/** The URL for some filters: only what differs from the defaults, in a fixed order. */
export function writeFilters(filters: Partial<SearchFilters>): URLSearchParams {
  const params = new URLSearchParams();
  for (const key of keys) {
    const value = filters[key]?.trim() ?? '';
    if (value !== '' && value !== defaultFilters[key]) params.set(key, value);
  }
  return params;
}

/**
 * GET /api/search for a page's filters (empty ones left out); a category page also
 * lists sold laptops (includeSold). The web page requests exactly this path, and the
 * server preloads it (static-client.ts), so the two must come from here.
 */
export function searchRequestPath(
  filters: SearchFilters,
  scope: { includeSold?: boolean } = {},
  cursor?: string,
): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(filters)) {
    const text = value.trim();
    if (text !== '') params.set(key, text);
  }
  if (scope.includeSold) params.set('includeSold', 'true');
  if (cursor) params.set('cursor', cursor);
  return `/api/search?${params.toString()}`;
}
