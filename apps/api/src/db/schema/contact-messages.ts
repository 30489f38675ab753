import { pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/** Messages sent with the Home 'Contact Us' form. */
export const contactMessages = pgTable('contact_messages', {
  id: uuid('id').primaryKey().defaultRandom(),
  email: text('email').notNull(),
  subject: text('subject').notNull(),
  message: text('message').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
