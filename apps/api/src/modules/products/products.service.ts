import { and, desc, eq, isNull, sql, type SQL } from 'drizzle-orm';
import { centsToDollars } from '@laptops/shared/money';
import type { PhotoVerificationStatus } from '@laptops/shared/photo-verification';
import type { OwnProduct, Product } from '@laptops/shared/products';
import type { Db } from '../../db/client.ts';
import { categories } from '../../db/schema/categories.ts';
import { products } from '../../db/schema/products.ts';
import { users } from '../../db/schema/users.ts';
import type { Viewer } from '../auth/viewer.ts';
import { thumbnailUrl } from '../images/images.service.ts';
import { sellerRatingOf } from '../sellers/seller-ratings.ts';

export const HOME_LATEST_LIMIT = 9;
export const HOME_ADVERTISED_LIMIT = 6;
/**
 * The original call /api/category/:id answers a category's newest listings, this many; the
 * category page itself pages through /api/search.
 */
export const CATEGORY_PAGE_LIMIT = 100;
/** My Products answers a seller's newest listings; no seller has anywhere near this many. */
export const SELLER_PRODUCTS_LIMIT = 500;

export const productColumns = {
  id: products.id,
  name: products.name,
  image: products.image,
  location: products.location,
  description: products.description,
  categoryId: products.categoryId,
  categoryName: categories.name,
  conditionType: products.conditionType,
  dateOfPost: products.dateOfPost,
  yearsOfUse: products.yearsOfUse,
  originalPriceCents: products.originalPriceCents,
  resalePriceCents: products.resalePriceCents,
  wasPriceCents: products.wasPriceCents,
  cpuModel: products.cpuModel,
  ramGb: products.ramGb,
  storageGb: products.storageGb,
  storageType: products.storageType,
  screenInches: products.screenInches,
  batteryHealth: products.batteryHealth,
  status: products.status,
  isAdvertised: products.isAdvertised,
  // No contact details: what every viewer sees (the seller's own list adds their phone).
  sellerId: products.sellerId,
  sellerName: users.name,
  sellerImage: users.image,
  sellerIsVerified: users.isVerified,
  // The seller's rating, from their reviews in the same query (a few index reads a card).
  sellerRating: sellerRatingOf(products.sellerId),
};

type Columns = typeof productColumns;
export type ProductRow = {
  [K in keyof Columns]: Columns[K] extends SQL<infer T>
    ? T
    : Columns[K] extends { _: { notNull: true; data: infer T } }
      ? T
      : Columns[K] extends { _: { data: infer T } }
        ? T | null
        : never;
};

/** Listings on the marketplace: not withdrawn, and their seller's account not deleted. */
export const listed = and(isNull(products.deletedAt), isNull(users.deletedAt));

function selectListed(db: Db, where: SQL | undefined, limit: number) {
  return db
    .select(productColumns)
    .from(products)
    .innerJoin(users, eq(users.id, products.sellerId))
    .innerJoin(categories, eq(categories.id, products.categoryId))
    .where(and(listed, where))
    .orderBy(desc(products.dateOfPost), desc(products.id))
    .limit(limit);
}

/** The API's view of a product: the same for every viewer, so one cached copy serves all. */
export function toProduct(row: ProductRow): Product {
  return {
    _id: row.id,
    name: row.name,
    image: row.image,
    thumbnail: thumbnailUrl(row.image),
    location: row.location,
    description: row.description,
    category: row.categoryId,
    categoryName: row.categoryName,
    conditionType: row.conditionType,
    dateOfPost: row.dateOfPost.toISOString(),
    yearsOfUse: row.yearsOfUse,
    originalPrice: centsToDollars(row.originalPriceCents),
    resalePrice: centsToDollars(row.resalePriceCents),
    sellerId: row.sellerId,
    sellerName: row.sellerName,
    sellerImage: row.sellerImage,
    isVerified: row.sellerIsVerified,
    sellerRating: row.sellerRating ?? null,
    status: row.status,
    isSold: row.status === 'sold',
    isAdvertise: row.isAdvertised,
    wasPrice: row.wasPriceCents === null ? null : centsToDollars(row.wasPriceCents),
    specs: {
      cpuModel: row.cpuModel,
      ramGb: row.ramGb,
      storageGb: row.storageGb,
      storageType: row.storageType,
      screenInches: row.screenInches,
      batteryHealth: row.batteryHealth,
    },
  };
}

export async function listLatestProducts(db: Db): Promise<Product[]> {
  const rows = await selectListed(db, eq(products.status, 'available'), HOME_LATEST_LIMIT);
  return rows.map(toProduct);
}

export async function listAdvertisedProducts(db: Db): Promise<Product[]> {
  const rows = await selectListed(
    db,
    and(eq(products.status, 'available'), eq(products.isAdvertised, true)),
    HOME_ADVERTISED_LIMIT,
  );
  return rows.map(toProduct);
}

/** A category's listings, newest first, sold ones included (they show 'Not Available'). */
export async function listCategoryProducts(db: Db, categoryId: string): Promise<Product[]> {
  const rows = await selectListed(db, eq(products.categoryId, categoryId), CATEGORY_PAGE_LIMIT);
  return rows.map(toProduct);
}

/**
 * A seller's own listings (sold ones too), newest first, as My Products shows them: with
 * the mobile number they gave, which their edit form needs and no one else's list has.
 */
export async function listSellerProducts(db: Db, seller: Viewer): Promise<OwnProduct[]> {
  const rows = await db
    .select({
      ...productColumns,
      mobileNumber: products.mobileNumber,
      // Whether a serial is on file, never the hash (nor, as it is not kept, the serial).
      hasSerial: sql<boolean>`${products.serialHash} is not null`,
      serialFromDevice: products.serialFromDevice,
      // The latest verification request's status, as the edit page's panel tells it.
      verification: sql<PhotoVerificationStatus | null>`(
        select pv.status from photo_verifications pv where pv.product_id = ${products.id}
        order by pv.requested_at desc, pv.id desc limit 1)`,
    })
    .from(products)
    .innerJoin(users, eq(users.id, products.sellerId))
    .innerJoin(categories, eq(categories.id, products.categoryId))
    .where(and(listed, eq(products.sellerId, seller.id)))
    .orderBy(desc(products.dateOfPost), desc(products.id))
    .limit(SELLER_PRODUCTS_LIMIT);
  return rows.map((row) => ({
    ...toProduct(row),
    mobileNumber: row.mobileNumber,
    serial: { onFile: row.hasSerial, fromDevice: row.hasSerial && row.serialFromDevice },
    verification: row.verification ?? 'none',
  }));
}
