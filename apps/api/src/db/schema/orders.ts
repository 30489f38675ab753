import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { products } from './products.ts';
import { users } from './users.ts';

/**
 * A booking of a product by a buyer. `buyerPhone` and `meetingLocation` are what the
 * buyer typed in the booking modal: their phone and where to meet. The original calls
 * name them sellerMobileNumber and sellerLocation. The price is the server's copy of
 * the product's resale price at booking time.
 */
export const orders = pgTable(
  'orders',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'restrict' }),
    buyerId: text('buyer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    priceCents: integer('price_cents').notNull(),
    buyerPhone: text('buyer_phone').notNull(),
    meetingLocation: text('meeting_location').notNull(),
    paid: boolean('paid').notNull().default(false),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    /** The provider's payment intent of the current attempt, and how many attempts there were. */
    paymentIntentId: text('payment_intent_id'),
    paymentAttempts: integer('payment_attempts').notNull().default(0),
    /**
     * When this order's latest hold on the laptop ended or ends (kept once it is over),
     * so a buyer whose hold ran out cannot take the next one while others wait.
     */
    heldUntil: timestamp('held_until', { withTimezone: true }),
    /*
     * Protected payments (decision 0035): once paid, the money is held until the
     * handover. Set at payment: the platform's fee in basis points (kept as the seller
     * was promised it), the code the buyer shows the seller at the meeting, and when the
     * money goes to the seller unless the buyer acts first.
     */
    feeBps: integer('fee_bps'),
    handoverCode: text('handover_code'),
    releaseDueAt: timestamp('release_due_at', { withTimezone: true }),
    /** When the buyer and the seller were reminded that the release is near. */
    releaseReminderSentAt: timestamp('release_reminder_sent_at', { withTimezone: true }),
    /** When the deal ended with money going to the seller (all of it, or what was not refunded). */
    completedAt: timestamp('completed_at', { withTimezone: true }),
    /** What released it: 'handover-code', 'buyer', 'automatic' or 'dispute'. */
    releasedBy: text('released_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check('orders_price_positive', sql`${table.priceCents} > 0`),
    // A buyer books a product once (a cancelled booking does not count).
    uniqueIndex('orders_one_booking_per_buyer_idx')
      .on(table.productId, table.buyerId)
      .where(sql`${table.cancelledAt} is null`),
    index('orders_buyer_idx').on(table.buyerId, table.createdAt.desc().nullsFirst()),
    index('orders_product_idx').on(table.productId),
    // The fair price: a sold laptop's completed deal, its time, price and id (for the
    // refund check) read from the index alone (decision 0048).
    index('orders_completed_sale_idx')
      .on(table.productId, table.completedAt, table.priceCents, table.id)
      .where(sql`${table.completedAt} is not null`),
    // The auto-release and reminder jobs read paid deals still waiting, by due time.
    index('orders_release_due_idx')
      .on(table.releaseDueAt)
      .where(sql`${table.paid} and ${table.completedAt} is null`),
    check(
      'orders_released_by_known',
      sql`${table.releasedBy} is null or ${table.releasedBy} in ('handover-code', 'buyer', 'automatic', 'dispute')`,
    ),
  ],
);
