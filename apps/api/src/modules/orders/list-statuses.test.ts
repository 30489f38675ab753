import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Order, OrderDetails } from '@laptops/shared/orders';
import type { MyBuyer } from '@laptops/shared/products';
import { disputes } from '../../db/schema/disputes.ts';
import { products } from '../../db/schema/products.ts';
import { buyingKit, type Intent } from '../../test/buying-kit.ts';
import { createTestContext, type TestContext } from '../../test/test-app.ts';

let t: TestContext;
let kit: ReturnType<typeof buyingKit>;

beforeAll(async () => {
  t = await createTestContext();
  kit = buyingKit(t);
});
afterAll(async () => {
  await t?.close();
});

async function pay(cookie: string, orderId: string) {
  const intent = (await kit.startPayment(cookie, orderId)).json<Intent>();
  expect((await kit.confirm(intent)).statusCode).toBe(200);
  expect((await kit.record(cookie, orderId, intent.paymentIntentId)).statusCode).toBe(201);
}

const myOrders = async (cookie: string) =>
  (await kit.call('GET', '/api/myOrders', cookie)).json<Order[]>();
const myBuyers = async (cookie: string) =>
  (await kit.call('GET', '/api/myBuyers', cookie)).json<MyBuyer[]>();

describe('My orders and My buyers say where each deal stands', () => {
  it('lists unpaid, held, completed, refunded, disputed, sold and withdrawn bookings', async () => {
    const seller = await kit.signedIn('seller', 'Sal Seller');
    const buyer = await kit.signedIn('buyer', 'Bo Buyer');
    const other = await kit.signedIn('buyer', 'Oli Other');
    const laptop = async (name: string) => {
      const { product } = await kit.laptop(50_000, name);
      // One seller for all of them: My buyers lists them together.
      await t.database.db
        .update(products)
        .set({ sellerId: seller.user.id })
        .where(eq(products.id, product.id));
      return product;
    };
    const book = async (cookie: string, productId: string) =>
      (await kit.book(cookie, productId)).json<{ insertedId: string }>().insertedId;

    const unpaid = await book(buyer.cookie, (await laptop('HP Unpaid')).id);
    const held = await book(buyer.cookie, (await laptop('HP Held')).id);
    await pay(buyer.cookie, held);
    const completed = await book(buyer.cookie, (await laptop('HP Completed')).id);
    await pay(buyer.cookie, completed);
    expect(
      (await kit.call('POST', `/api/orders/${completed}/received`, buyer.cookie)).statusCode,
    ).toBe(200);
    const refunded = await book(buyer.cookie, (await laptop('HP Refunded')).id);
    await pay(buyer.cookie, refunded);
    expect(
      (await kit.call('POST', `/api/orders/${refunded}/seller-cancel`, seller.cookie)).statusCode,
    ).toBe(200);
    const disputed = await book(buyer.cookie, (await laptop('HP Disputed')).id);
    await pay(buyer.cookie, disputed);
    await t.database.db.insert(disputes).values({
      orderId: disputed,
      openedBy: buyer.user.id,
      reason: 'does-not-work',
      details: 'It does not boot.',
    });
    const soldLaptop = await laptop('HP Sold');
    const lost = await book(buyer.cookie, soldLaptop.id);
    const won = await book(other.cookie, soldLaptop.id);
    await pay(other.cookie, won);
    const withdrawnLaptop = await laptop('HP Withdrawn');
    const withdrawn = await book(buyer.cookie, withdrawnLaptop.id);
    await t.database.db
      .update(products)
      .set({ deletedAt: new Date() })
      .where(eq(products.id, withdrawnLaptop.id));

    const expected = {
      [unpaid]: 'unpaid',
      [held]: 'paid',
      [completed]: 'completed',
      [refunded]: 'refunded',
      [disputed]: 'disputed',
      [lost]: 'sold-to-another',
      [withdrawn]: 'withdrawn',
    };
    const buyerStatuses = Object.fromEntries(
      (await myOrders(buyer.cookie)).map((order) => [order._id, order.status]),
    );
    expect(buyerStatuses).toEqual(expected);
    const sellerStatuses = Object.fromEntries(
      (await myBuyers(seller.cookie)).map((row) => [row._id, row.status]),
    );
    expect(sellerStatuses).toEqual({ ...expected, [won]: 'paid' });

    // The lists agree with the order page, and a paid deal stays `paid: true` whatever
    // became of its money (the original clients read that flag).
    for (const [id, status] of Object.entries(expected)) {
      const page = (await kit.call('GET', `/api/orders/${id}`, buyer.cookie)).json<OrderDetails>();
      expect(status === 'unpaid' ? 'booked' : status).toBe(page.status);
    }
    const refundedRow = (await myOrders(buyer.cookie)).find((order) => order._id === refunded);
    expect(refundedRow).toMatchObject({ paid: true, status: 'refunded' });

    // The payment page reads one order the same way.
    const one = await kit.call('GET', `/api/myOrders/${completed}`, buyer.cookie);
    expect(one.json<Order>().status).toBe('completed');
  });
});
