import { index, pgTable, integer, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { orders } from './orders.ts';

/**
 * Money given back: a payment that arrived when it could no longer buy the laptop
 * (sold to someone else, taken off the market, the order cancelled or already paid),
 * or held money of a paid deal: the seller cancelled it, or an admin settled a dispute
 * with a refund in full or in part (`amountCents` says how much).
 */
export const refunds = pgTable(
  'refunds',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'restrict' }),
    provider: text('provider').notNull(),
    transactionId: text('transaction_id').notNull().unique(),
    amountCents: integer('amount_cents').notNull(),
    reason: text('reason').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * When the provider confirmed the money went back. The row is written first, with
     * the decision; until this is set, each later report of the payment asks again.
     */
    providerRefundedAt: timestamp('provider_refunded_at', { withTimezone: true }),
  },
  // A deal's refunds: the fair price leaves out every sale with one (decision 0048).
  (table) => [index('refunds_order_idx').on(table.orderId)],
);
