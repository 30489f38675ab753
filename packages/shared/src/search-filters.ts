import { conditionTypes, type ConditionType } from './conditions.ts';
import { cpuFamilies, storageTypes, type CpuFamily, type StorageType } from './laptop-specs.ts';

/** The longest search text the API takes (searchQuerySchema) and the page sends. */
export const SEARCH_TEXT_MAX = 200;

/**
 * How results can be ordered: newest first, by price, or by the seller's rating (the
 * best rated first, then the most reviewed; sellers without reviews last).
 */
export const searchSorts = ['newest', 'price_asc', 'price_desc', 'rating'] as const;
export type SearchSort = (typeof searchSorts)[number];

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
  /** Specs: at least this much RAM and storage (GB), this storage type, a screen size range (inches), at least this battery health (%), a CPU family. */
  ramMin: string;
  storageMin: string;
  storageType: StorageType | '';
  screenMin: string;
  screenMax: string;
  batteryMin: string;
  cpu: CpuFamily | '';
  /** 'true': only listings whose key specs came from the laptop's own report. */
  deviceSpecs: 'true' | '';
  /** 'true': only listings whose serial number is checked. */
  serialChecked: 'true' | '';
  sort: SearchSort;
};

/** The filters on a laptop's specs. */
export const specFilterKeys = [
  'ramMin',
  'storageMin',
  'storageType',
  'screenMin',
  'screenMax',
  'batteryMin',
  'cpu',
] as const satisfies readonly (keyof SearchFilters)[];
export type SpecFilter = (typeof specFilterKeys)[number];

/**
 * The choices the numeric spec filters offer ("at least" steps buyers compare by); the
 * server counts the listings each would find (GET /api/search/counts).
 */
export const specFilterChoices = {
  ramMin: [8, 16, 32, 64],
  storageMin: [128, 256, 512, 1024, 2048],
  screenMin: [11, 12, 13, 13.3, 14, 15, 15.6, 16, 17],
  screenMax: [11, 12, 13, 13.3, 14, 15, 15.6, 16, 17],
  batteryMin: [70, 80, 85, 90, 95],
} as const satisfies Partial<Record<SpecFilter, readonly number[]>>;

export const defaultFilters: SearchFilters = {
  q: '',
  category: '',
  condition: '',
  minPrice: '',
  maxPrice: '',
  location: '',
  maxYears: '',
  ramMin: '',
  storageMin: '',
  storageType: '',
  screenMin: '',
  screenMax: '',
  batteryMin: '',
  cpu: '',
  deviceSpecs: '',
  serialChecked: '',
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
  ...specFilterKeys,
  'deviceSpecs',
  'serialChecked',
  'sort',
] as const satisfies readonly (keyof SearchFilters)[];

// Checked by hand, not with searchQuerySchema: the search and category pages would
// otherwise download zod first. search-filters.test.ts holds these rules to the
// schema's, value by value.
// zod's own (z.uuid()): any version, the RFC variant, and the nil and max ids in lowercase.
const uuid =
  /^([0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[1-8][0-9a-fA-F]{3}-[89abAB][0-9a-fA-F]{3}-[0-9a-fA-F]{12}|00000000-0000-0000-0000-000000000000|ffffffff-ffff-ffff-ffff-ffffffffffff)$/;
// Text too long is cut to what the API takes, not dropped: a long pasted search still
// searches (never through the middle of an emoji).
const text = (max: number) => (value: string) =>
  value.includes('\u0000')
    ? ''
    : value
        .slice(0, max)
        .replace(/[\uD800-\uDBFF]$/, '')
        .trim();
const number = (max: number, integer: boolean) => (value: string) => {
  const n = Number(value);
  return Number.isFinite(n) && n >= 0 && n <= max && (!integer || Number.isInteger(n))
    ? String(n)
    : '';
};
const oneOf =
  <T extends string>(options: readonly T[]) =>
  (value: string): T | '' =>
    (options as readonly string[]).includes(value) ? (value as T) : '';

/** Each filter's value as the API accepts it, as text; '' if it would refuse it. */
const acceptedValue = {
  q: text(SEARCH_TEXT_MAX),
  category: (value: string) => (uuid.test(value) ? value : ''),
  minPrice: number(100_000, false),
  maxPrice: number(100_000, false),
  location: text(120),
  maxYears: number(50, true),
  ramMin: number(256, true),
  storageMin: number(16_384, true),
  screenMin: number(20, false),
  screenMax: number(20, false),
  batteryMin: number(100, true),
};

/**
 * Filters from a URL. A hand-edited or stale link never breaks the page: values the
 * API would refuse are dropped rather than sent (leftOutFilters names them), and text
 * too long is cut to fit.
 */
export function readFilters(params: URLSearchParams): SearchFilters {
  const value = (key: keyof typeof acceptedValue) => {
    const given = params.get(key)?.trim() ?? '';
    return given === '' ? '' : acceptedValue[key](given);
  };
  return {
    q: value('q'),
    category: value('category'),
    // Not trimmed, as the API takes them.
    condition: oneOf(conditionTypes)(params.get('condition') ?? ''),
    minPrice: value('minPrice'),
    maxPrice: value('maxPrice'),
    location: value('location'),
    maxYears: value('maxYears'),
    ramMin: value('ramMin'),
    storageMin: value('storageMin'),
    storageType: oneOf(storageTypes)(params.get('storageType') ?? ''),
    screenMin: value('screenMin'),
    screenMax: value('screenMax'),
    batteryMin: value('batteryMin'),
    cpu: oneOf(cpuFamilies)(params.get('cpu') ?? ''),
    // Checkboxes: ticked is 'true', as the API takes it.
    deviceSpecs: params.get('deviceSpecs') === 'true' ? 'true' : '',
    serialChecked: params.get('serialChecked') === 'true' ? 'true' : '',
    sort: oneOf(searchSorts)(params.get('sort') ?? '') || defaultFilters.sort,
  };
}

/**
 * The filters in a URL that readFilters left out, because the API would refuse them
 * (a hand-edited or stale link): the page says so rather than silently showing more.
 */
export function leftOutFilters(params: URLSearchParams): (keyof SearchFilters)[] {
  const read = readFilters(params);
  return keys.filter((key) => {
    const given = params.get(key)?.trim() ?? '';
    return given !== '' && (key === 'sort' ? given !== read.sort : read[key] === '');
  });
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
 * server preloads it (apps/api modules/first-paint), so the two must come from here.
 */
export function searchRequestPath(
  filters: SearchFilters,
  scope: { includeSold?: boolean } = {},
  cursor?: string,
): string {
  const params = searchParams(filters, scope);
  if (cursor) params.set('cursor', cursor);
  return `/api/search?${params.toString()}`;
}

/** GET /api/search/counts for a page's filters: the sort changes no count, so it is left out. */
export function searchCountsPath(
  filters: SearchFilters,
  scope: { includeSold?: boolean } = {},
): string {
  const params = searchParams(filters, scope);
  params.delete('sort');
  return `/api/search/counts?${params.toString()}`;
}

function searchParams(filters: SearchFilters, scope: { includeSold?: boolean }) {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(filters)) {
    const text = value.trim();
    if (text !== '') params.set(key, text);
  }
  if (scope.includeSold) params.set('includeSold', 'true');
  return params;
}
