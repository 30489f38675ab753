import { sql, type SQL } from 'drizzle-orm';
import {
  boolean,
  check,
  customType,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  smallint,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { conditionTypes } from '@laptops/shared/conditions';
import { cpuFamilies, storageTypes } from '@laptops/shared/laptop-specs';
import { productStatuses } from '@laptops/shared/products';
import { categories } from './categories.ts';
import { users } from './users.ts';

/** A model's family in SQL (see products.model_family); `model` is a column or a parameter. */
export const modelFamilySql = (model: SQL) =>
  sql`regexp_replace(lower(${model}), '[^a-z0-9]+', '', 'g')`;

const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

/**
 * A laptop for sale. The seller's name, picture and email are not copied here:
 * they are read from the seller's current record, so a seller verified later shows
 * the tick on every listing.
 */
export const products = pgTable(
  'products',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    sellerId: text('seller_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    categoryId: uuid('category_id')
      .notNull()
      .references(() => categories.id, { onDelete: 'restrict' }),
    name: text('name').notNull(),
    /** The cover photo, which cards show. */
    image: text('image').notNull(),
    /** The listing's other photos, in their order after the cover (up to 7). */
    morePhotos: text('more_photos')
      .array()
      .notNull()
      .default(sql`'{}'`),
    location: text('location').notNull(),
    description: text('description').notNull(),
    conditionType: text('condition_type', { enum: conditionTypes }).notNull(),
    mobileNumber: text('mobile_number').notNull(),
    originalPriceCents: integer('original_price_cents').notNull(),
    resalePriceCents: integer('resale_price_cents').notNull(),
    /** The price before the seller last lowered it ("was $X"); null once raised again. */
    wasPriceCents: integer('was_price_cents'),
    yearsOfUse: integer('years_of_use').notNull(),
    status: text('status', { enum: productStatuses }).notNull().default('available'),
    isAdvertised: boolean('is_advertised').notNull().default(false),
    dateOfPost: timestamp('date_of_post', { withTimezone: true }).notNull().defaultNow(),
    /** While a buyer is paying, the laptop is held for their order until this time. */
    heldByOrderId: uuid('held_by_order_id'),
    heldUntil: timestamp('held_until', { withTimezone: true }),
    // Specs: null on listings made before specs existed, until their seller edits them.
    model: text('model'),
    cpuFamily: text('cpu_family', { enum: cpuFamilies }),
    cpuModel: text('cpu_model'),
    cpuGeneration: text('cpu_generation'),
    ramGb: smallint('ram_gb'),
    storageGb: integer('storage_gb'),
    storageType: text('storage_type', { enum: storageTypes }),
    graphics: text('graphics'),
    screenInches: numeric('screen_inches', { precision: 3, scale: 1, mode: 'number' }),
    screenResolution: text('screen_resolution'),
    operatingSystem: text('operating_system'),
    keyboardLayout: text('keyboard_layout'),
    /** % of the battery's design capacity. */
    batteryHealth: smallint('battery_health'),
    batteryCycles: integer('battery_cycles'),
    chargerIncluded: boolean('charger_included'),
    knownIssues: text('known_issues'),
    /**
     * Which specs the laptop's own report gave (field name → 'device-report'), set by
     * the server from a report token it signed, never from what the form says.
     */
    specSources: jsonb('spec_sources')
      .$type<Record<string, 'device-report'>>()
      .notNull()
      .default(sql`'{}'::jsonb`),
    /**
     * The serial number's keyed hash (HMAC-SHA256 under SERIAL_HASH_SECRET, base64url):
     * the serial itself is never stored. Null: the seller gave none.
     */
    serialHash: text('serial_hash'),
    /** The serial came from the laptop's own report (a token the server signed). */
    serialFromDevice: boolean('serial_from_device').notNull().default(false),
    /**
     * "Serial checked": a serial, not reported stolen, on no other seller's listing for
     * sale. Kept by triggers on this table and stolen_serials (migration), so every
     * path that lists, withdraws or sells a laptop keeps it right.
     */
    serialChecked: boolean('serial_checked').notNull().default(false),
    /**
     * "Device-reported specs": the key specs (processor, memory, storage, battery
     * health) all came from the laptop's own report, as spec_sources says.
     */
    deviceSpecs: boolean('device_specs').generatedAlwaysAs(
      sql`coalesce(spec_sources ?& array['cpuModel', 'ramGb', 'storageGb', 'batteryHealth'], false)`,
    ),
    /**
     * The seller's rating as one whole number that sorts as "Seller rating" does (the
     * average to one decimal × 10 × 100,000 + the number of reviews; 0 without any),
     * kept by the database from the reviews (decision 0046): the sort walks an index on
     * it. Cards and profiles read the rating from the reviews instead.
     */
    sellerRatingKey: integer('seller_rating_key').notNull().default(0),
    /**
     * The model family the fair price compares (decision 0048): the model's letters and
     * digits in lower case, so "XPS13" and "XPS 13" are one family; the same rule as
     * modelFamily() in packages/shared/src/fair-price.ts. Null without a model.
     */
    modelFamily: text('model_family').generatedAlwaysAs(modelFamilySql(sql`model`)),
    /** Withdrawn from the marketplace (by its seller or an admin); kept for orders. */
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    /**
     * Full-text search over the name (weighted highest), the description, and the specs
     * a buyer types (model, CPU, graphics, operating system), kept by PostgreSQL.
     */
    searchVector: tsvector('search_vector').generatedAlwaysAs(
      sql`setweight(to_tsvector('english', coalesce(name, '')), 'A') || setweight(to_tsvector('english', coalesce(description, '')), 'B') || setweight(to_tsvector('english', coalesce(model, '') || ' ' || coalesce(cpu_model, '') || ' ' || coalesce(cpu_generation, '') || ' ' || coalesce(graphics, '') || ' ' || coalesce(operating_system, '')), 'C')`,
    ),
  },
  (table) => [
    check(
      'products_condition_type_check',
      sql`${table.conditionType} in ('Excellent', 'Good', 'Fair')`,
    ),
    check('products_status_check', sql`${table.status} in ('available', 'sold')`),
    check('products_original_price_positive', sql`${table.originalPriceCents} > 0`),
    check('products_resale_price_positive', sql`${table.resalePriceCents} > 0`),
    check('products_years_of_use_range', sql`${table.yearsOfUse} between 0 and 100`),
    check('products_more_photos_count', sql`cardinality(${table.morePhotos}) <= 7`),
    check('products_was_price_positive', sql`${table.wasPriceCents} > 0`),
    check('products_ram_range', sql`${table.ramGb} between 1 and 256`),
    check('products_storage_range', sql`${table.storageGb} between 8 and 16384`),
    check('products_screen_range', sql`${table.screenInches} between 10 and 20`),
    check('products_battery_health_range', sql`${table.batteryHealth} between 1 and 100`),
    check('products_battery_cycles_range', sql`${table.batteryCycles} between 0 and 5000`),
    // `.nullsFirst()` on every descending column: drizzle writes DESC NULLS LAST, but
    // PostgreSQL's plain `order by ... desc` is NULLS FIRST, and an index in the other
    // null order cannot serve it (the planner sorted the whole table instead).
    // Category page: a category's listings, newest first.
    index('products_category_listing_idx')
      .on(table.categoryId, table.dateOfPost.desc().nullsFirst(), table.id.desc().nullsFirst())
      .where(sql`${table.deletedAt} is null`),
    // Category page by price: a category's listings, sold ones too (they are listed).
    index('products_category_price_listing_idx')
      .on(table.categoryId, table.resalePriceCents, table.id)
      .where(sql`${table.deletedAt} is null`),
    // Home 'Latest Items': available listings, newest first.
    index('products_latest_idx')
      .on(table.dateOfPost.desc().nullsFirst(), table.id.desc().nullsFirst())
      .where(sql`${table.deletedAt} is null and ${table.status} = 'available'`),
    // Home 'Advertised Items': advertised and still available.
    index('products_advertised_idx')
      .on(table.dateOfPost.desc().nullsFirst(), table.id.desc().nullsFirst())
      .where(
        sql`${table.deletedAt} is null and ${table.status} = 'available' and ${table.isAdvertised}`,
      ),
    // Search: full text, and the price sort among available listings.
    index('products_search_idx').using('gin', table.searchVector),
    index('products_price_idx')
      .on(table.resalePriceCents, table.id)
      .where(sql`${table.deletedAt} is null and ${table.status} = 'available'`),
    // Search's typo fallback: trigram similarity on the name (pg_trgm, migration 0005).
    index('products_name_trgm_idx').using('gin', table.name.op('gin_trgm_ops')),
    // Search within one category (the category page): each sort walks its own index
    // and stops after a page, whatever the category's size.
    index('products_available_category_newest_idx')
      .on(table.categoryId, table.dateOfPost.desc().nullsFirst(), table.id.desc().nullsFirst())
      .where(sql`${table.deletedAt} is null and ${table.status} = 'available'`),
    index('products_available_category_price_idx')
      .on(table.categoryId, table.resalePriceCents, table.id)
      .where(sql`${table.deletedAt} is null and ${table.status} = 'available'`),
    // The seller rating sort (best rated first), as the price sort has its three: all
    // available listings (search), a category's available ones, a category's with sold.
    index('products_rating_idx')
      .on(table.sellerRatingKey.desc().nullsFirst(), table.id.desc().nullsFirst())
      .where(sql`${table.deletedAt} is null and ${table.status} = 'available'`),
    index('products_available_category_rating_idx')
      .on(table.categoryId, table.sellerRatingKey.desc().nullsFirst(), table.id.desc().nullsFirst())
      .where(sql`${table.deletedAt} is null and ${table.status} = 'available'`),
    index('products_category_rating_listing_idx')
      .on(table.categoryId, table.sellerRatingKey.desc().nullsFirst(), table.id.desc().nullsFirst())
      .where(sql`${table.deletedAt} is null`),
    // The sweep of unused uploads: is this picture one of a listing's other photos?
    index('products_more_photos_idx').using('gin', table.morePhotos),
    // Listings sharing a serial (duplicates, stolen marks): few rows per hash.
    index('products_serial_hash_idx')
      .on(table.serialHash)
      .where(sql`${table.serialHash} is not null`),
    // The search filters "Serial checked" and "Device-reported specs only", newest
    // first: few listings qualify, so walking the whole newest index would read most
    // of the catalogue to fill a page.
    index('products_serial_checked_newest_idx')
      .on(table.dateOfPost.desc().nullsFirst(), table.id.desc().nullsFirst())
      .where(
        sql`${table.deletedAt} is null and ${table.status} = 'available' and ${table.serialChecked}`,
      ),
    index('products_device_specs_newest_idx')
      .on(table.dateOfPost.desc().nullsFirst(), table.id.desc().nullsFirst())
      .where(
        sql`${table.deletedAt} is null and ${table.status} = 'available' and ${table.deviceSpecs}`,
      ),
    // The fair price: sold laptops of a brand, model family, memory and storage, by age.
    // The id last, so the lookup reads the index alone, not the laptops' rows.
    index('products_fair_price_idx')
      .on(
        table.categoryId,
        table.modelFamily,
        table.ramGb,
        table.storageGb,
        table.yearsOfUse,
        table.id,
      )
      .where(sql`${table.status} = 'sold' and ${table.modelFamily} <> ''`),
    // My Products: a seller's own listings.
    index('products_seller_idx').on(table.sellerId, table.dateOfPost.desc().nullsFirst()),
    // A seller's counts (laptops sold, for sale, completed deals) on their profile and
    // laptop pages, read from the index alone: a seller's listings lie on as many table
    // pages as there are listings.
    index('products_seller_status_idx').on(table.sellerId, table.status, table.deletedAt, table.id),
  ],
);
