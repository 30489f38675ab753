import { and, count, desc, eq, isNull } from 'drizzle-orm';
import { centsToDollars } from '@laptops/shared/money';
import { productMessages } from '@laptops/shared/messages';
import type { MyBuyer, Product, ProductInput } from '@laptops/shared/products';
import type { Db } from '../../db/client.ts';
import { categories } from '../../db/schema/categories.ts';
import { orders } from '../../db/schema/orders.ts';
import { products } from '../../db/schema/products.ts';
import { reports } from '../../db/schema/reports.ts';
import { users } from '../../db/schema/users.ts';
import { HttpError, notFound } from '../../lib/http-error.ts';
import type { Viewer } from '../auth/viewer.ts';
import { isOwnUploadedImage } from '../images/images.service.ts';
import { listSellerProducts } from './products.service.ts';

const toCents = (dollars: number) => Math.round(dollars * 100);

/**
 * Posts a product for the signed-in seller. Who sells it and when it was posted
 * come from the session and the server clock, never from the request.
 */
export async function addProduct(db: Db, seller: Viewer, input: ProductInput): Promise<string> {
  const fields: Record<string, string> = {};
  const [category] = await db
    .select({ id: categories.id })
    .from(categories)
    .where(eq(categories.id, input.category));
  if (!category) fields.category = productMessages.categoryUnknown;
  if (!(await isOwnUploadedImage(db, input.image, seller.id)))
    fields.image = productMessages.imageNotOurs;
  if (Object.keys(fields).length > 0) {
    throw new HttpError(
      400,
      'VALIDATION_ERROR',
      Object.values(fields)[0] ?? 'Invalid product',
      fields,
    );
  }
  return db.transaction(async (tx) => {
    // The seller's account is read locked: one being deleted (whose listings are being
    // withdrawn) or made an admin (refused while they sell) meanwhile posts nothing.
    const [account] = await tx
      .select({ deletedAt: users.deletedAt, typeOfUser: users.typeOfUser })
      .from(users)
      .where(eq(users.id, seller.id))
      .for('share');
    if (!account || account.deletedAt || account.typeOfUser !== 'seller')
      throw new HttpError(403, 'FORBIDDEN', 'Only seller accounts can post laptops.');
    const [row] = await tx
      .insert(products)
      .values({
        sellerId: seller.id,
        categoryId: input.category,
        name: input.name,
        image: input.image,
        location: input.location,
        description: input.description,
        conditionType: input.conditionType,
        mobileNumber: input.mobileNumber,
        originalPriceCents: toCents(input.originalPrice),
        resalePriceCents: toCents(input.resalePrice),
        yearsOfUse: input.yearsOfUse,
      })
      .returning({ id: products.id });
    if (!row) throw new Error('product insert returned no row');
    return row.id;
  });
}

export function listMyProducts(db: Db, seller: Viewer): Promise<Product[]> {
  return listSellerProducts(db, seller);
}

/** The seller's own listed product, or 404 (another seller's product is not theirs to see). */
async function findOwnProduct(db: Db, sellerId: string, id: string, lock?: 'update') {
  const query = db
    .select()
    .from(products)
    .where(and(eq(products.id, id), eq(products.sellerId, sellerId), isNull(products.deletedAt)));
  const [product] = await (lock ? query.for(lock) : query);
  if (!product) throw notFound('You have no such laptop.');
  return product;
}

export async function advertiseMyProduct(
  db: Db,
  sellerId: string,
  id: string,
): Promise<{ modifiedCount: number }> {
  const product = await findOwnProduct(db, sellerId, id);
  if (product.status === 'sold')
    throw new HttpError(409, 'PRODUCT_SOLD', 'A sold laptop cannot be advertised.');
  const updated = await db
    .update(products)
    .set({ isAdvertised: true })
    .where(
      and(eq(products.id, id), eq(products.isAdvertised, false), eq(products.status, 'available')),
    )
    .returning({ id: products.id });
  return { modifiedCount: updated.length };
}

/**
 * Removes the seller's unsold product. One that was booked or reported is only
 * withdrawn from sale, so orders and reports keep pointing at it.
 */
export async function deleteMyProduct(
  db: Db,
  sellerId: string,
  id: string,
): Promise<{ deletedCount: number }> {
  return db.transaction(async (tx) => {
    // Locked: a payment being recorded or a booking being made for it waits, and
    // what is checked here still holds when it is deleted or withdrawn.
    const product = await findOwnProduct(tx, sellerId, id, 'update');
    if (product.status === 'sold')
      throw new HttpError(409, 'PRODUCT_SOLD', 'A sold laptop cannot be deleted.');
    const [booked] = await tx.select({ n: count() }).from(orders).where(eq(orders.productId, id));
    const [reported] = await tx
      .select({ n: count() })
      .from(reports)
      .where(eq(reports.productId, id));
    if ((booked?.n ?? 0) + (reported?.n ?? 0) === 0) {
      const deleted = await tx
        .delete(products)
        .where(eq(products.id, id))
        .returning({ id: products.id });
      return { deletedCount: deleted.length };
    }
    const withdrawn = await tx
      .update(products)
      .set({ deletedAt: new Date(), isAdvertised: false })
      .where(and(eq(products.id, id), isNull(products.deletedAt), eq(products.status, 'available')))
      .returning({ id: products.id });
    return { deletedCount: withdrawn.length };
  });
}

/** The bookings of the seller's own products, newest first (cancelled ones left out). */
export async function listMyBuyers(db: Db, sellerId: string): Promise<MyBuyer[]> {
  const rows = await db
    .select({
      id: orders.id,
      buyerEmail: users.email,
      buyerName: users.name,
      productId: products.id,
      productName: products.name,
      priceCents: orders.priceCents,
      paid: orders.paid,
      bookedAt: orders.createdAt,
    })
    .from(orders)
    .innerJoin(products, eq(products.id, orders.productId))
    .innerJoin(users, eq(users.id, orders.buyerId))
    .where(and(eq(products.sellerId, sellerId), isNull(orders.cancelledAt)))
    .orderBy(desc(orders.createdAt));
  return rows.map((row) => ({
    _id: row.id,
    buyerEmail: row.buyerEmail,
    buyerName: row.buyerName,
    productId: row.productId,
    productName: row.productName,
    price: centsToDollars(row.priceCents),
    paid: row.paid,
    bookedAt: row.bookedAt.toISOString(),
  }));
}
