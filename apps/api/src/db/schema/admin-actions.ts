import { index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { adminActions } from '@laptops/shared/admin';
import { users } from './users.ts';

/** The audit trail: every admin action, written in the same transaction as the change. */
export const adminActionsLog = pgTable(
  'admin_actions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    adminId: text('admin_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    action: text('action', { enum: adminActions }).notNull(),
    /** What was acted on, as people read it (an email, a product name). */
    target: text('target').notNull(),
    details: jsonb('details').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('admin_actions_created_idx').on(table.createdAt.desc().nullsFirst())],
);
