import { sql } from 'drizzle-orm';
import { check, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { photoVerificationStatuses } from '@laptops/shared/photo-verification';
import { products } from './products.ts';
import { users } from './users.ts';

/**
 * A seller's request to have a listing photo verified: the code the server gave them,
 * the photo they took with it (kept privately, by key, outside the public images), and
 * an admin's decision. A listing's latest request says where it stands; each new code
 * after a rejection or a lapse is a new row, so the history stays.
 */
export const photoVerifications = pgTable(
  'photo_verifications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    sellerId: text('seller_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    code: text('code').notNull(),
    status: text('status', { enum: photoVerificationStatuses }).notNull().default('awaiting-photo'),
    /** The private image key of the photo (never served by /api/images). */
    photoKey: text('photo_key'),
    /** When the photo itself was deleted, its keeping time over (decision 0051). */
    photoDeletedAt: timestamp('photo_deleted_at', { withTimezone: true }),
    requestedAt: timestamp('requested_at', { withTimezone: true }).notNull().defaultNow(),
    submittedAt: timestamp('submitted_at', { withTimezone: true }),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    /** When an approval lapsed, the listing edited after it. */
    lapsedAt: timestamp('lapsed_at', { withTimezone: true }),
    decidedBy: text('decided_by').references(() => users.id, { onDelete: 'restrict' }),
    /** The admin's reason for a rejection, shown to the seller. */
    rejectReason: text('reject_reason'),
  },
  (table) => [
    check(
      'photo_verifications_status_known',
      sql`${table.status} in ('awaiting-photo', 'waiting-for-review', 'approved', 'rejected', 'lapsed')`,
    ),
    check(
      'photo_verifications_photo_when_submitted',
      sql`${table.status} = 'awaiting-photo' or ${table.photoKey} is not null or ${table.photoDeletedAt} is not null`,
    ),
    // One request open (a code out, or a photo waiting) per listing at a time.
    uniqueIndex('photo_verifications_one_open_idx')
      .on(table.productId)
      .where(sql`${table.status} in ('awaiting-photo', 'waiting-for-review')`),
    index('photo_verifications_product_idx').on(table.productId, table.requestedAt),
    // The admins' queue, oldest photo first.
    index('photo_verifications_waiting_idx')
      .on(table.submittedAt)
      .where(sql`${table.status} = 'waiting-for-review'`),
  ],
);
