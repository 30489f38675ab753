import { sql } from 'drizzle-orm';
import { boolean, check, index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

export const userTypes = ['buyer', 'seller', 'admin'] as const;
export type UserType = (typeof userTypes)[number];

/** better-auth's `user` model, with the marketplace's role and verification. */
export const users = pgTable(
  'users',
  {
    id: text('id').primaryKey(),
    name: text('name').notNull(),
    email: text('email').notNull().unique(),
    emailVerified: boolean('email_verified').notNull().default(false),
    image: text('image'),
    typeOfUser: text('type_of_user', { enum: userTypes }).notNull().default('buyer'),
    isVerified: boolean('is_verified').notNull().default(false),
    /** Whether a message left unread for a few minutes is emailed (profile, or the mail's unsubscribe). */
    messageEmails: boolean('message_emails').notNull().default(true),
    /** Whether price drops and sales of saved laptops are emailed (profile, or the mail's unsubscribe). */
    favouriteEmails: boolean('favourite_emails').notNull().default(true),
    /** Soft delete: the account cannot sign in, but records that point here are kept. */
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check('users_type_of_user_check', sql`${table.typeOfUser} in ('buyer', 'seller', 'admin')`),
    index('users_type_of_user_idx').on(table.typeOfUser),
  ],
);
