import { sql } from 'drizzle-orm';
import { check, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import {
  conversationReportReasons,
  conversationReportResolutions,
} from '@laptops/shared/conversation-safety';
import { conversations } from './conversations.ts';
import { users } from './users.ts';

/**
 * One person blocked another: no messages either way in any conversation of theirs,
 * and the blocker's inbox leaves the blocked person's threads out. Deleted on unblock.
 */
export const userBlocks = pgTable(
  'user_blocks',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    blockerId: text('blocker_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    blockedId: text('blocked_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('user_blocks_pair_idx').on(table.blockerId, table.blockedId),
    // "Has anyone blocked me?", asked at every message the blocked person sends.
    index('user_blocks_blocked_idx').on(table.blockedId),
    check('user_blocks_two_people', sql`${table.blockerId} <> ${table.blockedId}`),
  ],
);

/** A person's report of a conversation to the admins, about the other person in it. */
export const conversationReports = pgTable(
  'conversation_reports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    conversationId: uuid('conversation_id')
      .notNull()
      .references(() => conversations.id, { onDelete: 'restrict' }),
    reporterId: text('reporter_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    reportedId: text('reported_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    reason: text('reason', { enum: conversationReportReasons }).notNull(),
    reportText: text('report_text').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
    resolution: text('resolution', { enum: conversationReportResolutions }),
  },
  (table) => [
    check(
      'conversation_reports_reason_check',
      sql`${table.reason} in ('spam', 'scam', 'harassment', 'other')`,
    ),
    check(
      'conversation_reports_resolution_check',
      sql`${table.resolution} in ('dismissed', 'messaging_banned')`,
    ),
    index('conversation_reports_open_idx')
      .on(table.createdAt.desc().nullsFirst())
      .where(sql`${table.resolvedAt} is null`),
    index('conversation_reports_reported_idx').on(table.reportedId),
    // One open report per person and conversation: reporting again adds nothing.
    uniqueIndex('conversation_reports_one_open_per_reporter')
      .on(table.conversationId, table.reporterId)
      .where(sql`${table.resolvedAt} is null`),
  ],
);

/** An admin stopped this account from sending messages (any conversation); lifted by deleting it. */
export const messagingBans = pgTable('messaging_bans', {
  userId: text('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'restrict' }),
  bannedBy: text('banned_by')
    .notNull()
    .references(() => users.id, { onDelete: 'restrict' }),
  /** The report that led to it. */
  reportId: uuid('report_id').references(() => conversationReports.id, { onDelete: 'set null' }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
