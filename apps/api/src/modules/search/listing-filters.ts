/**
 * A search's filters on the listing itself, as SQL: shared by the page of results and
 * the counts beside the filters' choices, so both mean the same by each filter.
 */
import { and, eq, gte, ilike, isNull, lte, type Placeholder, type SQL } from 'drizzle-orm';
import type { SpecFilter } from '@laptops/shared/search-filters';
import { products } from '../../db/schema/products.ts';
import { containsPattern } from '../../lib/like-pattern.ts';
import type { SearchQuery } from './search-query.ts';

/** A value as it is, or as a named placeholder of a prepared statement. */
export type Bind = <T>(name: string, value: T) => T | Placeholder;

/** The columns the spec filters read: a walk selects them for its filters. */
export const specColumns = {
  ramGb: products.ramGb,
  storageGb: products.storageGb,
  storageType: products.storageType,
  screenInches: products.screenInches,
  batteryHealth: products.batteryHealth,
  cpuFamily: products.cpuFamily,
};

/**
 * The spec filters, but `leftOut`'s; a listing that does not give a spec never matches
 * a filter on it.
 */
export function specFilters(query: SearchQuery, bind: Bind, leftOut?: SpecFilter): SQL | undefined {
  const given = <K extends SpecFilter>(key: K) =>
    key === leftOut ? undefined : (query[key] ?? undefined);
  const ramMin = given('ramMin');
  const storageMin = given('storageMin');
  const storageType = given('storageType');
  const screenMin = given('screenMin');
  const screenMax = given('screenMax');
  const batteryMin = given('batteryMin');
  const cpu = given('cpu');
  return and(
    ramMin !== undefined ? gte(products.ramGb, bind('ramMin', ramMin)) : undefined,
    storageMin !== undefined ? gte(products.storageGb, bind('storageMin', storageMin)) : undefined,
    storageType ? eq(products.storageType, bind('storageType', storageType)) : undefined,
    screenMin !== undefined ? gte(products.screenInches, bind('screenMin', screenMin)) : undefined,
    screenMax !== undefined ? lte(products.screenInches, bind('screenMax', screenMax)) : undefined,
    batteryMin !== undefined
      ? gte(products.batteryHealth, bind('batteryMin', batteryMin))
      : undefined,
    cpu ? eq(products.cpuFamily, bind('cpu', cpu)) : undefined,
  );
}

/**
 * The filters in three parts: which listings a sort's index holds (`indexed`), the
 * price range, and the rest (`leftOut`'s spec filter aside).
 */
export function listingFilters(query: SearchQuery, bind: Bind, leftOut?: SpecFilter) {
  const indexed = and(
    isNull(products.deletedAt),
    // Search never lists sold laptops; the category page asks for them (includeSold).
    query.includeSold ? undefined : eq(products.status, 'available'),
    query.category ? eq(products.categoryId, bind('category', query.category)) : undefined,
    // Few listings qualify: each has a partial index in newest order (schema/products.ts).
    // Written as columns, not bound values, so a prepared statement can use them.
    query.serialChecked ? eq(products.serialChecked, true) : undefined,
    query.deviceSpecs ? eq(products.deviceSpecs, true) : undefined,
  );
  const priceRange = and(
    query.minPrice !== undefined
      ? gte(products.resalePriceCents, bind('minPrice', Math.round(query.minPrice * 100)))
      : undefined,
    query.maxPrice !== undefined
      ? lte(products.resalePriceCents, bind('maxPrice', Math.round(query.maxPrice * 100)))
      : undefined,
  );
  const others = and(
    query.condition ? eq(products.conditionType, bind('condition', query.condition)) : undefined,
    query.location
      ? ilike(products.location, bind('location', containsPattern(query.location)))
      : undefined,
    query.maxYears !== undefined
      ? lte(products.yearsOfUse, bind('maxYears', query.maxYears))
      : undefined,
    specFilters(query, bind, leftOut),
  );
  return { indexed, priceRange, others };
}
