import {
  favouriteEmailsSchema,
  favouriteListSchema,
  favouriteResultSchema,
} from '@laptops/shared/favourites';
import { apiRequest } from '../../../lib/api-client.ts';

/*
 * The calls of the Saved page and the profile's setting. The cards' hearts make theirs
 * in app/use-product-actions.tsx, without zod (Home's first download).
 */

const at = (productId: string) => `/api/favourites/${encodeURIComponent(productId)}`;

/** PUT or DELETE /api/favourites/:productId: saves or removes one (both idempotent). */
export function setSaved(productId: string, saved: boolean) {
  return apiRequest(at(productId), favouriteResultSchema, { method: saved ? 'PUT' : 'DELETE' });
}

/** GET /api/favourites: the Saved page's list, newest first, with each laptop's state. */
export async function getFavourites() {
  return (await apiRequest('/api/favourites', favouriteListSchema)).favourites;
}

/** GET /api/favourite-emails: whether saved laptops' news is emailed. */
export function getFavouriteEmails() {
  return apiRequest('/api/favourite-emails', favouriteEmailsSchema);
}

/** PUT /api/favourite-emails: turns the emails on or off; answers the setting as saved. */
export function setFavouriteEmails(favouriteEmails: boolean) {
  return apiRequest('/api/favourite-emails', favouriteEmailsSchema, {
    method: 'PUT',
    json: { favouriteEmails },
  });
}
