import { z } from 'zod';
import { hasNoNul, nulMessage } from './fields.ts';
import { conditionTypes } from './conditions.ts';
import { cpuFamilies, storageTypes } from './laptop-specs.ts';
import { productSchema } from './products.ts';
import { SEARCH_TEXT_MAX, searchSorts, specFilterKeys } from './search-filters.ts';

const optionalNumber = (schema: z.ZodNumber) =>
  z.preprocess(
    (value) => (value === '' || value === undefined ? undefined : Number(value)),
    schema.optional(),
  );

/**
 * GET /api/search: free text over name and description plus filters, newest first or
 * by price, a page at a time. Sold laptops never appear. The same names are used in
 * the search page's URL, so a search can be shared and the back button works.
 */
export const searchQuerySchema = z
  .object({
    q: z.string().trim().max(SEARCH_TEXT_MAX).refine(hasNoNul, nulMessage).optional(),
    category: z
      .uuid({ message: 'Not a valid category' })
      .optional()
      .or(z.literal('').transform(() => undefined)),
    condition: z
      .enum(conditionTypes)
      .optional()
      .or(z.literal('').transform(() => undefined)),
    minPrice: optionalNumber(z.number().min(0).max(100_000)),
    maxPrice: optionalNumber(z.number().min(0).max(100_000)),
    location: z.string().trim().max(120).refine(hasNoNul, nulMessage).optional(),
    maxYears: optionalNumber(z.number().int().min(0).max(50)),
    // Specs: listings that do not give one are left out when it is filtered on.
    ramMin: optionalNumber(z.number().int().min(0).max(256)),
    storageMin: optionalNumber(z.number().int().min(0).max(16_384)),
    storageType: z
      .enum(storageTypes)
      .optional()
      .or(z.literal('').transform(() => undefined)),
    screenMin: optionalNumber(z.number().min(0).max(20)),
    screenMax: optionalNumber(z.number().min(0).max(20)),
    batteryMin: optionalNumber(z.number().int().min(0).max(100)),
    cpu: z
      .enum(cpuFamilies)
      .optional()
      .or(z.literal('').transform(() => undefined)),
    /**
     * Only listings whose key specs (processor, memory, storage, battery health) all
     * came from the laptop's own report (deviceReportedKeySpecs, hardware-reports.ts).
     */
    deviceSpecs: z
      .enum(['true', 'false', ''])
      .optional()
      .transform((value) => value === 'true'),
    /** Only listings whose serial is checked (productDetailsSchema's serialChecked). */
    serialChecked: z
      .enum(['true', 'false', ''])
      .optional()
      .transform((value) => value === 'true'),
    /**
     * The category page lists sold laptops too (their card says 'Not Available');
     * search results never do.
     */
    includeSold: z
      .enum(['true', 'false'])
      .optional()
      .transform((value) => value === 'true'),
    sort: z.enum(searchSorts).default('newest'),
    /** Opaque: the `nextCursor` of the previous page. */
    cursor: z.string().max(300).optional(),
    limit: z.coerce.number().int().min(1).max(48).default(12),
  })
  .refine((query) => !query.includeSold || query.category !== undefined, {
    // A category's pages have an index each; sold listings across the whole catalogue do
    // not (a page of them took 0.7 s at a million), and no page asks for them.
    message: 'Sold laptops are listed only within a category',
    path: ['includeSold'],
  });
export type SearchQuery = z.input<typeof searchQuerySchema>;

export const searchResultSchema = z.object({
  products: z.array(productSchema),
  /** The number of matches, counted up to 1,000 (counting a million would be slow). */
  total: z.number(),
  /** True when there are more than `total` matches: show "1,000+". */
  totalIsCapped: z.boolean(),
  nextCursor: z.string().nullable(),
  /** The words matched nothing: these, the catalogue's words most like them, did. */
  correctedQuery: z.string().optional(),
  /** The words matched nothing, even corrected: these are laptops with names like them. */
  similarNames: z.boolean().optional(),
  /**
   * Few laptops matched the words as typed, and far more have a near spelling of them:
   * the search to offer ("Did you mean …?"). Only on the first page.
   */
  suggestedQuery: z.string().optional(),
});
export type SearchResult = z.infer<typeof searchResultSchema>;

/**
 * GET /api/search/counts (the same query as GET /api/search): for each spec filter, how
 * many listings each of its choices would find with the text and the other filters as
 * they are; null when too many match to count (narrow the search to get them).
 */
export const specCountsSchema = z.record(
  z.enum(specFilterKeys),
  z.record(z.string(), z.int().min(0)).nullable(),
);
export type SpecCounts = z.infer<typeof specCountsSchema>;
