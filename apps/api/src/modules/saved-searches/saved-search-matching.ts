/**
 * Matching one new listing against every saved search, in one indexed query
 * (decision 0042): the searches whose every word the listing has (looked up by their
 * anchor word among the listing's lexemes, then `words <@` the lexemes) and whose every
 * set filter the listing meets. A match is recorded once per (search, listing): the primary key
 * makes a second run (a retry, another instance) add nothing.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';

type Rows<T> = { rows: T[] };

/** The listing's seller, and its lexemes as an array literal ('{a,b}'): one parameter. */
type Listing = { seller_id: string; lexemes: string };

/**
 * The saved searches `s` the listing `p` meets: every word, every filter, not its seller's
 * own. Read in three parts, each from the anchor index (decision 0042): the searches
 * anchored at one of the listing's words (then all their words checked), and those
 * without words for the listing's brand or for any brand.
 */
const matchingSearches = (productId: string, listing: Listing) => {
  const lexemes = sql`${listing.lexemes}::text[]`;
  const part = (which: ReturnType<typeof sql>) => sql`
    select s.id, s.user_id from saved_searches s, products p
    where p.id = ${productId} and ${which} and ${filtersMet(listing)}`;
  return sql`
    ${part(sql`s.anchor = any(${lexemes}) and s.words <@ ${lexemes}`)}
    union all
    ${part(sql`s.anchor is null and s.category_id = p.category_id`)}
    union all
    ${part(sql`s.anchor is null and s.category_id is null`)}`;
};

/** Every filter a saved search `s` sets, met by the listing `p`; not the seller's own. */
const filtersMet = (listing: Listing) => sql`
  s.user_id <> ${listing.seller_id}
  and (s.category_id is null or s.category_id = p.category_id)
  and (s.condition_type is null or s.condition_type = p.condition_type)
  and (s.min_price_cents is null or p.resale_price_cents >= s.min_price_cents)
  and (s.max_price_cents is null or p.resale_price_cents <= s.max_price_cents)
  and (s.location_pattern is null or p.location ilike s.location_pattern)
  and (s.max_years is null or p.years_of_use <= s.max_years)
  and (s.ram_min is null or p.ram_gb >= s.ram_min)
  and (s.storage_min is null or p.storage_gb >= s.storage_min)
  and (s.storage_type is null or s.storage_type = p.storage_type)
  and (s.screen_min is null or p.screen_inches >= s.screen_min)
  and (s.screen_max is null or p.screen_inches <= s.screen_max)
  and (s.battery_min is null or p.battery_health >= s.battery_min)
  and (s.cpu_family is null or s.cpu_family = p.cpu_family)
  and (not s.device_specs or p.device_specs)
  and (not s.serial_checked or p.serial_checked)`;

/**
 * Records the saved searches a listing matches, but its seller's own. Answers the
 * people with new matches on an 'instant' search whose emails are on: they are to be
 * emailed soon. A listing sold or withdrawn meanwhile matches nothing.
 */
export async function matchListing(db: Db, productId: string): Promise<{ instant: string[] }> {
  const listing = await db.execute(sql`
    select seller_id, tsvector_to_array(search_vector)::text as lexemes from products
    where id = ${productId} and deleted_at is null and status = 'available'`);
  const [row] = (listing as unknown as Rows<Listing>).rows;
  if (!row) return { instant: [] };
  // The listing's lexemes as a parameter: the planner sees the array and looks each up
  // in the anchor index (a join to products would have to guess its size).
  const inserted = await db.execute(sql`
    with matched as (
      insert into saved_search_matches (saved_search_id, product_id, user_id)
      select m.id, ${productId}::uuid, m.user_id from (${matchingSearches(productId, row)}) as m
      on conflict do nothing
      returning saved_search_id
    )
    select distinct s.user_id from matched
    join saved_searches s on s.id = matched.saved_search_id
    where s.frequency = 'instant' and s.unsubscribed_at is null`);
  return {
    instant: (inserted as unknown as Rows<{ user_id: string }>).rows.map((r) => r.user_id),
  };
}

/** The same matching, nothing recorded: the benchmark times both. */
export async function countMatches(db: Db, productId: string): Promise<number> {
  const listing = await db.execute(sql`
    select seller_id, tsvector_to_array(search_vector)::text as lexemes from products
    where id = ${productId}`);
  const [row] = (listing as unknown as Rows<Listing>).rows;
  if (!row) return 0;
  const result = await db.execute(sql`
    select count(*)::int as n from (${matchingSearches(productId, row)}) as m`);
  return (result as unknown as Rows<{ n: number }>).rows[0]?.n ?? 0;
}
