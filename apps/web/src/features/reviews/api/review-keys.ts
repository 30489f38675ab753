import { orderKeys } from '../../../lib/query-keys.ts';

/**
 * A deal's two reviews, as its buyer or seller reads them on the order page. Kept here
 * rather than in lib/query-keys.ts, which Home downloads (its 130 KB budget is full);
 * under the orders' prefix, so a release (which opens the reviews) refreshes them too.
 */
export const reviewKeys = {
  order: (orderId: string) => [...orderKeys.all, 'reviews', orderId] as const,
};
