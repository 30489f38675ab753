import { z } from 'zod';
import { uuidSchema } from './ids.ts';
import { productSchema } from './products.ts';

/** How many laptops one person may save. */
export const MAX_FAVOURITES = 500;

/** PUT and DELETE /api/favourites/:productId. */
export const favouriteParamsSchema = z.object({ productId: uuidSchema });

/** PUT and DELETE /api/favourites/:productId: whether the laptop is saved now. */
export const favouriteResultSchema = z.object({ productId: z.string(), saved: z.boolean() });
export type FavouriteResult = z.infer<typeof favouriteResultSchema>;

/** GET /api/favourites/ids: the ids of the laptops the signed-in person saved (hearts). */
export const favouriteIdsSchema = z.object({ productIds: z.array(z.string()) });
export type FavouriteIds = z.infer<typeof favouriteIdsSchema>;

/**
 * Where a saved laptop stands: still for sale, sold, or no longer listed (withdrawn by
 * its seller or an admin, or its seller's account closed).
 */
export const favouriteStates = ['for-sale', 'sold', 'removed'] as const;
export type FavouriteState = (typeof favouriteStates)[number];

/** One saved laptop on the Saved page: its card, its state, its price then and now. */
export const favouriteSchema = z.object({
  product: productSchema,
  state: z.enum(favouriteStates),
  savedAt: z.string(),
  /** The price, in dollars, when it was saved. */
  savedPrice: z.number(),
});
export type Favourite = z.infer<typeof favouriteSchema>;

/** GET /api/favourites: the signed-in person's saved laptops, newest first. */
export const favouriteListSchema = z.object({ favourites: z.array(favouriteSchema) });
export type FavouriteList = z.infer<typeof favouriteListSchema>;

/** GET and PUT /api/favourite-emails: whether saved laptops' changes are emailed. */
export const favouriteEmailsSchema = z.object({
  favouriteEmails: z.boolean({
    error: 'Please choose whether to get emails about laptops you saved',
  }),
});
export type FavouriteEmails = z.infer<typeof favouriteEmailsSchema>;

/** The texts both sides show. */
export const favouriteMessages = {
  tooMany: `You can save up to ${MAX_FAVOURITES} laptops. Remove some from Saved laptops to save more.`,
  notFound: 'This laptop is not for sale any more.',
  sold: 'This laptop has been sold, so it cannot be saved.',
  own: 'This is your own laptop: you cannot save it.',
} as const;
