import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Order, OrderDetails } from '@laptops/shared/orders';
import { products } from '../../db/schema/products.ts';
import { refunds } from '../../db/schema/refunds.ts';
import { sandboxPaymentIntents } from '../../db/schema/sandbox-payment-intents.ts';
import { buyingKit, type Intent } from '../../test/buying-kit.ts';
import { decodeQuotedPrintable, startSmtpSink } from '../../test/smtp-sink.ts';
import { createTestContext, type TestContext } from '../../test/test-app.ts';
import { brokenInvariants } from '../ledger/ledger-test-kit.ts';
import { accounts } from '../ledger/ledger-accounts.ts';
import { balanceOf } from '../ledger/ledger.service.ts';

let t: TestContext;
let smtp: Awaited<ReturnType<typeof startSmtpSink>>;
let kit: ReturnType<typeof buyingKit>;

beforeAll(async () => {
  smtp = await startSmtpSink();
  t = await createTestContext({ SMTP_URL: smtp.url, PLATFORM_FEE_PERCENT: '5' });
  kit = buyingKit(t);
});
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

/** A laptop sold through the sandbox: the seller, the buyer and the paid order. */
async function paidDeal(priceCents = 80_000) {
  const { seller, product } = await kit.laptop(priceCents, 'Dell XPS 13');
  const buyer = await kit.bookedBy(product.id, 'Bea Buyer');
  const intent = (await kit.startPayment(buyer.cookie, buyer.orderId)).json<Intent>();
  expect((await kit.confirm(intent)).statusCode).toBe(200);
  expect((await kit.record(buyer.cookie, buyer.orderId, intent.paymentIntentId)).statusCode).toBe(
    201,
  );
  return { seller, buyer, product, orderId: buyer.orderId, intent };
}

const page = async (cookie: string, orderId: string) =>
  (await kit.call('GET', `/api/orders/${orderId}`, cookie)).json<OrderDetails>();

const mailsTo = (email: string) =>
  smtp.received.filter((mail) => mail.to.includes(email)).map((m) => decodeQuotedPrintable(m.raw));

describe('a paid deal holds the money until the handover', () => {
  it('shows the buyer the held money and the handover code, and the seller neither code nor money', async () => {
    const { seller, buyer, orderId } = await paidDeal();
    const buyerView = await page(buyer.cookie, orderId);
    expect(buyerView.status).toBe('paid');
    expect(buyerView.money).toMatchObject({ charged: 800, held: 800, sellerReceived: 0, fee: 0 });
    expect(buyerView.money?.handoverCode).toMatch(/^\d{6}$/);
    expect(buyerView.money?.feePercent).toBe(5);
    expect(new Date(buyerView.money?.releaseDueAt ?? 0).getTime()).toBeGreaterThan(
      Date.now() + 71 * 3_600_000,
    );
    expect(buyerView).toMatchObject({ canConfirmReceived: true, canEnterHandoverCode: false });

    const sellerView = await page(seller.cookie, orderId);
    expect(sellerView.money?.handoverCode).toBeNull();
    expect(sellerView).toMatchObject({ canEnterHandoverCode: true, canSellerCancel: true });
    expect(await balanceOf(t.database.db, accounts.held(orderId))).toBe(80_000);
  });

  it("releases the money, less the fee, when the seller enters the buyer's code", async () => {
    const { seller, buyer, orderId } = await paidDeal();
    const code = (await page(buyer.cookie, orderId)).money?.handoverCode ?? '';
    const wrong = code === '000000' ? '111111' : '000000';

    const refused = await kit.call('POST', `/api/orders/${orderId}/handover`, seller.cookie, {
      code: wrong,
    });
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toMatchObject({ error: { code: 'WRONG_HANDOVER_CODE' } });
    expect(await balanceOf(t.database.db, accounts.held(orderId))).toBe(80_000);

    const released = await kit.call('POST', `/api/orders/${orderId}/handover`, seller.cookie, {
      code,
    });
    expect(released.statusCode).toBe(200);
    expect(released.json<OrderDetails>()).toMatchObject({
      status: 'completed',
      money: { held: 0, fee: 40, sellerReceived: 760, releasedBy: 'handover-code' },
      canEnterHandoverCode: false,
    });
    expect(await balanceOf(t.database.db, accounts.sellerAvailable(seller.user.id))).toBe(76_000);
    expect(await balanceOf(t.database.db, accounts.platformFees)).toBeGreaterThanOrEqual(4_000);

    // Once only: a second code, a buyer's confirmation, a cancellation are all refused.
    const again = await kit.call('POST', `/api/orders/${orderId}/handover`, seller.cookie, {
      code,
    });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ error: { code: 'ORDER_COMPLETED' } });
    const late = await kit.call('POST', `/api/orders/${orderId}/seller-cancel`, seller.cookie);
    expect(late.statusCode).toBe(409);
    await expect
      .poll(() => mailsTo(seller.user.email).join('\n'))
      .toContain('$760.00 (after the platform fee of $40.00) is now yours');
    expect(await brokenInvariants(t.database.db)).toEqual({ unbalanced: [], overdrawn: [] });
  });

  it('releases the money when the buyer says they have the laptop', async () => {
    const { seller, buyer, orderId } = await paidDeal(50_000);
    const confirmed = await kit.call('POST', `/api/orders/${orderId}/received`, buyer.cookie);
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json<OrderDetails>()).toMatchObject({
      status: 'completed',
      money: { releasedBy: 'buyer', handoverCode: null, sellerReceived: 475 },
    });
    expect(await balanceOf(t.database.db, accounts.sellerAvailable(seller.user.id))).toBe(47_500);
  });

  it('lets only this deal’s seller enter the code, and a few times only', async () => {
    const { buyer, orderId } = await paidDeal();
    const other = await kit.signedIn('seller');
    const code = (await page(buyer.cookie, orderId)).money?.handoverCode ?? '';
    const stranger = await kit.call('POST', `/api/orders/${orderId}/handover`, other.cookie, {
      code,
    });
    expect(stranger.statusCode).toBe(404);
    const asBuyer = await kit.call('POST', `/api/orders/${orderId}/handover`, buyer.cookie, {
      code,
    });
    expect(asBuyer.statusCode).toBe(403);
    const notACode = await kit.call('POST', `/api/orders/${orderId}/handover`, other.cookie, {
      code: '12a456',
    });
    expect(notACode.statusCode).toBe(400);

    const { seller, orderId: second } = await paidDeal();
    const statuses: number[] = [];
    for (let i = 0; i < 6; i += 1) {
      const response = await kit.call('POST', `/api/orders/${second}/handover`, seller.cookie, {
        code: String(i).padStart(6, '9'),
      });
      statuses.push(response.statusCode);
    }
    expect(statuses.slice(0, 5).every((status) => status === 422 || status === 200)).toBe(true);
    expect(statuses[5]).toBe(429);
    expect(await balanceOf(t.database.db, accounts.held(second))).toBeGreaterThanOrEqual(0);
  });
});

describe('the seller cancels a paid deal', () => {
  it('refunds the buyer in full through the provider and puts the laptop back on sale', async () => {
    const { seller, buyer, orderId, product, intent } = await paidDeal(64_000);
    const cancelled = await kit.call('POST', `/api/orders/${orderId}/seller-cancel`, seller.cookie);
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json<OrderDetails>()).toMatchObject({
      status: 'refunded',
      money: { held: 0, refunded: 640, sellerReceived: 0, releaseDueAt: null },
    });
    const [refund] = await t.database.db.select().from(refunds).where(eq(refunds.orderId, orderId));
    expect(refund).toMatchObject({ reason: 'seller-cancelled', amountCents: 64_000 });
    expect(refund?.providerRefundedAt).not.toBeNull();
    const [sandbox] = await t.database.db
      .select()
      .from(sandboxPaymentIntents)
      .where(eq(sandboxPaymentIntents.id, intent.paymentIntentId));
    expect(sandbox?.refundedCents).toBe(64_000);
    const [laptop] = await t.database.db.select().from(products).where(eq(products.id, product.id));
    expect(laptop?.status).toBe('available');
    expect((await page(buyer.cookie, orderId)).status).toBe('refunded');
    // The deal stays in the buyer's list, and the buyer may book the laptop again.
    const listed = (await kit.call('GET', '/api/myOrders', buyer.cookie)).json<Order[]>();
    expect(listed.find((order) => order._id === orderId)?.status).toBe('refunded');
    expect((await kit.book(buyer.cookie, product.id)).statusCode).toBe(201);
    await expect
      .poll(() => mailsTo(buyer.user.email).join('\n'))
      .toContain('Your payment of $640.00 is being refunded in full');
    // Not twice, and the buyer cannot release what went back.
    const again = await kit.call('POST', `/api/orders/${orderId}/seller-cancel`, seller.cookie);
    expect(again.statusCode).toBe(409);
    const received = await kit.call('POST', `/api/orders/${orderId}/received`, buyer.cookie);
    expect(received.statusCode).toBe(409);
    expect(await brokenInvariants(t.database.db)).toEqual({ unbalanced: [], overdrawn: [] });
  });

  it('is not for an unpaid booking', async () => {
    const { seller, product } = await kit.laptop();
    const buyer = await kit.bookedBy(product.id);
    const response = await kit.call(
      'POST',
      `/api/orders/${buyer.orderId}/seller-cancel`,
      seller.cookie,
    );
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({ error: { code: 'ORDER_NOT_PAID' } });
  });
});

describe('the deal terms', () => {
  it('tell anyone the fee and the release time', async () => {
    const response = await kit.call('GET', '/api/deal-terms');
    expect(response.json()).toEqual({ feePercent: 5, releaseAfterHours: 72 });
  });
});
