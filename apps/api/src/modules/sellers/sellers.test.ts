import { eq } from 'drizzle-orm';
import type { Response as LightMyRequestResponse } from 'light-my-request';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SearchResult } from '@laptops/shared/search';
import type { SellerProfile, SellerReviewsPage } from '@laptops/shared/sellers';
import type { Db } from '../../db/client.ts';
import { conversations, messages } from '../../db/schema/conversations.ts';
import { disputes } from '../../db/schema/disputes.ts';
import { orders } from '../../db/schema/orders.ts';
import { reviews } from '../../db/schema/reviews.ts';
import { users } from '../../db/schema/users.ts';
import {
  createCategory,
  createPaidOrder,
  createProduct,
  createUser,
} from '../../db/seed/factories.ts';
import { createTestContext, type TestContext } from '../../test/test-app.ts';
import { sellerRating, sellerRatings } from './seller-ratings.ts';

let t: TestContext;
let db: Db;
let categoryId: string;
beforeAll(async () => {
  t = await createTestContext();
  db = t.database.db;
  categoryId = (await createCategory(db)).id;
});
afterAll(async () => {
  await t?.close();
});

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const ago = (ms: number) => new Date(Date.now() - ms);

async function profile(id: string) {
  return t.app.inject({ method: 'GET', url: `/api/sellers/${id}` });
}

/**
 * A completed deal of `seller`'s with a buyer's review of them (published now unless
 * said), and optionally the seller's reply; returns the review and the order.
 */
async function reviewedDeal(
  seller: { id: string },
  rating: number,
  options: {
    body?: string;
    buyerName?: string;
    publishedAt?: Date;
    hidden?: boolean;
    reply?: string;
    completed?: boolean;
  } = {},
) {
  const buyer = await createUser(db, { name: options.buyerName ?? 'Jamie Buyer' });
  const product = await createProduct(db, { sellerId: seller.id, categoryId });
  const order = await createPaidOrder(db, {
    productId: product.id,
    buyerId: buyer.id,
    priceCents: 50_000,
  });
  if (options.completed !== false) {
    await db
      .update(orders)
      .set({ completedAt: new Date(), releasedBy: 'buyer' })
      .where(eq(orders.id, order.id));
  }
  const [review] = await db
    .insert(reviews)
    .values({
      orderId: order.id,
      authorId: buyer.id,
      subjectId: seller.id,
      authorRole: 'buyer',
      rating,
      body: options.body ?? 'Smooth handover, laptop as described.',
      publishedAt: options.publishedAt ?? ago(HOUR),
      ...(options.reply ? { reply: options.reply, repliedAt: new Date() } : {}),
      ...(options.hidden ? { hiddenAt: new Date(), hiddenReason: 'Insults' } : {}),
    })
    .returning();
  return { review: review!, order, buyer };
}

describe('GET /api/sellers/:id', () => {
  it("shows a seller's record, laptops for sale and buyers' reviews with replies", async () => {
    const seller = await createUser(db, {
      typeOfUser: 'seller',
      name: 'Priya Patel',
      isVerified: true,
      image: '/api/images/priya.webp',
    });
    const forSale = await createProduct(db, {
      sellerId: seller.id,
      categoryId,
      name: 'HP Elitebook',
    });
    await reviewedDeal(seller, 5, { buyerName: 'Maria Gonzalez', reply: 'Thanks Maria!' });
    await reviewedDeal(seller, 4, { buyerName: 'Tom Baker' });

    const response = await profile(seller.id);
    expect(response.statusCode).toBe(200);
    const body = response.json<SellerProfile>();
    expect(body).toMatchObject({
      id: seller.id,
      name: 'Priya Patel',
      image: '/api/images/priya.webp',
      isVerified: true,
      rating: { average: 4.5, count: 2 },
      laptopsSold: 2,
      laptopsForSale: 1,
      replyTime: null,
      topSeller: false,
    });
    expect(body.laptops.map((laptop) => laptop._id)).toEqual([forSale.id]);
    expect(body.laptops[0]?.sellerRating).toEqual({ average: 4.5, count: 2 });
    expect(
      body.reviews.reviews.map((review) => [review.authorName, review.rating, review.reply]),
    ).toEqual(
      expect.arrayContaining([
        ['Maria', 5, 'Thanks Maria!'],
        ['Tom', 4, null],
      ]),
    );
    expect(body.reviews.nextCursor).toBeNull();
    // No surname, no email of the buyers.
    expect(response.body).not.toContain('Gonzalez');
    expect(response.body).not.toContain('@example');
  });

  it("leaves hidden and still sealed reviews, and the seller's reviews of buyers, out of the rating", async () => {
    const seller = await createUser(db, { typeOfUser: 'seller' });
    await reviewedDeal(seller, 5, { body: 'Visible and kind.' });
    await reviewedDeal(seller, 1, { hidden: true, body: 'Hidden by an admin.' });
    await reviewedDeal(seller, 1, { publishedAt: new Date(Date.now() + DAY), body: 'Sealed.' });
    // The seller's own review of a buyer is about the buyer.
    const { order, buyer } = await reviewedDeal(seller, 5);
    await db.insert(reviews).values({
      orderId: order.id,
      authorId: seller.id,
      subjectId: buyer.id,
      authorRole: 'seller',
      rating: 1,
      body: 'Buyer was late.',
      publishedAt: ago(HOUR),
    });

    const body = (await profile(seller.id)).json<SellerProfile>();
    expect(body.rating).toEqual({ average: 5, count: 2 });
    const texts = body.reviews.reviews.map((review) => review.body);
    expect(texts).toContain('Visible and kind.');
    expect(texts).not.toContain('Hidden by an admin.');
    expect(texts).not.toContain('Sealed.');
    expect(texts).not.toContain('Buyer was late.');
    expect(await sellerRating(db, seller.id)).toEqual({ average: 5, count: 2 });
    // A seller's review of a buyer is no seller rating.
    expect(await sellerRating(db, buyer.id)).toBeNull();
  });

  it('rates many sellers in one call, and none before their first review', async () => {
    const rated = await createUser(db, { typeOfUser: 'seller' });
    const unrated = await createUser(db, { typeOfUser: 'seller' });
    await reviewedDeal(rated, 4);
    await reviewedDeal(rated, 5);
    await reviewedDeal(rated, 5);
    const ratings = await sellerRatings(db, [rated.id, unrated.id]);
    expect(ratings.get(rated.id)).toEqual({ average: 4.7, count: 3 });
    expect(ratings.has(unrated.id)).toBe(false);
    expect((await profile(unrated.id)).json<SellerProfile>()).toMatchObject({
      rating: null,
      reviews: { reviews: [], nextCursor: null },
    });
  });

  it('is only for sellers: a buyer, an admin, a deleted or unknown id is 404, a bad id 400', async () => {
    const buyer = await createUser(db, { typeOfUser: 'buyer' });
    const admin = await createUser(db, { typeOfUser: 'admin' });
    const gone = await createUser(db, { typeOfUser: 'seller' });
    await db.update(users).set({ deletedAt: new Date() }).where(eq(users.id, gone.id));
    for (const id of [buyer.id, admin.id, gone.id, 'no-such-user']) {
      const response = await profile(id);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({ error: { code: 'NOT_FOUND' } });
    }
    for (const id of ['a%20b', "x'or'1", 'a'.repeat(65)]) {
      const response = await profile(id);
      expect(response.statusCode).toBe(400);
    }
  });

  it('pages reviews newest first with a cursor, and refuses a forged cursor', async () => {
    const seller = await createUser(db, { typeOfUser: 'seller' });
    const published = Array.from({ length: 12 }, (_, i) => ago((i + 1) * HOUR));
    for (const [i, at] of published.entries()) {
      await reviewedDeal(seller, 5, { body: `Review ${i}`, publishedAt: at });
    }
    const first = (await profile(seller.id)).json<SellerProfile>().reviews;
    expect(first.reviews.map((review) => review.body)).toEqual(
      Array.from({ length: 10 }, (_, i) => `Review ${i}`),
    );
    expect(first.nextCursor).toEqual(expect.any(String));
    const next = await t.app.inject({
      method: 'GET',
      url: `/api/sellers/${seller.id}/reviews?cursor=${first.nextCursor}`,
    });
    expect(next.statusCode).toBe(200);
    expect(next.json<SellerReviewsPage>()).toEqual({
      reviews: [
        expect.objectContaining({ body: 'Review 10' }),
        expect.objectContaining({ body: 'Review 11' }),
      ],
      nextCursor: null,
    });
    const forged = await t.app.inject({
      method: 'GET',
      url: `/api/sellers/${seller.id}/reviews?cursor=bm90LWpzb24`,
    });
    expect(forged.statusCode).toBe(400);
    expect(forged.json()).toMatchObject({ error: { code: 'BAD_CURSOR' } });
  });
});

describe('Top seller', () => {
  async function sellerWith(deals: number, ratings: number[]) {
    const seller = await createUser(db, { typeOfUser: 'seller' });
    for (const rating of ratings) await reviewedDeal(seller, rating);
    for (let i = ratings.length; i < deals; i += 1) {
      const buyer = await createUser(db);
      const product = await createProduct(db, { sellerId: seller.id, categoryId });
      const order = await createPaidOrder(db, {
        productId: product.id,
        buyerId: buyer.id,
        priceCents: 40_000,
      });
      await db
        .update(orders)
        .set({ completedAt: new Date(), releasedBy: 'automatic' })
        .where(eq(orders.id, order.id));
    }
    return seller;
  }
  const topSeller = async (id: string) => (await profile(id)).json<SellerProfile>().topSeller;

  it('takes 10 completed deals and an average of 4.7: 9 deals or 4.6 is not enough', async () => {
    // 4.7 exactly: 7 fives and 3 fours.
    const exactly = await sellerWith(10, [5, 5, 5, 5, 5, 5, 5, 4, 4, 4]);
    expect(await topSeller(exactly.id)).toBe(true);
    const nineDeals = await sellerWith(9, [5, 5, 5]);
    expect(await topSeller(nineDeals.id)).toBe(false);
    // 4.6: 6 fives and 4 fours.
    const lower = await sellerWith(10, [5, 5, 5, 5, 5, 5, 4, 4, 4, 4]);
    expect(await topSeller(lower.id)).toBe(false);
    const unrated = await sellerWith(10, []);
    expect(await topSeller(unrated.id)).toBe(false);
  });

  it('is lost for 90 days by a dispute settled with a refund, not by a release', async () => {
    const seller = await sellerWith(10, [5, 5, 5]);
    const { order, buyer } = await reviewedDeal(seller, 5, { completed: false });
    const [dispute] = await db
      .insert(disputes)
      .values({
        orderId: order.id,
        openedBy: buyer.id,
        reason: 'not-as-described',
        details: 'The battery was dead.',
        settledAt: ago(89 * DAY),
        outcome: 'release',
        refundCents: 0,
      })
      .returning();
    expect(await topSeller(seller.id)).toBe(true);
    await db
      .update(disputes)
      .set({ outcome: 'refund-part', refundCents: 10_000 })
      .where(eq(disputes.id, dispute!.id));
    expect(await topSeller(seller.id)).toBe(false);
    await db
      .update(disputes)
      .set({ settledAt: ago(91 * DAY) })
      .where(eq(disputes.id, dispute!.id));
    expect(await topSeller(seller.id)).toBe(true);
  });
});

describe('reply time', () => {
  /** A conversation whose buyer wrote first `askedAgo` ago and the seller answered after `after` (or never). */
  async function conversationWith(seller: { id: string }, askedAgo: number, after: number | null) {
    const buyer = await createUser(db);
    const product = await createProduct(db, { sellerId: seller.id, categoryId });
    const asked = ago(askedAgo);
    const [conversation] = await db
      .insert(conversations)
      .values({
        productId: product.id,
        buyerId: buyer.id,
        sellerId: seller.id,
        lastMessageAt: asked,
      })
      .returning();
    await db.insert(messages).values({
      conversationId: conversation!.id,
      senderId: buyer.id,
      body: 'Is it still available?',
      createdAt: asked,
    });
    if (after !== null) {
      await db.insert(messages).values({
        conversationId: conversation!.id,
        senderId: seller.id,
        body: 'Yes it is.',
        createdAt: new Date(asked.getTime() + after),
      });
    }
  }
  const replyTime = async (id: string) => (await profile(id)).json<SellerProfile>().replyTime;

  it('says nothing under three conversations, then the median of the last 90 days', async () => {
    const seller = await createUser(db, { typeOfUser: 'seller' });
    await conversationWith(seller, 2 * DAY, 10 * 60_000);
    await conversationWith(seller, 3 * DAY, 20 * 60_000);
    expect(await replyTime(seller.id)).toBeNull();
    await conversationWith(seller, 4 * DAY, 5 * HOUR);
    expect(await replyTime(seller.id)).toBe('hour');
    // Older than 90 days: not counted.
    await conversationWith(seller, 100 * DAY, 10 * 60_000);
    await conversationWith(seller, 5 * DAY, 5 * HOUR);
    expect(await replyTime(seller.id)).toBe('hours');
    // 10 min, 20 min, 5 h, 5 h, 20 h, 20 h, 20 h, never: the median is 12.5 hours.
    for (const day of [6, 7, 8]) await conversationWith(seller, day * DAY, 20 * HOUR);
    await conversationWith(seller, 9 * DAY, null);
    expect(await replyTime(seller.id)).toBe('day');
    // Unanswered ones count as slowest: with six more, the median is past a day.
    for (const day of [10, 11, 12, 13, 14, 15]) await conversationWith(seller, day * DAY, null);
    expect(await replyTime(seller.id)).toBeNull();
  });
});

describe('search sorted by seller rating', () => {
  it('lists the best rated sellers first, then the most reviewed, unrated last, page by page', async () => {
    const brand = await createCategory(db);
    const sellers = {
      top: await createUser(db, { typeOfUser: 'seller' }),
      few: await createUser(db, { typeOfUser: 'seller' }),
      many: await createUser(db, { typeOfUser: 'seller' }),
      none: await createUser(db, { typeOfUser: 'seller' }),
    };
    await reviewedDeal(sellers.top, 5);
    for (const rating of [5, 4]) await reviewedDeal(sellers.few, rating);
    for (const rating of [5, 4, 5, 4]) await reviewedDeal(sellers.many, rating);
    // A hidden 1 star does not pull the top seller down.
    await reviewedDeal(sellers.top, 1, { hidden: true });
    const listingsOf = async (seller: { id: string }) => {
      const made = [];
      for (let i = 0; i < 2; i += 1) {
        made.push(
          await createProduct(db, {
            sellerId: seller.id,
            categoryId: brand.id,
            name: `Zenbook rated ${i}`,
          }),
        );
      }
      // Ties (one seller's listings) go by id, descending.
      return made
        .map((product) => product.id)
        .sort()
        .reverse();
    };
    const expected = [
      ...(await listingsOf(sellers.top)),
      ...(await listingsOf(sellers.many)),
      ...(await listingsOf(sellers.few)),
      ...(await listingsOf(sellers.none)),
    ];

    for (const q of ['', 'zenbook']) {
      const seen: string[] = [];
      let cursor: string | null = null;
      do {
        const response: LightMyRequestResponse = await t.app.inject({
          method: 'GET',
          url: '/api/search',
          query: {
            category: brand.id,
            sort: 'rating',
            limit: '3',
            ...(q ? { q } : {}),
            ...(cursor ? { cursor } : {}),
          },
        });
        expect(response.statusCode, response.body).toBe(200);
        const page: SearchResult = response.json();
        seen.push(...page.products.map((product) => product._id));
        cursor = page.nextCursor;
      } while (cursor);
      expect(seen, `q=${q}`).toEqual(expected);
    }

    const first = await t.app.inject({
      method: 'GET',
      url: '/api/search',
      query: { category: brand.id, sort: 'rating', limit: '2' },
    });
    expect(first.json().products[0].sellerRating).toEqual({ average: 5, count: 1 });
    // Another sort's cursor is not this one's.
    const newest = await t.app.inject({
      method: 'GET',
      url: '/api/search',
      query: { category: brand.id, limit: '2' },
    });
    const crossed = await t.app.inject({
      method: 'GET',
      url: '/api/search',
      query: { category: brand.id, sort: 'rating', cursor: newest.json().nextCursor },
    });
    expect(crossed.statusCode).toBe(400);
  });
});
