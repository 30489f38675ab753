import { pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** Payment-provider webhook events already handled, so each is handled once. */
export const webhookEvents = pgTable('webhook_events', {
  id: text('id').primaryKey(),
  type: text('type').notNull(),
  receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
});
