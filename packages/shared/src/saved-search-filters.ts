import { specFilterKeys, type SearchFilters } from './search-filters.ts';

// No zod here: the search page (which must not download zod) shows the Save button.

/** How often a saved search emails its new matches. */
export const alertFrequencies = ['instant', 'daily'] as const;
export type AlertFrequency = (typeof alertFrequencies)[number];

/** How many searches one person may save. */
export const SAVED_SEARCHES_MAX = 20;

/** The search page's filters a saved search keeps (the order of results is not one). */
export const savedFilterKeys = [
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
] as const satisfies readonly (keyof SearchFilters)[];
export type SavedFilterKey = (typeof savedFilterKeys)[number];

/** A saved search's filters as the search page writes them: text, each one optional. */
export type SavedFilters = Partial<Record<SavedFilterKey, string>>;

/** The filters a saved search keeps, from the search page's (only those set). */
export function savedFiltersOf(filters: Partial<SearchFilters>): SavedFilters {
  const kept: SavedFilters = {};
  for (const key of savedFilterKeys) {
    const value = filters[key]?.trim();
    if (value) kept[key] = value;
  }
  return kept;
}

const gb = (n: number) => (n >= 1024 ? `${n / 1024} TB` : `${n} GB`);
const dollars = (text: string) => `$${Number(text).toLocaleString('en-US')}`;

/**
 * A saved search in words, the same in the app and in its emails:
 * "“thinkpad” · Lenovo · under $500 · 16 GB+". `cpuName` names a CPU family.
 */
export function describeSavedSearch(
  filters: SavedFilters,
  categoryName: string | null,
  cpuName: (cpu: string) => string = (cpu) => cpu,
): string {
  const parts: string[] = [];
  if (filters.q) parts.push(`“${filters.q}”`);
  if (categoryName) parts.push(categoryName);
  if (filters.condition) parts.push(filters.condition);
  if (filters.minPrice && filters.maxPrice) {
    parts.push(`${dollars(filters.minPrice)}–${dollars(filters.maxPrice)}`);
  } else if (filters.maxPrice) parts.push(`under ${dollars(filters.maxPrice)}`);
  else if (filters.minPrice) parts.push(`from ${dollars(filters.minPrice)}`);
  if (filters.location) parts.push(`near ${filters.location}`);
  if (filters.maxYears) {
    parts.push(`used ${filters.maxYears === '1' ? '1 year' : `${filters.maxYears} years`} or less`);
  }
  if (filters.ramMin) parts.push(`${gb(Number(filters.ramMin))}+ RAM`);
  if (filters.storageMin) parts.push(`${gb(Number(filters.storageMin))}+ storage`);
  if (filters.storageType) parts.push(filters.storageType);
  if (filters.screenMin && filters.screenMax) {
    parts.push(`${filters.screenMin}–${filters.screenMax}″ screen`);
  } else if (filters.screenMin) parts.push(`${filters.screenMin}″+ screen`);
  else if (filters.screenMax) parts.push(`up to ${filters.screenMax}″ screen`);
  if (filters.batteryMin) parts.push(`battery ${filters.batteryMin}%+`);
  if (filters.cpu) parts.push(cpuName(filters.cpu));
  if (filters.deviceSpecs === 'true') parts.push('device-reported specs');
  if (filters.serialChecked === 'true') parts.push('serial checked');
  return parts.length > 0 ? parts.join(' · ') : 'All laptops';
}
