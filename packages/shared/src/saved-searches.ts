import { z } from 'zod';
import { searchQuerySchema } from './search.ts';
import { alertFrequencies, savedFilterKeys } from './saved-search-filters.ts';

export {
  alertFrequencies,
  describeSavedSearch,
  SAVED_SEARCHES_MAX,
  savedFilterKeys,
  savedFiltersOf,
  type AlertFrequency,
  type SavedFilterKey,
  type SavedFilters,
} from './saved-search-filters.ts';

const frequency = z.enum(alertFrequencies, {
  error: 'Please choose instantly or a daily digest',
});

/**
 * POST /api/saved-searches: the search page's filters exactly as it has them (its
 * `sort` may come along and is left out), read with the search's own rules, and how
 * often to email. Nothing else is taken.
 */
export const savedSearchInputSchema = z.strictObject({
  filters: z
    .partialRecord(z.enum([...savedFilterKeys, 'sort']), z.string().max(400))
    .transform((filters, ctx) => {
      const { sort: _sort, ...kept } = filters;
      const parsed = searchQuerySchema.safeParse(kept);
      if (!parsed.success) {
        for (const issue of parsed.error.issues) {
          ctx.addIssue({ code: 'custom', message: issue.message, path: issue.path });
        }
        return z.NEVER;
      }
      return kept;
    }),
  frequency,
});
export type SavedSearchInput = z.input<typeof savedSearchInputSchema>;

/** PATCH /api/saved-searches/:id: a new frequency (which also turns emails back on). */
export const savedSearchUpdateSchema = z.strictObject({ frequency });
export type SavedSearchUpdate = z.infer<typeof savedSearchUpdateSchema>;

export const savedSearchIdSchema = z.object({
  id: z.uuid({ message: 'Not a valid saved search' }),
});

/** One of the signed-in person's saved searches. */
export const savedSearchSchema = z.object({
  id: z.string(),
  /** The filters as the search page's URL holds them, only those set. */
  filters: z.partialRecord(z.enum(savedFilterKeys), z.string()),
  /** The brand's name, for describing the search in words (null: no brand chosen). */
  categoryName: z.string().nullable(),
  frequency,
  /** Emails are off: the person followed the unsubscribe link of one of its emails. */
  emailsOff: z.boolean(),
  createdAt: z.string(),
});
export type SavedSearch = z.infer<typeof savedSearchSchema>;

export const savedSearchListSchema = z.object({
  savedSearches: z.array(savedSearchSchema),
  max: z.number(),
});
export type SavedSearchList = z.infer<typeof savedSearchListSchema>;

/** GET and POST /api/unsubscribe/saved-searches/:id: the token in the email's link. */
export const savedSearchUnsubscribeSchema = z.object({
  token: z.string().min(1, 'This unsubscribe link has no token').max(400),
});
