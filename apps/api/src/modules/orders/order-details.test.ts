import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OrderDetails } from '@laptops/shared/orders';
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

const orderPage = (cookie: string, id: string) => kit.call('GET', `/api/orders/${id}`, cookie);

describe('GET /api/orders/:id (the order page)', () => {
  it('shows the buyer and the seller the same booking, each with the other’s phone', async () => {
    const { seller, product } = await kit.laptop(84900, 'Dell XPS 13');
    const buyer = await kit.bookedBy(product.id, 'Bea Buyer');

    const asBuyer = (await orderPage(buyer.cookie, buyer.orderId)).json<OrderDetails>();
    expect(asBuyer).toMatchObject({
      _id: buyer.orderId,
      viewerIs: 'buyer',
      status: 'booked',
      price: 849,
      paidAt: null,
      transactionId: null,
      product: { _id: product.id, name: 'Dell XPS 13' },
      buyer: { name: 'Bea Buyer', phone: '+1 512 555 0100' },
      seller: { name: 'Sam Seller', phone: product.mobileNumber },
      meetingLocation: 'Cafe Lumen, 5th Street',
      canPay: true,
      canCancel: true,
    });
    const asSeller = (await orderPage(seller.cookie, buyer.orderId)).json<OrderDetails>();
    expect(asSeller).toMatchObject({
      viewerIs: 'seller',
      status: 'booked',
      buyer: { name: 'Bea Buyer', phone: '+1 512 555 0100' },
      canPay: false,
      canCancel: false,
    });
  });

  it('is a receipt once paid: amount, transaction id and date, and nothing left to pay', async () => {
    const { seller, product } = await kit.laptop(50000);
    const buyer = await kit.bookedBy(product.id);
    const intent = (await kit.startPayment(buyer.cookie, buyer.orderId)).json<Intent>();
    expect((await kit.confirm(intent)).statusCode).toBe(200);
    await kit.record(buyer.cookie, buyer.orderId, intent.paymentIntentId);

    for (const cookie of [buyer.cookie, seller.cookie]) {
      const paid = (await orderPage(cookie, buyer.orderId)).json<OrderDetails>();
      expect(paid).toMatchObject({
        status: 'paid',
        price: 500,
        transactionId: intent.paymentIntentId,
        canPay: false,
        canCancel: false,
      });
      expect(Date.parse(paid.paidAt ?? '')).toBeGreaterThan(Date.now() - 60_000);
    }
  });

  it('says cancelled, and hides the phones and the meeting place once the deal is off', async () => {
    const { seller, product } = await kit.laptop();
    const buyer = await kit.bookedBy(product.id);
    await kit.cancel(buyer.cookie, buyer.orderId);
    const cancelled = (await orderPage(seller.cookie, buyer.orderId)).json<OrderDetails>();
    expect(cancelled).toMatchObject({
      status: 'cancelled',
      buyer: { phone: null },
      seller: { phone: null },
      meetingLocation: null,
    });
    expect(cancelled.cancelledAt).not.toBeNull();
  });

  it('says refunded, and why, when the money went back', async () => {
    const { product } = await kit.laptop(42000);
    const buyer = await kit.bookedBy(product.id);
    const intent = (await kit.startPayment(buyer.cookie, buyer.orderId)).json<Intent>();
    await kit.cancel(buyer.cookie, buyer.orderId);
    // The card is charged after all, from the payment form still open.
    await kit.confirm(intent);
    const refunded = (await orderPage(buyer.cookie, buyer.orderId)).json<OrderDetails>();
    expect(refunded).toMatchObject({
      status: 'refunded',
      refund: { amount: 420, why: 'This order was cancelled before your payment arrived.' },
      canPay: false,
      canCancel: false,
    });
  });

  it('says sold to another buyer to the buyer who lost the race', async () => {
    const { product } = await kit.laptop();
    const winner = await kit.bookedBy(product.id);
    const loser = await kit.bookedBy(product.id);
    const intent = (await kit.startPayment(winner.cookie, winner.orderId)).json<Intent>();
    await kit.confirm(intent);
    expect((await orderPage(loser.cookie, loser.orderId)).json<OrderDetails>()).toMatchObject({
      status: 'sold-to-another',
      seller: { phone: null },
      canPay: false,
      canCancel: true,
    });
  });

  it('does not exist for anyone but its buyer and the seller', async () => {
    const { product } = await kit.laptop();
    const buyer = await kit.bookedBy(product.id);
    const otherBuyer = await kit.signedIn('buyer');
    const otherSeller = await kit.signedIn('seller');
    const admin = await kit.signedIn('admin');
    for (const cookie of [otherBuyer.cookie, otherSeller.cookie, admin.cookie]) {
      const refused = await orderPage(cookie, buyer.orderId);
      expect(refused.statusCode).toBe(404);
      expect(refused.json()).toEqual({
        error: { code: 'NOT_FOUND', message: 'You have no such order.' },
      });
    }
    expect((await kit.call('GET', `/api/orders/${buyer.orderId}`)).statusCode).toBe(401);
    expect((await orderPage(buyer.cookie, 'not-an-id')).statusCode).toBe(400);
  });
});
