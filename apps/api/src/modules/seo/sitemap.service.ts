import { and, asc, count, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { categories } from '../../db/schema/categories.ts';
import { products } from '../../db/schema/products.ts';
import { users } from '../../db/schema/users.ts';

/** Laptops per sitemap file: search engines take up to 50,000 URLs in one. */
export const LAPTOPS_PER_SITEMAP = 10_000;

const listedForSale = and(
  isNull(products.deletedAt),
  isNull(users.deletedAt),
  eq(products.status, 'available'),
);

/** How many laptop sitemaps there are: one per LAPTOPS_PER_SITEMAP laptops for sale. */
export async function laptopSitemapCount(db: Db): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(products)
    .innerJoin(users, eq(users.id, products.sellerId))
    .where(listedForSale);
  return Math.max(1, Math.ceil((row?.n ?? 0) / LAPTOPS_PER_SITEMAP));
}

/**
 * The laptops for sale in sitemap `page` (from 0), by id. Sold and withdrawn laptops
 * are left out: their pages stay for old links, but there is nothing to find.
 */
export async function laptopSitemapPage(db: Db, page: number) {
  return db
    .select({ id: products.id, dateOfPost: products.dateOfPost })
    .from(products)
    .innerJoin(users, eq(users.id, products.sellerId))
    .where(listedForSale)
    .orderBy(asc(products.id))
    .limit(LAPTOPS_PER_SITEMAP)
    .offset(page * LAPTOPS_PER_SITEMAP);
}

export async function categoryIds(db: Db): Promise<string[]> {
  const rows = await db
    .select({ id: categories.id })
    .from(categories)
    .orderBy(asc(categories.name));
  return rows.map((row) => row.id);
}
