import { sql } from 'drizzle-orm';
import { bigint, boolean, check, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * The embedded test-mode processor's connected accounts (the `sandbox` provider), as
 * Stripe keeps Express accounts: whether onboarding was finished and what is enabled.
 * The seller "onboards" on an in-app Test mode page; no bank details are asked or kept.
 */
export const sandboxConnectedAccounts = pgTable('sandbox_connected_accounts', {
  id: text('id').primaryKey(),
  metadata: jsonb('metadata').$type<Record<string, string>>().notNull(),
  detailsSubmitted: boolean('details_submitted').notNull().default(false),
  payoutsEnabled: boolean('payouts_enabled').notNull().default(false),
  transfersActive: boolean('transfers_active').notNull().default(false),
  requirements: jsonb('requirements').$type<string[]>().notNull().default([]),
  idempotencyKey: text('idempotency_key').unique(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** The sandbox's transfers to connected accounts: made at once, no money moves. */
export const sandboxTransfers = pgTable(
  'sandbox_transfers',
  {
    id: text('id').primaryKey(),
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
    currency: text('currency').notNull(),
    destination: text('destination').notNull(),
    transferGroup: text('transfer_group'),
    metadata: jsonb('metadata').$type<Record<string, string>>().notNull(),
    idempotencyKey: text('idempotency_key').notNull().unique(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [check('sandbox_transfers_amount_positive', sql`${table.amountCents} > 0`)],
);
