import { sql } from 'drizzle-orm';
import { check, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * The embedded test-mode processor's payment intents (the `sandbox` provider).
 * Like Stripe it keeps the amount, status and metadata; it never stores a card.
 */
export const sandboxPaymentIntents = pgTable(
  'sandbox_payment_intents',
  {
    id: text('id').primaryKey(),
    clientSecret: text('client_secret').notNull(),
    amountCents: integer('amount_cents').notNull(),
    currency: text('currency').notNull(),
    status: text('status', {
      enum: ['requires_payment_method', 'succeeded', 'canceled'],
    }).notNull(),
    metadata: jsonb('metadata').$type<Record<string, string>>().notNull(),
    idempotencyKey: text('idempotency_key').unique(),
    refundedAt: timestamp('refunded_at', { withTimezone: true }),
    /** How much went back (a dispute may refund part); null when nothing did. */
    refundedCents: integer('refunded_cents'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [check('sandbox_amount_positive', sql`${table.amountCents} > 0`)],
);
