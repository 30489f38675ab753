import { and, count, desc, eq } from 'drizzle-orm';
import {
  favouriteMessages,
  MAX_FAVOURITES,
  type Favourite,
  type FavouriteResult,
} from '@laptops/shared/favourites';
import { centsToDollars } from '@laptops/shared/money';
import type { Db } from '../../db/client.ts';
import { categories } from '../../db/schema/categories.ts';
import { favourites } from '../../db/schema/favourites.ts';
import { products } from '../../db/schema/products.ts';
import { users } from '../../db/schema/users.ts';
import { HttpError, notFound } from '../../lib/http-error.ts';
import type { Viewer } from '../auth/viewer.ts';
import { productColumns, toProduct } from '../products/products.service.ts';

/**
 * Saves a laptop for the viewer, a buyer (the route lets no one else). Idempotent: saving a saved laptop answers the same and changes nothing. Only a laptop
 * for sale can be saved, and not one's own (a buyer made a seller keeps their list).
 */
export async function addFavourite(
  db: Db,
  viewer: Viewer,
  productId: string,
): Promise<FavouriteResult> {
  return db.transaction(async (tx) => {
    // The saver's row, so two saves at once count each other against the limit.
    await tx
      .select({ id: users.id })
      .from(users)
      .where(eq(users.id, viewer.id))
      .for('no key update');
    const [already] = await tx
      .select({ productId: favourites.productId })
      .from(favourites)
      .where(and(eq(favourites.userId, viewer.id), eq(favourites.productId, productId)));
    if (already) return { productId, saved: true };

    const [product] = await tx
      .select({
        status: products.status,
        deletedAt: products.deletedAt,
        sellerId: products.sellerId,
        sellerDeletedAt: users.deletedAt,
        priceCents: products.resalePriceCents,
      })
      .from(products)
      .innerJoin(users, eq(users.id, products.sellerId))
      .where(eq(products.id, productId));
    if (!product || product.deletedAt || product.sellerDeletedAt)
      throw notFound(favouriteMessages.notFound);
    if (product.status === 'sold') throw new HttpError(409, 'PRODUCT_SOLD', favouriteMessages.sold);
    if (product.sellerId === viewer.id)
      throw new HttpError(409, 'OWN_PRODUCT', favouriteMessages.own);

    const [saved] = await tx
      .select({ n: count() })
      .from(favourites)
      .where(eq(favourites.userId, viewer.id));
    if ((saved?.n ?? 0) >= MAX_FAVOURITES)
      throw new HttpError(409, 'TOO_MANY_FAVOURITES', favouriteMessages.tooMany);

    await tx
      .insert(favourites)
      .values({
        userId: viewer.id,
        productId,
        savedPriceCents: product.priceCents,
        toldPriceCents: product.priceCents,
      })
      .onConflictDoNothing();
    return { productId, saved: true };
  });
}

/** Removes a saved laptop. Idempotent: removing one not saved answers the same. */
export async function removeFavourite(
  db: Db,
  viewer: Viewer,
  productId: string,
): Promise<FavouriteResult> {
  await db
    .delete(favourites)
    .where(and(eq(favourites.userId, viewer.id), eq(favourites.productId, productId)));
  return { productId, saved: false };
}

/** The ids of the viewer's saved laptops, newest first: what the hearts need, nothing more. */
export async function listFavouriteIds(db: Db, viewer: Viewer): Promise<{ productIds: string[] }> {
  const rows = await db
    .select({ productId: favourites.productId })
    .from(favourites)
    .where(eq(favourites.userId, viewer.id))
    .orderBy(desc(favourites.createdAt))
    .limit(MAX_FAVOURITES);
  return { productIds: rows.map((row) => row.productId) };
}

/**
 * The viewer's saved laptops, newest first, as cards, each with where it stands: for
 * sale, sold, or no longer listed (withdrawn, or its seller's account closed).
 */
export async function listFavourites(db: Db, viewer: Viewer): Promise<{ favourites: Favourite[] }> {
  const rows = await db
    .select({
      ...productColumns,
      savedAt: favourites.createdAt,
      savedPriceCents: favourites.savedPriceCents,
      deletedAt: products.deletedAt,
      sellerDeletedAt: users.deletedAt,
    })
    .from(favourites)
    .innerJoin(products, eq(products.id, favourites.productId))
    .innerJoin(users, eq(users.id, products.sellerId))
    .innerJoin(categories, eq(categories.id, products.categoryId))
    .where(eq(favourites.userId, viewer.id))
    .orderBy(desc(favourites.createdAt), desc(favourites.productId))
    .limit(MAX_FAVOURITES);
  return {
    favourites: rows.map((row) => ({
      product: toProduct(row),
      state:
        row.deletedAt || row.sellerDeletedAt
          ? 'removed'
          : row.status === 'sold'
            ? 'sold'
            : 'for-sale',
      savedAt: row.savedAt.toISOString(),
      savedPrice: centsToDollars(row.savedPriceCents),
    })),
  };
}

export async function getFavouriteEmails(db: Db, viewer: Viewer) {
  const [row] = await db
    .select({ favouriteEmails: users.favouriteEmails })
    .from(users)
    .where(eq(users.id, viewer.id));
  if (!row) throw notFound('No such account.');
  return row;
}

export async function setFavouriteEmails(db: Db, viewer: Viewer, on: boolean) {
  const [row] = await db
    .update(users)
    .set({ favouriteEmails: on, updatedAt: new Date() })
    .where(eq(users.id, viewer.id))
    .returning({ favouriteEmails: users.favouriteEmails });
  if (!row) throw notFound('No such account.');
  return row;
}
