import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { alertFrequencies } from '@laptops/shared/saved-searches';
import { categories } from './categories.ts';
import { products } from './products.ts';
import { users } from './users.ts';

/**
 * A search someone saved, to be emailed its new matches (decision 0042). The filters
 * are typed columns, each null when not set, and the typed words are kept as the text
 * search's lexemes (`words`), so one new listing is matched against every saved search
 * in one indexed query: the searches anchored at one of its words whose `words <@` its
 * lexemes, and those without words, each filter compared with the listing's column.
 */
export const savedSearches = pgTable(
  'saved_searches',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The filters as the search page's URL writes them (only those set): its link, and what makes two saved searches the same. */
    params: text('params').notNull(),
    /** The search text as typed. */
    query: text('query').notNull().default(''),
    /** The typed words as the text search's lexemes ("ThinkPads" → thinkpad); none: any. */
    words: text('words')
      .array()
      .notNull()
      .default(sql`'{}'`),
    /**
     * The one of `words` fewest listings had when it was saved (null: no words). A new
     * listing looks up the searches anchored at one of its own words, then checks the
     * rest: only searches that can match are read.
     */
    anchor: text('anchor'),
    categoryId: uuid('category_id').references(() => categories.id, { onDelete: 'cascade' }),
    conditionType: text('condition_type'),
    minPriceCents: integer('min_price_cents'),
    maxPriceCents: integer('max_price_cents'),
    /** The location filter as an ILIKE pattern (anywhere in the listing's location). */
    locationPattern: text('location_pattern'),
    maxYears: integer('max_years'),
    ramMin: integer('ram_min'),
    storageMin: integer('storage_min'),
    storageType: text('storage_type'),
    screenMin: numeric('screen_min', { mode: 'number' }),
    screenMax: numeric('screen_max', { mode: 'number' }),
    batteryMin: integer('battery_min'),
    cpuFamily: text('cpu_family'),
    /** Only listings whose key specs came from the laptop's own report. */
    deviceSpecs: boolean('device_specs').notNull().default(false),
    /** Only listings whose serial is checked. */
    serialChecked: boolean('serial_checked').notNull().default(false),
    frequency: text('frequency', { enum: alertFrequencies }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** Its emails were turned off by an unsubscribe link; choosing a frequency turns them on. */
    unsubscribedAt: timestamp('unsubscribed_at', { withTimezone: true }),
    /** When a daily digest last listed its matches. */
    lastDigestAt: timestamp('last_digest_at', { withTimezone: true }),
    /** The newest match an email has told of: what has been alerted. */
    alertedUntil: timestamp('alerted_until', { withTimezone: true }),
  },
  (table) => [
    check('saved_searches_frequency_check', sql`${table.frequency} in ('instant', 'daily')`),
    // The same search saved twice is refused.
    uniqueIndex('saved_searches_user_params_idx').on(table.userId, table.params),
    // Matching: the searches anchored at one of a new listing's words, and those without
    // words, by brand (decision 0042).
    index('saved_searches_anchor_idx').on(table.anchor, table.categoryId),
    check(
      'saved_searches_anchor_check',
      sql`(${table.anchor} is null) = (cardinality(${table.words}) = 0)`,
    ),
  ],
);

/**
 * One email of new matches to one person: its matches point to it. Counted per day to
 * cap how many alerts one person gets.
 */
export const savedSearchMails = pgTable(
  'saved_search_mails',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['instant', 'daily'] }).notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('saved_search_mails_user_sent_idx').on(table.userId, table.sentAt)],
);

/**
 * A new listing a saved search matched: one row per (search, listing), so matching the
 * same listing again (a job run twice, on two instances, after a restart) adds nothing
 * and nothing is emailed twice. `settledAt` is set when an email took it (`mailId`) or
 * it was let go (the listing sold meanwhile, the search's emails were turned off).
 */
export const savedSearchMatches = pgTable(
  'saved_search_matches',
  {
    savedSearchId: uuid('saved_search_id')
      .notNull()
      .references(() => savedSearches.id, { onDelete: 'cascade' }),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    /**
     * Whose search it is: their pending matches are emailed together. No foreign key:
     * the search's (which goes with its person) covers it, and every match written
     * would check one more (hundreds a listing).
     */
    userId: text('user_id').notNull(),
    matchedAt: timestamp('matched_at', { withTimezone: true }).notNull().defaultNow(),
    settledAt: timestamp('settled_at', { withTimezone: true }),
    mailId: uuid('mail_id').references(() => savedSearchMails.id, { onDelete: 'set null' }),
  },
  (table) => [
    primaryKey({ columns: [table.savedSearchId, table.productId] }),
    // A person's matches waiting for an email.
    index('saved_search_matches_pending_idx')
      .on(table.userId, table.matchedAt)
      .where(sql`${table.settledAt} is null`),
  ],
);
