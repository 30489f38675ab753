import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

/**
 * Serials an admin marked reported stolen, by their keyed hash only (the serial the
 * admin typed is not kept). A listing carrying one is refused, and those already
 * listed were taken off sale when it was marked. Un-marking deletes the row; both are
 * in the activity log.
 */
export const stolenSerials = pgTable('stolen_serials', {
  id: uuid('id').primaryKey().defaultRandom(),
  /** HMAC-SHA256 of the normalised serial under SERIAL_HASH_SECRET, base64url. */
  serialHash: text('serial_hash').notNull().unique(),
  /** Why, in the admin's words (a police report number, who reported it). */
  note: text('note').notNull().default(''),
  markedBy: text('marked_by')
    .notNull()
    .references(() => users.id, { onDelete: 'restrict' }),
  markedAt: timestamp('marked_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * An admin looked at a flagged serial and let its listings be: the flag stays away
 * while the listings carrying the serial are these, and comes back when another one
 * does.
 */
export const serialFlagDismissals = pgTable(
  'serial_flag_dismissals',
  {
    serialHash: text('serial_hash').primaryKey(),
    /** The listings the admin saw, sorted. */
    productIds: uuid('product_ids').array().notNull(),
    dismissedBy: text('dismissed_by')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    dismissedAt: timestamp('dismissed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('serial_flag_dismissals_at_idx').on(table.dismissedAt)],
);
