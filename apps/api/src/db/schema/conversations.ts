import { sql } from 'drizzle-orm';
import { check, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { products } from './products.ts';
import { users } from './users.ts';

/**
 * A buyer's conversation with a seller about one laptop: one per laptop and buyer.
 * Each side's `readAt` is when they last opened it: what came later is unread. Each
 * side's `emailedAt` is when they were last emailed about unread messages in it: one
 * email per unread spell, so a later one only once they have read it since.
 */
export const conversations = pgTable(
  'conversations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'restrict' }),
    buyerId: text('buyer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    sellerId: text('seller_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastMessageAt: timestamp('last_message_at', { withTimezone: true }).notNull().defaultNow(),
    buyerReadAt: timestamp('buyer_read_at', { withTimezone: true }),
    sellerReadAt: timestamp('seller_read_at', { withTimezone: true }),
    buyerEmailedAt: timestamp('buyer_emailed_at', { withTimezone: true }),
    sellerEmailedAt: timestamp('seller_emailed_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('conversations_product_buyer_idx').on(table.productId, table.buyerId),
    // Each side's inbox, newest first (NULLS FIRST, as the inbox's `order by ... desc`).
    index('conversations_buyer_inbox_idx').on(
      table.buyerId,
      table.lastMessageAt.desc().nullsFirst(),
      table.id.desc().nullsFirst(),
    ),
    index('conversations_seller_inbox_idx').on(
      table.sellerId,
      table.lastMessageAt.desc().nullsFirst(),
      table.id.desc().nullsFirst(),
    ),
    check('conversations_two_people', sql`${table.buyerId} <> ${table.sellerId}`),
  ],
);

/** A message in a conversation; no sender: a line the marketplace wrote (a booking, a payment). */
export const messages = pgTable(
  'messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    conversationId: uuid('conversation_id')
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    senderId: text('sender_id').references(() => users.id, { onDelete: 'restrict' }),
    /** Empty only when the message is a photo. */
    body: text('body').notNull(),
    /** A photo, one of our /api/images URLs uploaded by the sender. */
    image: text('image'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    // A thread's pages, newest first, and its unread count. NULLS FIRST, as a plain
    // `order by ... desc` has it: in the other null order the planner read and sorted
    // the whole thread for each page (2.6 ms instead of 0.05 at 10,000 messages).
    index('messages_thread_idx').on(
      table.conversationId,
      table.createdAt.desc().nullsFirst(),
      table.id.desc().nullsFirst(),
    ),
    // The unused-upload sweep asks whether a message shows an image.
    index('messages_image_idx')
      .on(table.image)
      .where(sql`${table.image} is not null`),
    check(
      'messages_body_length',
      sql`char_length(${table.body}) <= 2000 and (char_length(${table.body}) >= 1 or ${table.image} is not null)`,
    ),
  ],
);
