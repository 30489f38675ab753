/**
 * Paying for an order with the sandbox processor: the intent, the card and the
 * recorded payment, and what the payment calls refuse.
 */
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Order } from '@laptops/shared/orders';
import { orders } from '../../db/schema/orders.ts';
import { payments } from '../../db/schema/payments.ts';
import { products } from '../../db/schema/products.ts';
import { sandboxPaymentIntents } from '../../db/schema/sandbox-payment-intents.ts';
import { startSmtpSink } from '../../test/smtp-sink.ts';
import { createTestContext, type TestContext } from '../../test/test-app.ts';
import { goodCard, paymentTestKit, type Intent } from './payments-test-kit.ts';

let t: TestContext;
let smtp: Awaited<ReturnType<typeof startSmtpSink>>;
beforeAll(async () => {
  smtp = await startSmtpSink();
  t = await createTestContext({ SMTP_URL: smtp.url });
});
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

const { laptop, bookedBy, startPayment, confirm, record } = paymentTestKit(() => t);

describe('paying for an order in the sandbox', () => {
  it('charges the price the server recorded, then marks the order paid and the laptop sold, once', async () => {
    const { seller, product } = await laptop(64999);
    const { user, cookie, orderId } = await bookedBy(product.id);

    const started = await startPayment(cookie, orderId, { price: 1 });
    expect(started.statusCode).toBe(200);
    const intent = started.json<Intent>();
    expect(intent).toMatchObject({ provider: 'sandbox', amount: 649.99 });
    expect(intent.clientSecret).toMatch(new RegExp(`^${intent.paymentIntentId}_secret_\\w+$`));

    // Paying before the card is confirmed changes nothing.
    expect((await record(cookie, orderId, intent.paymentIntentId)).statusCode).toBe(402);

    const confirmed = await confirm(intent.paymentIntentId, intent.clientSecret);
    expect(confirmed.json()).toEqual({
      paymentIntent: { id: intent.paymentIntentId, status: 'succeeded' },
    });

    const first = await record(cookie, orderId, intent.paymentIntentId);
    expect(first.statusCode).toBe(201);
    const again = await record(cookie, orderId, intent.paymentIntentId);
    expect(again.json()).toEqual(first.json());

    const order = await t.app.inject({
      method: 'GET',
      url: `/api/myOrders/${orderId}`,
      headers: { cookie },
    });
    expect(order.json<Order>()).toMatchObject({
      paid: true,
      status: 'paid',
      transactionId: intent.paymentIntentId,
    });
    const [row] = await t.database.db.select().from(products).where(eq(products.id, product.id));
    expect(row).toMatchObject({ status: 'sold', isAdvertised: false, heldByOrderId: null });
    const paid = await t.database.db.select().from(payments).where(eq(payments.orderId, orderId));
    expect(paid).toEqual([
      expect.objectContaining({
        amountCents: 64999,
        transactionId: intent.paymentIntentId,
        provider: 'sandbox',
      }),
    ]);

    await expect
      .poll(
        () =>
          smtp.received.filter((m) => m.to.includes(user.email) && m.raw.includes('Receipt'))
            .length,
      )
      .toBe(1);
    await expect
      .poll(
        () =>
          smtp.received.filter(
            (m) => m.to.includes(seller.email) && m.raw.includes('Subject: Sold'),
          ).length,
      )
      .toBe(1);
    // The sandbox never keeps the card.
    const stored = JSON.stringify(await t.database.db.select().from(sandboxPaymentIntents));
    // The card number itself: a random id may well contain "4242".
    expect(stored).not.toMatch(/4242\s?4242\s?4242\s?4242/);
  });

  it.each([
    ['4000 0000 0000 0002', {}, 'card_declined', 'Your card was declined.'],
    ['4000 0000 0000 9995', {}, 'insufficient_funds', 'Your card has insufficient funds.'],
    ['4000 0000 0000 0069', {}, 'expired_card', 'Your card has expired.'],
    ['4000 0000 0000 0127', {}, 'incorrect_cvc', "Your card's security code is incorrect."],
    ['4242 4242 4242 4241', {}, 'incorrect_number', 'Your card number is incorrect.'],
    [
      '4242 4242 4242 4242',
      { exp_month: 1, exp_year: 2020 },
      'invalid_expiry_year',
      "Your card's expiration date is in the past.",
    ],
    [
      '4242 4242 4242 4242',
      { exp_year: 999999999 },
      'invalid_expiry_year',
      "Your card's expiration year is invalid.",
    ],
    [
      '4242 4242 4242 4242',
      { exp_year: -300000 },
      'invalid_expiry_year',
      "Your card's expiration year is invalid.",
    ],
    ['4242 4242 4242 4242', { cvc: '1' }, 'invalid_cvc', "Your card's security code is invalid."],
  ])(
    'refuses the card %s %j with 402 and leaves the order unpaid',
    async (number, extra, code, message) => {
      const { product } = await laptop();
      const { cookie, orderId } = await bookedBy(product.id);
      const intent = (await startPayment(cookie, orderId)).json<Intent>();
      const response = await confirm(intent.paymentIntentId, intent.clientSecret, {
        ...goodCard,
        number,
        ...extra,
      });
      expect(response.statusCode).toBe(402);
      expect(response.json()).toEqual({ error: { code, message } });
      expect((await record(cookie, orderId, intent.paymentIntentId)).statusCode).toBe(402);
      const [order] = await t.database.db.select().from(orders).where(eq(orders.id, orderId));
      expect(order?.paid).toBe(false);
    },
  );

  it('refuses a wrong client secret and another buyer’s order', async () => {
    const { product } = await laptop();
    const a = await bookedBy(product.id);
    const b = await bookedBy(product.id);
    const intent = (await startPayment(a.cookie, a.orderId)).json<Intent>();
    expect(
      (await confirm(intent.paymentIntentId, `${intent.paymentIntentId}_secret_guess`)).statusCode,
    ).toBe(404);
    expect((await startPayment(b.cookie, a.orderId)).statusCode).toBe(404);
    await confirm(intent.paymentIntentId, intent.clientSecret);
    // B cannot claim A's payment for B's own order.
    expect((await record(b.cookie, b.orderId, intent.paymentIntentId)).statusCode).toBe(400);
  });

  it('resumes the same payment on a reload instead of starting another', async () => {
    const { product } = await laptop();
    const { cookie, orderId } = await bookedBy(product.id);
    const first = (await startPayment(cookie, orderId)).json<Intent>();
    const second = (await startPayment(cookie, orderId)).json<Intent>();
    expect(second.paymentIntentId).toBe(first.paymentIntentId);
  });
});

describe('payment calls with text the database cannot hold', () => {
  it('refuses a NUL character in the transaction id with a 400, and records no payment', async () => {
    const { product } = await laptop();
    const { cookie, orderId } = await bookedBy(product.id);
    const before = (await t.database.db.select({ n: count() }).from(payments))[0]?.n;
    const response = await record(cookie, orderId, 'pi_\u0000');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      error: { code: 'VALIDATION_ERROR', fields: { transactionId: expect.any(String) } },
    });
    expect((await t.database.db.select({ n: count() }).from(payments))[0]?.n).toBe(before);
  });
});
