import type { DisputeOutcome } from '@laptops/shared/disputes';
import { centsToDollars } from '@laptops/shared/money';
import type { disputes } from '../../db/schema/disputes.ts';
import { imageUrl } from '../images/image-storage.ts';
import { thumbnailUrl } from '../images/images.service.ts';

/* How a dispute's row reads on the order page and in the admins' console. */

/** A stored evidence key as the page shows it: the photo and its small copy. */
export const photoOf = (key: string) => {
  const url = imageUrl(key);
  return { url, thumbnail: thumbnailUrl(url) };
};

/** How a settled dispute reads (dollars), or null while it is open. */
export function settlementOfRow(row: typeof disputes.$inferSelect) {
  if (!row.settledAt || !row.outcome) return null;
  return {
    outcome: row.outcome as DisputeOutcome,
    at: row.settledAt.toISOString(),
    refunded: centsToDollars(row.refundCents ?? 0),
    note: row.settlementNote ?? '',
  };
}
