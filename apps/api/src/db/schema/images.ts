import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

/** Every image our /api/images issued, so other records can only point at our own images. */
export const images = pgTable(
  'images',
  {
    key: text('key').primaryKey(),
    uploaderId: text('uploader_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** The uploaded picture's size, before it was fitted for storing (null: uploaded before sizes were kept). */
    width: integer('width'),
    height: integer('height'),
  },
  (table) => [index('images_uploader_idx').on(table.uploaderId)],
);
