/**
 * The seller rating sort follows the reviews as visitors read them (decision 0046):
 * written, opened by time, hidden, and for listings posted later; page by page.
 */
import { eq, sql } from 'drizzle-orm';
import type { Response as LightMyRequestResponse } from 'light-my-request';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SearchResult } from '@laptops/shared/search';
import type { Db } from '../../db/client.ts';
import { orders } from '../../db/schema/orders.ts';
import { products } from '../../db/schema/products.ts';
import { reviews } from '../../db/schema/reviews.ts';
import {
  createCategory,
  createPaidOrder,
  createProduct,
  createUser,
} from '../../db/seed/factories.ts';
import { buyingKit, type Intent } from '../../test/buying-kit.ts';
import { postProduct } from '../../test/post-product.ts';
import { createTestContext, signIn, type TestContext } from '../../test/test-app.ts';
import { SELLER_RATING_KEY_JOB, sweepOpenedReviews } from './seller-rating-keys.ts';

let t: TestContext;
let db: Db;
let kit: ReturnType<typeof buyingKit>;
let elsewhere: string;
beforeAll(async () => {
  // With the job queue: a lone review's refresh is queued for the moment it opens.
  t = await createTestContext({}, { runJobs: true });
  db = t.database.db;
  kit = buyingKit(t);
  elsewhere = (await createCategory(db)).id;
  await queueRunning();
});
afterAll(async () => {
  await t?.close();
});

const DAY_MS = 24 * 60 * 60 * 1000;
const patiently = { timeout: 30_000, interval: 250 };

async function count(query: ReturnType<typeof sql>): Promise<number> {
  const result = await db.execute(query);
  return (result as unknown as { rows: { n: number }[] }).rows[0]?.n ?? 0;
}

/** The queue starts after the app is ready: posts until a listing's match job is queued. */
async function queueRunning() {
  const seller = await kit.signedIn('seller');
  for (let tries = 0; tries < 30; tries++) {
    const posted = await postProduct(t.app, seller.cookie, {
      name: 'Warm-up',
      category: elsewhere,
    });
    const id = posted.json<{ insertedId: string }>().insertedId;
    if (
      (await count(sql`select count(*)::int as n from pgboss.job where singleton_key = ${id}`)) > 0
    )
      return;
    await new Promise((resolve) => setTimeout(resolve, 1_000));
  }
  throw new Error('the job queue did not start');
}

/** A brand's listings sorted by seller rating, read page by page (two a page). */
async function byRating(categoryId: string): Promise<string[]> {
  const seen: string[] = [];
  let cursor: string | null = null;
  do {
    const response: LightMyRequestResponse = await t.app.inject({
      method: 'GET',
      url: '/api/search',
      query: { category: categoryId, sort: 'rating', limit: '2', ...(cursor ? { cursor } : {}) },
    });
    expect(response.statusCode, response.body).toBe(200);
    const page: SearchResult = response.json();
    seen.push(...page.products.map((product) => product._id));
    cursor = page.nextCursor;
  } while (cursor);
  return seen;
}

/** `count` listings of the seller in the brand, in the order the sort gives one seller's (id, descending). */
async function listingsOf(sellerId: string, categoryId: string, count = 1) {
  const ids: string[] = [];
  for (let i = 0; i < count; i += 1)
    ids.push((await createProduct(db, { sellerId, categoryId, name: `Latitude ${i}` })).id);
  return ids.sort().reverse();
}

/** A seller with a published buyer's review of `rating` stars (written straight to the table). */
async function ratedSeller(rating: number) {
  const seller = await createUser(db, { typeOfUser: 'seller' });
  const buyer = await createUser(db);
  const sold = await createProduct(db, { sellerId: seller.id, categoryId: elsewhere });
  const order = await createPaidOrder(db, {
    productId: sold.id,
    buyerId: buyer.id,
    priceCents: 50_000,
  });
  await db
    .update(orders)
    .set({ completedAt: new Date(), releasedBy: 'buyer' })
    .where(eq(orders.id, order.id));
  const [review] = await db
    .insert(reviews)
    .values({
      orderId: order.id,
      authorId: buyer.id,
      subjectId: seller.id,
      authorRole: 'buyer',
      rating,
      body: 'As described.',
      publishedAt: new Date(Date.now() - 1000),
    })
    .returning();
  return { seller, review: review! };
}

/** A deal through the app, paid and released by the buyer: both may review it now. */
async function completedDeal() {
  const { seller, product } = await kit.laptop(50_000, 'HP EliteBook 840');
  const buyer = await kit.bookedBy(product.id, 'Emma Buyer');
  const intent = (await kit.startPayment(buyer.cookie, buyer.orderId)).json<Intent>();
  expect((await kit.confirm(intent)).statusCode).toBe(200);
  expect((await kit.record(buyer.cookie, buyer.orderId, intent.paymentIntentId)).statusCode).toBe(
    201,
  );
  const received = await kit.call('POST', `/api/orders/${buyer.orderId}/received`, buyer.cookie);
  expect(received.statusCode).toBe(200);
  return { seller, buyer, orderId: buyer.orderId };
}

const write = (cookie: string, orderId: string, rating: number, body: string) =>
  kit.call('POST', `/api/orders/${orderId}/reviews`, cookie, { rating, body });

describe('the seller rating sort', () => {
  it('moves a seller up when both reviews are in, not while the first is sealed, and down when an admin hides it', async () => {
    const brand = (await createCategory(db)).id;
    const rival = await ratedSeller(4);
    const rivals = await listingsOf(rival.seller.id, brand, 2);
    const deal = await completedDeal();
    const mine = await listingsOf(deal.seller.user.id, brand, 3);
    expect(await byRating(brand)).toEqual([...rivals, ...mine]);

    // The buyer's 5 stars are sealed until the seller writes theirs: nothing moves.
    expect((await write(deal.buyer.cookie, deal.orderId, 5, 'Great seller.')).statusCode).toBe(201);
    expect(await byRating(brand)).toEqual([...rivals, ...mine]);

    const second = await write(deal.seller.cookie, deal.orderId, 2, 'Late to the meeting.');
    expect(second.statusCode).toBe(201);
    expect(await byRating(brand)).toEqual([...mine, ...rivals]);
    // The seller's review of the buyer is not a seller's rating: the buyer sells nothing here.

    const admin = await kit.signedIn('admin');
    const [buyerReview] = await db
      .select({ id: reviews.id })
      .from(reviews)
      .where(eq(reviews.authorId, deal.buyer.user.id));
    const hidden = await kit.call(
      'POST',
      `/api/admin/review-reports/${buyerReview?.id}/hide`,
      admin.cookie,
      { reason: 'Written by a friend of the seller.' },
    );
    expect(hidden.statusCode).toBe(200);
    expect(await byRating(brand)).toEqual([...rivals, ...mine]);
  });

  it("puts a rated seller's new listing among their others", async () => {
    const brand = (await createCategory(db)).id;
    const top = await ratedSeller(5);
    const low = await ratedSeller(3);
    const unrated = await createUser(db, { typeOfUser: 'seller' });
    const before = {
      top: await listingsOf(top.seller.id, brand, 2),
      low: await listingsOf(low.seller.id, brand, 2),
      unrated: await listingsOf(unrated.id, brand, 1),
    };
    // Posted through the app by the low rated seller, after their review.
    const lowCookie = await signIn(t.app, low.seller.email, low.seller.password);
    const posted = await postProduct(t.app, lowCookie, {
      name: 'Latitude 7420',
      category: brand,
    });
    expect(posted.statusCode, posted.body).toBe(201);
    const newId = posted.json<{ insertedId: string }>().insertedId;
    const lows = [...before.low, newId].sort().reverse();
    expect(await byRating(brand)).toEqual([...before.top, ...lows, ...before.unrated]);
  });

  it('moves a seller when a lone review opens by time: the job queued for that moment runs', async () => {
    const brand = (await createCategory(db)).id;
    const rival = await ratedSeller(4);
    const rivals = await listingsOf(rival.seller.id, brand, 1);
    const deal = await completedDeal();
    const mine = await listingsOf(deal.seller.user.id, brand, 2);
    // The window closes 3 seconds from now, and the seller never writes theirs.
    await db
      .update(orders)
      .set({ completedAt: new Date(Date.now() - 14 * DAY_MS + 3_000) })
      .where(eq(orders.id, deal.orderId));
    expect((await write(deal.buyer.cookie, deal.orderId, 5, 'Great seller.')).statusCode).toBe(201);
    const [review] = await db
      .select({ publishedAt: reviews.publishedAt })
      .from(reviews)
      .where(eq(reviews.orderId, deal.orderId));
    const queued = await db.execute(sql`select start_after from pgboss.job
      where name = ${SELLER_RATING_KEY_JOB} and data->>'sellerId' = ${deal.seller.user.id}`);
    const startAfter = (queued as unknown as { rows: { start_after: Date | string }[] }).rows[0]
      ?.start_after;
    expect(new Date(startAfter ?? 0).getTime()).toBe(review?.publishedAt.getTime());
    expect(await byRating(brand)).toEqual([...rivals, ...mine]);

    await expect.poll(() => byRating(brand), patiently).toEqual([...mine, ...rivals]);
  });

  it('is put right by the sweep when a review opened and no job ran, and a second sweep changes nothing', async () => {
    const brand = (await createCategory(db)).id;
    const rival = await ratedSeller(4);
    const rivals = await listingsOf(rival.seller.id, brand, 1);
    const late = await ratedSeller(3);
    const lates = await listingsOf(late.seller.id, brand, 2);
    // A sealed 5 stars, written where no job was queued for it, opens a moment later.
    await db
      .update(reviews)
      .set({ rating: 5, publishedAt: new Date(Date.now() + 500) })
      .where(eq(reviews.id, late.review.id));
    expect(await byRating(brand)).toEqual([...rivals, ...lates]);
    await new Promise((resolve) => setTimeout(resolve, 600));

    const swept = await sweepOpenedReviews(db);
    expect(swept.listings).toBeGreaterThanOrEqual(3);
    expect(await byRating(brand)).toEqual([...lates, ...rivals]);
    expect((await sweepOpenedReviews(db)).listings).toBe(0);
  });

  it("gives a listing saved while its seller's rating changes the new key (they take turns)", async () => {
    const brand = (await createCategory(db)).id;
    const { seller, review } = await ratedSeller(4);
    await db
      .update(reviews)
      .set({ publishedAt: new Date(Date.now() + DAY_MS) })
      .where(eq(reviews.id, review.id));
    // A listing saved in a transaction still open while the review is published: on a
    // PostgreSQL server the review's refresh waits for it (on PGlite they run in turn).
    let inserted!: () => void;
    let commit!: () => void;
    const insertedYet = new Promise<void>((resolve) => (inserted = resolve));
    const committing = new Promise<void>((resolve) => (commit = resolve));
    const listing = db.transaction(async (tx) => {
      const product = await createProduct(tx, { sellerId: seller.id, categoryId: brand });
      inserted();
      await committing;
      return product.id;
    });
    await insertedYet;
    const published = db
      .update(reviews)
      .set({ publishedAt: new Date(Date.now() - 1000) })
      .where(eq(reviews.id, review.id));
    const publishing = published.then(() => undefined);
    await new Promise((resolve) => setTimeout(resolve, 300));
    commit();
    const id = await listing;
    await publishing;
    const [row] = await db
      .select({ key: products.sellerRatingKey })
      .from(products)
      .where(eq(products.id, id));
    expect(row?.key).toBe(4 * 10 * 100_000 + 1);
  });
});
