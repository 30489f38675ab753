import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { products } from './products.ts';
import { users } from './users.ts';

/**
 * A laptop someone saved ("Saved laptops"), and what its emails have told them, so each
 * change is emailed once (decision 0041). A laptop deleted outright takes its rows with
 * it; one withdrawn or sold keeps them, and the Saved page says so.
 */
export const favourites = pgTable(
  'favourites',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** The price when it was saved ("Price dropped from $X" on the Saved page). */
    savedPriceCents: integer('saved_price_cents').notNull(),
    /**
     * The price the saver last heard of: when saved, then each price-drop email's. A
     * price below it is a drop not yet emailed; the email sets it in the transaction
     * that decides to send.
     */
    toldPriceCents: integer('told_price_cents').notNull(),
    /** When "someone is buying it" was emailed: once per laptop, never again. */
    soldSoonEmailedAt: timestamp('sold_soon_emailed_at', { withTimezone: true }),
  },
  (table) => [
    primaryKey({ columns: [table.userId, table.productId] }),
    // A saver's list, newest first.
    index('favourites_user_created_idx').on(table.userId, table.createdAt.desc().nullsFirst()),
    // A laptop's savers, when its price drops or someone books it.
    index('favourites_product_idx').on(table.productId),
    check('favourites_saved_price_positive', sql`${table.savedPriceCents} > 0`),
    check('favourites_told_price_positive', sql`${table.toldPriceCents} > 0`),
  ],
);

/**
 * Each email about saved laptops, one row per mail: what the daily cap per recipient
 * counts. Old rows may be swept; only the last day's matter.
 */
export const favouriteAlertMails = pgTable(
  'favourite_alert_mails',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('favourite_alert_mails_user_sent_idx').on(table.userId, table.sentAt)],
);
