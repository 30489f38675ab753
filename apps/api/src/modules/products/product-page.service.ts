import { eq, sql } from 'drizzle-orm';
import type { ProductDetails } from '@laptops/shared/products';
import type { Db } from '../../db/client.ts';
import { categories } from '../../db/schema/categories.ts';
import { products } from '../../db/schema/products.ts';
import { users } from '../../db/schema/users.ts';
import { HttpError, notFound } from '../../lib/http-error.ts';
import type { Viewer } from '../auth/viewer.ts';
import { fairPriceOfListing } from '../fair-price/fair-price.service.ts';
import { thumbnailUrl } from '../images/images.service.ts';
import { photoVerifiedSql } from '../photo-verification/photo-verification.service.ts';
import { productColumns, toProduct } from './products.service.ts';

/**
 * A laptop's page: every spec and photo, and its seller. A sold laptop keeps its page
 * (old links, shared ones); one withdrawn by its seller or an admin, or whose seller's
 * account was deleted, is gone (410), and an id that never existed is not found (404).
 */
/** A laptop's row with its seller's sales and the viewer's booking of it: one round trip. */
function selectProductPage(db: Db) {
  return db
    .select({
      ...productColumns,
      morePhotos: products.morePhotos,
      model: products.model,
      cpuFamily: products.cpuFamily,
      cpuGeneration: products.cpuGeneration,
      graphics: products.graphics,
      screenResolution: products.screenResolution,
      operatingSystem: products.operatingSystem,
      keyboardLayout: products.keyboardLayout,
      batteryCycles: products.batteryCycles,
      chargerIncluded: products.chargerIncluded,
      knownIssues: products.knownIssues,
      specSources: products.specSources,
      serialChecked: products.serialChecked,
      sellerSince: users.createdAt,
      withdrawnAt: products.deletedAt,
      sellerDeletedAt: users.deletedAt,
      photoVerified: photoVerifiedSql,
      laptopsSold: sql<number>`(
        select count(*)::int from products sold
        where sold.seller_id = "products"."seller_id" and sold.status = 'sold')`,
      // The viewer's latest booking that still stands (none for a guest: no buyer id).
      viewerOrder: sql<ProductDetails['viewerOrder']>`(
        select json_build_object('id', o.id, 'paid', o.paid) from orders o
        where o.product_id = "products"."id" and o.buyer_id = ${sql.placeholder('viewerId')}
          and o.cancelled_at is null
        order by o.created_at desc limit 1)`,
    })
    .from(products)
    .innerJoin(users, eq(users.id, products.sellerId))
    .innerJoin(categories, eq(categories.id, products.categoryId))
    .where(eq(products.id, sql.placeholder('id')))
    .prepare('product_page');
}

const preparedPages = new WeakMap<Db, ReturnType<typeof selectProductPage>>();

export async function getProductDetails(
  db: Db,
  id: string,
  viewer: Viewer | null,
): Promise<ProductDetails> {
  let query = preparedPages.get(db);
  if (!query) {
    query = selectProductPage(db);
    preparedPages.set(db, query);
  }
  const [row] = await query.execute({ id, viewerId: viewer?.id ?? null });
  if (!row) throw notFound('There is no such laptop.');
  if (row.withdrawnAt || row.sellerDeletedAt) {
    throw new HttpError(410, 'PRODUCT_GONE', 'This laptop is no longer listed.');
  }
  const card = toProduct(row);
  // What similar laptops sold for, beside the price, while a buyer can still buy it.
  const fairPrice = row.status === 'available' ? await fairPriceOfListing(db, row) : null;
  return {
    ...card,
    specs: {
      ...card.specs,
      model: row.model,
      cpuFamily: row.cpuFamily,
      cpuGeneration: row.cpuGeneration,
      graphics: row.graphics,
      screenResolution: row.screenResolution,
      operatingSystem: row.operatingSystem,
      keyboardLayout: row.keyboardLayout,
      batteryCycles: row.batteryCycles,
      chargerIncluded: row.chargerIncluded,
      knownIssues: row.knownIssues,
    },
    photos: [row.image, ...row.morePhotos].map((url) => ({ url, thumbnail: thumbnailUrl(url) })),
    seller: { memberSince: row.sellerSince.toISOString(), laptopsSold: row.laptopsSold },
    isOwn: viewer?.id === row.sellerId,
    viewerOrder: row.viewerOrder ?? null,
    specSources: row.specSources,
    photoVerified: row.photoVerified,
    serialChecked: row.serialChecked,
    fairPrice,
  };
}
