import { sql } from 'drizzle-orm';
import { boolean, check, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

/**
 * A seller's account at the card processor that payouts are sent to: a Stripe Connect
 * Express account, or the sandbox's stand-in for one. A copy of what the processor
 * last said about it (on return from onboarding, on its `account.updated` webhook),
 * so pages and payout runs do not ask the processor each time.
 */
export const payoutAccounts = pgTable(
  'payout_accounts',
  {
    userId: text('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'restrict' }),
    provider: text('provider', { enum: ['stripe', 'sandbox'] }).notNull(),
    /** The processor's id: `acct_...`. */
    accountId: text('account_id').notNull().unique(),
    /** The seller finished the processor's onboarding form. */
    detailsSubmitted: boolean('details_submitted').notNull().default(false),
    /** The processor sends the account's balance on to the seller's bank. */
    payoutsEnabled: boolean('payouts_enabled').notNull().default(false),
    /** The account may receive transfers from the platform (its `transfers` capability is active). */
    transfersEnabled: boolean('transfers_enabled').notNull().default(false),
    /** What the processor still needs from the seller (its field names), due now or past due. */
    requirements: jsonb('requirements').$type<string[]>().notNull().default([]),
    /** Why the processor has the account disabled, in its words (`requirements.past_due`), if it does. */
    disabledReason: text('disabled_reason'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check('payout_accounts_provider_known', sql`${table.provider} in ('stripe', 'sandbox')`),
  ],
);
