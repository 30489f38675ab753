import { sql } from 'drizzle-orm';
import { bigint, check, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

export const payoutStatuses = ['pending', 'paid', 'failed'] as const;

/**
 * One payout to a seller: a transfer of their available money to their payout account
 * (decision 0037). `pending` from the moment it is decided (the money then waits in
 * the ledger's `seller_payout_pending:<seller>`) until the processor made the transfer
 * (`paid`) or refused it (`failed`, the money back in `seller_available`). Its id is the
 * transfer's idempotency key, so finishing it again never makes a second transfer.
 */
export const payouts = pgTable(
  'payouts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    sellerId: text('seller_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    provider: text('provider', { enum: ['stripe', 'sandbox'] }).notNull(),
    /** The payout account's id at the processor, as it was when the payout was decided. */
    destination: text('destination').notNull(),
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
    currency: text('currency').notNull().default('usd'),
    status: text('status', { enum: payoutStatuses }).notNull().default('pending'),
    /** The processor's transfer (`tr_...`), once made. */
    transferId: text('transfer_id').unique(),
    /** Why the processor refused the transfer, in its words. */
    failure: text('failure'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    failedAt: timestamp('failed_at', { withTimezone: true }),
  },
  (table) => [
    check('payouts_amount_positive', sql`${table.amountCents} > 0`),
    check('payouts_status_known', sql`${table.status} in ('pending', 'paid', 'failed')`),
    index('payouts_seller_idx').on(table.sellerId, table.createdAt.desc()),
    // What the sweep looks for: payouts a crash left unfinished.
    index('payouts_pending_idx')
      .on(table.createdAt)
      .where(sql`${table.status} = 'pending'`),
  ],
);
