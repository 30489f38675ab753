import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { orders } from './orders.ts';
import { users } from './users.ts';

/**
 * A buyer's dispute about a paid deal, opened before the money was released: the money
 * stays held until an admin settles it with a refund in full, a refund in part (the
 * rest goes to the seller) or a release. One per order.
 */
export const disputes = pgTable(
  'disputes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .unique()
      .references(() => orders.id, { onDelete: 'restrict' }),
    openedBy: text('opened_by')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    reason: text('reason').notNull(),
    details: text('details').notNull(),
    /** Image keys of the buyer's evidence, uploaded through /api/images. */
    photos: text('photos')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    openedAt: timestamp('opened_at', { withTimezone: true }).notNull().defaultNow(),
    settledAt: timestamp('settled_at', { withTimezone: true }),
    settledBy: text('settled_by').references(() => users.id, { onDelete: 'restrict' }),
    outcome: text('outcome'),
    /** What went back to the buyer when settled (0 for a release). */
    refundCents: integer('refund_cents'),
    /** The admin's reasons, shown to both people. */
    settlementNote: text('settlement_note'),
  },
  (table) => [
    check(
      'disputes_reason_known',
      sql`${table.reason} in ('not-as-described', 'does-not-work', 'locked', 'missing-parts', 'no-show', 'other')`,
    ),
    check(
      'disputes_settled_whole',
      sql`(${table.settledAt} is null and ${table.outcome} is null and ${table.settledBy} is null)
        or (${table.settledAt} is not null and ${table.outcome} in ('refund', 'refund-part', 'release')
          and ${table.refundCents} is not null and ${table.refundCents} >= 0)`,
    ),
    index('disputes_open_idx')
      .on(table.openedAt)
      .where(sql`${table.settledAt} is null`),
  ],
);
