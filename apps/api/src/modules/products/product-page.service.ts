import { and, count, desc, eq, isNull } from 'drizzle-orm';
import type { ProductDetails } from '@laptops/shared/products';
import type { Db } from '../../db/client.ts';
import { categories } from '../../db/schema/categories.ts';
import { orders } from '../../db/schema/orders.ts';
import { products } from '../../db/schema/products.ts';
import { users } from '../../db/schema/users.ts';
import { HttpError, notFound } from '../../lib/http-error.ts';
import type { Viewer } from '../auth/viewer.ts';
import { thumbnailUrl } from '../images/images.service.ts';
import { productColumns, toProduct } from './products.service.ts';

/**
 * A laptop's page: every spec and photo, and its seller. A sold laptop keeps its page
 * (old links, shared ones); one withdrawn by its seller or an admin, or whose seller's
 * account was deleted, is gone (410), and an id that never existed is not found (404).
 */
export async function getProductDetails(
  db: Db,
  id: string,
  viewer: Viewer | null,
): Promise<ProductDetails> {
  const [row] = await db
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
      sellerId: products.sellerId,
      sellerSince: users.createdAt,
      withdrawnAt: products.deletedAt,
      sellerDeletedAt: users.deletedAt,
    })
    .from(products)
    .innerJoin(users, eq(users.id, products.sellerId))
    .innerJoin(categories, eq(categories.id, products.categoryId))
    .where(eq(products.id, id));
  if (!row) throw notFound('There is no such laptop.');
  if (row.withdrawnAt || row.sellerDeletedAt) {
    throw new HttpError(410, 'PRODUCT_GONE', 'This laptop is no longer listed.');
  }
  const [sold, viewerOrder] = await Promise.all([
    db
      .select({ n: count() })
      .from(products)
      .where(and(eq(products.sellerId, row.sellerId), eq(products.status, 'sold'))),
    viewer
      ? db
          .select({ id: orders.id, paid: orders.paid })
          .from(orders)
          .where(
            and(
              eq(orders.productId, id),
              eq(orders.buyerId, viewer.id),
              isNull(orders.cancelledAt),
            ),
          )
          .orderBy(desc(orders.createdAt))
          .limit(1)
      : [],
  ]);
  const card = toProduct(row, viewer);
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
    seller: { memberSince: row.sellerSince.toISOString(), laptopsSold: sold[0]?.n ?? 0 },
    isOwn: viewer?.id === row.sellerId,
    viewerOrder: viewerOrder[0] ?? null,
  };
}
