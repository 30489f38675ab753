import { pgTable, integer, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { orders } from './orders.ts';

/** Money given back: a payment that arrived for a laptop already sold to someone else. */
export const refunds = pgTable('refunds', {
  id: uuid('id').primaryKey().defaultRandom(),
  orderId: uuid('order_id')
    .notNull()
    .references(() => orders.id, { onDelete: 'restrict' }),
  provider: text('provider').notNull(),
  transactionId: text('transaction_id').notNull().unique(),
  amountCents: integer('amount_cents').notNull(),
  reason: text('reason').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
