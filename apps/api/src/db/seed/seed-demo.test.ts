import { count, eq, lte } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { categories } from '../schema/categories.ts';
import { orders } from '../schema/orders.ts';
import { payments } from '../schema/payments.ts';
import { products } from '../schema/products.ts';
import { reviews } from '../schema/reviews.ts';
import { users } from '../schema/users.ts';
import { orderMoney } from '../../modules/ledger/ledger.service.ts';
import { createTestContext, signIn, type TestContext } from '../../test/test-app.ts';
import { DEMO_PASSWORD, demoProducts, demoUsers } from './demo-data.ts';
import { demoSpecs } from './demo-specs.ts';
import { seedDemoData } from './seed-demo.ts';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(async () => {
  await t?.close();
});

// Seeding draws 47 listings' three photos each: 30 s or more on a loaded 2-core machine,
// so a slow CI host needs more than the default 30 s. This checks what is seeded, not how fast.
it(
  'fills an empty marketplace once, with consistent sold listings and working demo accounts',
  {
    timeout: 120_000,
  },
  async () => {
    const db = t.database.db;
    expect(
      await seedDemoData(db, t.imageStorage, {
        serialHashSecret: 'a-test-serial-secret-of-32-chars!',
      }),
    ).toBe(true);

    const [categoryCount] = await db.select({ n: count() }).from(categories);
    expect(categoryCount?.n).toBeGreaterThanOrEqual(6);
    const all = await db.select().from(products);
    expect(all.length).toBeGreaterThanOrEqual(36);
    expect(new Set(all.map((p) => p.sellerId)).size).toBeGreaterThanOrEqual(3);
    expect(new Set(all.map((p) => p.categoryId)).size).toBeGreaterThanOrEqual(6);
    expect(all.some((p) => p.isAdvertised)).toBe(true);

    // The verified sellers' laptops have serials, which the database checked; the
    // others have none. Only hashes are stored.
    const verified = new Set(
      (await db.select().from(users).where(eq(users.isVerified, true))).map((user) => user.id),
    );
    for (const product of all) {
      expect(product.serialChecked).toBe(verified.has(product.sellerId));
      expect(product.serialHash === null).toBe(!verified.has(product.sellerId));
      expect(product.serialHash ?? '').toMatch(/^([\w-]{43})?$/);
    }
    expect(all.some((p) => p.serialChecked)).toBe(true);

    // Every sold laptop has exactly one paid order with its payment, for its resale price.
    const sold = all.filter((p) => p.status === 'sold');
    expect(sold.length).toBeGreaterThanOrEqual(2);
    for (const product of sold) {
      const paid = await db
        .select({ price: orders.priceCents, amount: payments.amountCents })
        .from(orders)
        .innerJoin(payments, eq(payments.orderId, orders.id))
        .where(eq(orders.productId, product.id));
      expect(paid).toEqual([{ price: product.resalePriceCents, amount: product.resalePriceCents }]);
    }

    // Sales handed over were released to their sellers, less the fee; the others are held.
    for (const demo of demoProducts.filter((each) => each.soldTo)) {
      const [row] = await db
        .select({ orderId: orders.id })
        .from(orders)
        .innerJoin(products, eq(products.id, orders.productId))
        .where(eq(products.name, demo.name));
      const money = await orderMoney(db, row?.orderId ?? '');
      const price = demo.resalePrice * 100;
      expect(money, demo.name).toEqual(
        demo.handedOver
          ? {
              chargedCents: price,
              heldCents: 0,
              releasedCents: price - Math.round(price * 0.05),
              feeCents: Math.round(price * 0.05),
              refundedCents: 0,
            }
          : {
              chargedCents: price,
              heldCents: price,
              releasedCents: 0,
              feeCents: 0,
              refundedCents: 0,
            },
      );
    }
    expect(demoProducts.filter((each) => each.handedOver).length).toBeGreaterThanOrEqual(2);

    // Each deal handed over has both sides' reviews, published; a seller replied to one.
    const published = await db.select().from(reviews).where(lte(reviews.publishedAt, new Date()));
    const handedOver = demoProducts.filter((each) => each.handedOver);
    expect(published).toHaveLength(handedOver.length * 2);
    expect(published.filter((review) => review.authorRole === 'buyer')).toHaveLength(
      handedOver.length,
    );
    expect(published.some((review) => review.reply !== null)).toBe(true);

    const verifiedSellers = await db.select().from(users).where(eq(users.isVerified, true));
    expect(verifiedSellers.length).toBeGreaterThanOrEqual(1);
    expect(demoUsers.filter((u) => u.typeOfUser === 'admin')).toHaveLength(1);

    // Every listing has its specs, and two more photos after its cover.
    expect(all).toHaveLength(demoProducts.length);
    for (const product of all) {
      expect(product, product.name).toMatchObject({
        ...demoSpecs[product.name],
        morePhotos: [
          expect.stringMatching(/-keyboard\.webp$/),
          expect.stringMatching(/-ports\.webp$/),
        ],
      });
    }

    // The images the seed points at are really stored, and are WebP.
    const first = all[0];
    for (const url of first ? [first.image, ...first.morePhotos] : []) {
      const image = await t.app.inject({ method: 'GET', url });
      expect(image.statusCode).toBe(200);
      expect(image.headers['content-type']).toBe('image/webp');
      expect(image.rawPayload.subarray(8, 12).toString('ascii')).toBe('WEBP');
    }

    for (const demo of demoUsers) {
      await expect(signIn(t.app, demo.email, DEMO_PASSWORD)).resolves.toContain('session_token');
    }

    // A second run changes nothing.
    expect(await seedDemoData(db, t.imageStorage)).toBe(false);
    const [again] = await db.select({ n: count() }).from(products);
    expect(again?.n).toBe(all.length);
  },
);
