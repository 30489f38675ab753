import { sql } from 'drizzle-orm';
import {
  FAIR_PRICE_MIN_SALES,
  FAIR_PRICE_MONTHS,
  FAIR_PRICE_YEARS_APART,
  type FairPriceRange,
} from '@laptops/shared/fair-price';
import type { Db } from '../../db/client.ts';
import { modelFamilySql } from '../../db/schema/products.ts';

/** The laptop whose similar sales are wanted; `model` as typed or stored. */
export type FairPriceSubject = {
  categoryId: string;
  model: string;
  ramGb: number;
  storageGb: number;
  yearsOfUse: number;
};

type RangeRow = { sales: number; low: number | null; median: number | null; high: number | null };

/**
 * What similar laptops sold for (decision 0048), in one query. The sold laptops of the
 * same brand, model family, memory and storage, and years of use within one, come from
 * products_fair_price_idx (a few dozen rows for a popular model); each one's completed
 * deal is found by product, and a deal with any refund, in full or in part, is left
 * out: its price is not what the laptop was worth to its buyer. A laptop is sold once,
 * but a cancelled booking or a deal refunded in full leaves other orders behind: only
 * `completed_at` (money released to the seller) makes a sale. The price is the order's,
 * what the buyer paid. Null below FAIR_PRICE_MIN_SALES.
 */
function prepareRange(db: Db) {
  const family = modelFamilySql(sql`${sql.placeholder('model')}::text`);
  return db
    .select({
      sales: sql<number>`count(*)::int`,
      low: sql<number | null>`percentile_cont(0.25) within group (order by o.price_cents)`,
      median: sql<number | null>`percentile_cont(0.5) within group (order by o.price_cents)`,
      high: sql<number | null>`percentile_cont(0.75) within group (order by o.price_cents)`,
    })
    .from(sql`products p join orders o on o.product_id = p.id`)
    .where(
      sql`p.status = 'sold' and p.model_family <> ''
      and p.category_id = ${sql.placeholder('categoryId')}::uuid
      and p.model_family = ${family}
      and p.ram_gb = ${sql.placeholder('ramGb')}::int
      and p.storage_gb = ${sql.placeholder('storageGb')}::int
      and p.years_of_use between ${sql.placeholder('minYears')}::int
        and ${sql.placeholder('maxYears')}::int
      and o.completed_at is not null
      and o.completed_at >= now() - make_interval(months => ${sql.raw(String(FAIR_PRICE_MONTHS))})
      and not exists (select 1 from refunds r where r.order_id = o.id)`,
    )
    .prepare('fair_price_range');
}

// Prepared once per database, as the laptop page's own statement is: planning it took
// about as long as running it, on every laptop page.
const preparedRanges = new WeakMap<Db, ReturnType<typeof prepareRange>>();

export async function fairPriceRange(
  db: Db,
  subject: FairPriceSubject,
): Promise<FairPriceRange | null> {
  let range = preparedRanges.get(db);
  if (!range) {
    range = prepareRange(db);
    preparedRanges.set(db, range);
  }
  const rows: RangeRow[] = await range.execute({
    categoryId: subject.categoryId,
    model: subject.model,
    ramGb: subject.ramGb,
    storageGb: subject.storageGb,
    minYears: subject.yearsOfUse - FAIR_PRICE_YEARS_APART,
    maxYears: subject.yearsOfUse + FAIR_PRICE_YEARS_APART,
  });
  const row = rows[0];
  if (!row || row.sales < FAIR_PRICE_MIN_SALES || row.low === null) return null;
  // Cents to dollars, to the cent: percentile_cont interpolates between two prices.
  const dollars = (cents: number | null) => Math.round(Number(cents)) / 100;
  return {
    low: dollars(row.low),
    median: dollars(row.median),
    high: dollars(row.high),
    sales: row.sales,
    months: FAIR_PRICE_MONTHS,
  };
}

/** The same for a listing's own specs; null when one the rule needs is not given. */
export function fairPriceOfListing(
  db: Db,
  listing: {
    categoryId: string;
    model: string | null;
    ramGb: number | null;
    storageGb: number | null;
    yearsOfUse: number;
  },
): Promise<FairPriceRange | null> {
  const { model, ramGb, storageGb } = listing;
  if (!model || ramGb === null || storageGb === null) return Promise.resolve(null);
  return fairPriceRange(db, { ...listing, model, ramGb, storageGb });
}
