import { sql } from 'drizzle-orm';
import { check, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { reportReasons } from '@laptops/shared/reports';
import { products } from './products.ts';
import { users } from './users.ts';

/** A buyer's report of a product to the admins. */
export const reports = pgTable(
  'reports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'restrict' }),
    reporterId: text('reporter_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    /** Reports made before reasons existed are 'other': their text says what is wrong. */
    reason: text('reason', { enum: reportReasons }).notNull().default('other'),
    reportText: text('report_text').notNull().default(''),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
    resolution: text('resolution', { enum: ['product_removed', 'dismissed'] }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check(
      'reports_reason_check',
      sql`${table.reason} in ('scam', 'wrong_details', 'already_sold', 'prohibited_item', 'other')`,
    ),
    index('reports_open_idx')
      .on(table.createdAt.desc().nullsFirst())
      .where(sql`${table.resolvedAt} is null`),
    index('reports_product_idx').on(table.productId),
    // One open report per person and product: reporting again adds nothing for the admins.
    uniqueIndex('reports_one_open_per_reporter')
      .on(table.productId, table.reporterId)
      .where(sql`${table.resolvedAt} is null`),
  ],
);
