import { sql } from 'drizzle-orm';
import { bigint, check, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { orders } from './orders.ts';

/**
 * The money ledger (decision 0032): one row per movement of money, written once and
 * never changed. Its entries sum to zero; a balance is the sum of an account's entries.
 * The migration adds what Drizzle cannot say: the triggers that refuse an unbalanced
 * transaction, an overdrawn held balance, and any UPDATE or DELETE.
 */
export const ledgerTransactions = pgTable(
  'ledger_transactions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kind: text('kind').notNull(),
    /** The order the money belongs to; none for a seller's payout. */
    orderId: uuid('order_id').references(() => orders.id, { onDelete: 'restrict' }),
    /** Posting the same key again returns the first transaction instead of a second. */
    idempotencyKey: text('idempotency_key').notNull().unique(),
    description: text('description').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check(
      'ledger_transactions_kind_known',
      sql`${table.kind} in ('charge', 'refund', 'release', 'payout_start', 'payout', 'payout_return')`,
    ),
    index('ledger_transactions_order_idx').on(table.orderId),
  ],
);

export const ledgerEntries = pgTable(
  'ledger_entries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    transactionId: uuid('transaction_id')
      .notNull()
      .references(() => ledgerTransactions.id, { onDelete: 'restrict' }),
    account: text('account').notNull(),
    /** Signed: money leaves an account as a negative entry and arrives as a positive one. */
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check('ledger_entries_amount_nonzero', sql`${table.amountCents} <> 0`),
    // The chart of accounts, and which way money may move on each: the source only
    // gives, the outflows only receive (ledger-accounts.ts says the same in TypeScript).
    check(
      'ledger_entries_account_known',
      sql`(${table.account} = 'buyer_payments' and ${table.amountCents} < 0)
        or ((${table.account} in ('refunds_out', 'platform_fees')
          or ${table.account} ~ '^seller_paid_out:.+$') and ${table.amountCents} > 0)
        or ${table.account} ~ '^order_held:[0-9a-f-]{36}$'
        or ${table.account} ~ '^seller_available:.+$'
        or ${table.account} ~ '^seller_payout_pending:.+$'`,
    ),
    index('ledger_entries_account_idx').on(table.account),
    index('ledger_entries_transaction_idx').on(table.transactionId),
  ],
);
