/**
 * One laptop is sold once: several buyers paying for it, holds that run out, and
 * payments that come too late are refunded.
 */
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders } from '../../db/schema/orders.ts';
import { payments } from '../../db/schema/payments.ts';
import { products } from '../../db/schema/products.ts';
import { refunds } from '../../db/schema/refunds.ts';
import { sandboxPaymentIntents } from '../../db/schema/sandbox-payment-intents.ts';
import { createUser } from '../../db/seed/factories.ts';
import { decodeQuotedPrintable, startSmtpSink } from '../../test/smtp-sink.ts';
import { createTestContext, signIn, type TestContext } from '../../test/test-app.ts';
import { paymentTestKit, type Intent } from './payments-test-kit.ts';

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

async function productRow(id: string) {
  const [row] = await t.database.db.select().from(products).where(eq(products.id, id));
  return row;
}

/** A $500 laptop booked by A and B: A started paying, A's hold ran out, B started. */
async function holdRanOutAndNextBuyerStarted() {
  const { product } = await laptop(50000);
  const a = await bookedBy(product.id);
  const b = await bookedBy(product.id);
  const intentA = (await startPayment(a.cookie, a.orderId)).json<Intent>();
  await t.database.db
    .update(products)
    .set({ heldUntil: new Date(Date.now() - 1000) })
    .where(eq(products.id, product.id));
  const intentB = (await startPayment(b.cookie, b.orderId)).json<Intent>();
  return { product, a, b, intentA, intentB };
}

describe('one laptop is sold once', () => {
  it('holds the laptop for the first payer; a second buyer is told it is being bought', async () => {
    const { product } = await laptop();
    const a = await bookedBy(product.id);
    const b = await bookedBy(product.id);
    expect((await startPayment(a.cookie, a.orderId)).statusCode).toBe(200);
    const refused = await startPayment(b.cookie, b.orderId);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ error: { code: 'PRODUCT_HELD' } });
  });

  it('does not extend a hold when its buyer asks again', async () => {
    const { product } = await laptop();
    const a = await bookedBy(product.id);
    const heldUntil = async () =>
      (
        await t.database.db
          .select({ heldUntil: products.heldUntil })
          .from(products)
          .where(eq(products.id, product.id))
      )[0]?.heldUntil?.getTime();
    expect((await startPayment(a.cookie, a.orderId)).statusCode).toBe(200);
    const first = await heldUntil();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect((await startPayment(a.cookie, a.orderId)).statusCode).toBe(200);
    expect(await heldUntil()).toBe(first);
    // Once it has run out, the next start takes a new one (for whoever asks first).
    await t.database.db
      .update(products)
      .set({ heldUntil: new Date(Date.now() - 1000) })
      .where(eq(products.id, product.id));
    expect((await startPayment(a.cookie, a.orderId)).statusCode).toBe(200);
    expect(await heldUntil()).toBeGreaterThan(Date.now());
  });

  it.each([
    [
      'its seller withdraws it',
      async (seller: { email: string; password: string }, productId: string) =>
        t.app.inject({
          method: 'DELETE',
          url: `/api/myProducts?id=${productId}`,
          headers: { cookie: await signIn(t.app, seller.email, seller.password) },
        }),
    ],
    [
      'an admin deletes its seller',
      async (seller: { email: string }) => {
        const admin = await createUser(t.database.db, { typeOfUser: 'admin' });
        return t.app.inject({
          method: 'DELETE',
          url: `/api/deleteSeller?email=${encodeURIComponent(seller.email)}`,
          headers: { cookie: await signIn(t.app, admin.email, admin.password) },
        });
      },
    ],
  ])(
    'refunds a payment for a laptop taken off the market while it was paid for (%s)',
    async (_way, takeOff) => {
      const { seller, product } = await laptop(42000);
      const a = await bookedBy(product.id);
      const intent = (await startPayment(a.cookie, a.orderId)).json<Intent>();
      expect((await takeOff(seller, product.id)).statusCode).toBe(200);
      // The card is charged after all (the payment form was already open).
      await confirm(intent.paymentIntentId, intent.clientSecret);

      const late = await record(a.cookie, a.orderId, intent.paymentIntentId);
      expect(late.statusCode).toBe(409);
      expect(late.json()).toEqual({
        error: {
          code: 'PAYMENT_REFUNDED',
          message:
            'This laptop was taken off the market before your payment arrived. Your payment was refunded.',
        },
      });
      const [order] = await t.database.db.select().from(orders).where(eq(orders.id, a.orderId));
      expect(order?.paid).toBe(false);
      const [row] = await t.database.db.select().from(products).where(eq(products.id, product.id));
      expect(row?.status).not.toBe('sold');
      const [refund] = await t.database.db
        .select()
        .from(refunds)
        .where(eq(refunds.transactionId, intent.paymentIntentId));
      expect(refund).toMatchObject({ orderId: a.orderId, amountCents: 42000, reason: 'withdrawn' });
      await expect
        .poll(() =>
          smtp.received.some(
            (m) =>
              m.to.includes(a.user.email) &&
              decodeQuotedPrintable(m.raw).includes('taken off the market'),
          ),
        )
        .toBe(true);
    },
  );

  it('refunds a payment for an order its buyer cancelled, and says so', async () => {
    const { product } = await laptop();
    const a = await bookedBy(product.id);
    const intent = (await startPayment(a.cookie, a.orderId)).json<Intent>();
    const cancelled = await t.app.inject({
      method: 'DELETE',
      url: `/api/myOrders/${a.orderId}`,
      headers: { cookie: a.cookie },
    });
    expect(cancelled.statusCode).toBe(200);
    // A payment form left open in another tab.
    await confirm(intent.paymentIntentId, intent.clientSecret);
    const late = await record(a.cookie, a.orderId, intent.paymentIntentId);
    expect(late.statusCode).toBe(409);
    expect(late.json<{ error: { message: string } }>().error.message).toBe(
      'This order was cancelled before your payment arrived. Your payment was refunded.',
    );
  });

  it('refunds an old payment form used after its hold ran out, while another buyer holds the laptop', async () => {
    // B takes the next hold; A's form from before is still open and A pays with it.
    const { a, b, intentA, intentB } = await holdRanOutAndNextBuyerStarted();
    await confirm(intentA.paymentIntentId, intentA.clientSecret);

    const late = await record(a.cookie, a.orderId, intentA.paymentIntentId);
    expect(late.json()).toEqual({
      error: {
        code: 'PAYMENT_REFUNDED',
        message:
          'Your time to pay had run out, and another buyer was paying for this laptop when your payment arrived. Your payment was refunded.',
      },
    });
    const [refund] = await t.database.db
      .select()
      .from(refunds)
      .where(eq(refunds.transactionId, intentA.paymentIntentId));
    expect(refund).toMatchObject({ orderId: a.orderId, reason: 'held' });
    // B, whose turn it is, buys it.
    await confirm(intentB.paymentIntentId, intentB.clientSecret);
    expect((await record(b.cookie, b.orderId, intentB.paymentIntentId)).statusCode).toBe(201);
  });

  it('never sells the laptop for a refunded payment once it is free again; paying again is a new payment', async () => {
    const { product, a, b, intentA } = await holdRanOutAndNextBuyerStarted();
    await confirm(intentA.paymentIntentId, intentA.clientSecret);
    expect((await record(a.cookie, a.orderId, intentA.paymentIntentId)).statusCode).toBe(409);
    // B's hold runs out too, and B cancels: A is alone with the laptop.
    await t.database.db
      .update(products)
      .set({ heldUntil: new Date(Date.now() - 1000) })
      .where(eq(products.id, product.id));
    await t.app.inject({
      method: 'DELETE',
      url: `/api/myOrders/${b.orderId}`,
      headers: { cookie: b.cookie },
    });

    // The refunded payment, sent again, is still refunded, not a sale.
    const again = await record(a.cookie, a.orderId, intentA.paymentIntentId);
    expect(again.json()).toMatchObject({ error: { code: 'PAYMENT_REFUNDED' } });
    expect((await productRow(product.id))?.status).toBe('available');
    expect(
      await t.database.db.select().from(payments).where(eq(payments.orderId, a.orderId)),
    ).toEqual([]);

    // Paying again asks for the money again: a new intent, not the refunded one.
    const restarted = await startPayment(a.cookie, a.orderId);
    expect(restarted.statusCode).toBe(200);
    const intent = restarted.json<Intent>();
    expect(intent.paymentIntentId).not.toBe(intentA.paymentIntentId);
    await confirm(intent.paymentIntentId, intent.clientSecret);
    expect((await record(a.cookie, a.orderId, intent.paymentIntentId)).statusCode).toBe(201);
    expect((await productRow(product.id))?.status).toBe('sold');
  });

  it('refunds a payment that arrives after the laptop was sold to someone else', async () => {
    // Both confirm their cards.
    const { product, a, b, intentA, intentB } = await holdRanOutAndNextBuyerStarted();
    await confirm(intentB.paymentIntentId, intentB.clientSecret);
    await confirm(intentA.paymentIntentId, intentA.clientSecret);

    expect((await record(b.cookie, b.orderId, intentB.paymentIntentId)).statusCode).toBe(201);
    const late = await record(a.cookie, a.orderId, intentA.paymentIntentId);
    expect(late.statusCode).toBe(409);
    expect(late.json()).toMatchObject({ error: { code: 'PAYMENT_REFUNDED' } });

    const [refund] = await t.database.db
      .select()
      .from(refunds)
      .where(eq(refunds.transactionId, intentA.paymentIntentId));
    expect(refund).toMatchObject({ orderId: a.orderId, amountCents: 50000 });
    const [sandboxA] = await t.database.db
      .select()
      .from(sandboxPaymentIntents)
      .where(eq(sandboxPaymentIntents.id, intentA.paymentIntentId));
    expect(sandboxA?.refundedAt).toBeInstanceOf(Date);
    const paidOrders = await t.database.db
      .select()
      .from(orders)
      .where(eq(orders.productId, product.id));
    expect(paidOrders.filter((o) => o.paid).map((o) => o.id)).toEqual([b.orderId]);
    // Retrying the late payment refunds nothing twice.
    await record(a.cookie, a.orderId, intentA.paymentIntentId);
    expect(
      (
        await t.database.db
          .select({ n: count() })
          .from(refunds)
          .where(eq(refunds.orderId, a.orderId))
      )[0]?.n,
    ).toBe(1);
    await expect
      .poll(
        () =>
          smtp.received.filter((m) => m.to.includes(a.user.email) && m.raw.includes('Refunded'))
            .length,
      )
      .toBe(1);
  });

  it('20 buyers book one laptop and all try to pay at once: exactly one pays', async () => {
    const { product } = await laptop(80000);
    const buyers = await Promise.all(Array.from({ length: 20 }, () => bookedBy(product.id)));
    const starts = await Promise.all(buyers.map((b) => startPayment(b.cookie, b.orderId)));
    const winners = starts.filter((s) => s.statusCode === 200);
    expect(winners).toHaveLength(1);
    expect(starts.filter((s) => s.statusCode === 409)).toHaveLength(19);

    // Everyone who got a client secret pays, and everyone retries recording at once.
    const attempts = await Promise.all(
      starts.map(async (start, i) => {
        const buyer = buyers[i];
        if (!buyer || start.statusCode !== 200) return null;
        const intent = start.json<Intent>();
        await confirm(intent.paymentIntentId, intent.clientSecret);
        const results = await Promise.all(
          [1, 2, 3].map(() => record(buyer.cookie, buyer.orderId, intent.paymentIntentId)),
        );
        return results.map((r) => r.statusCode);
      }),
    );
    expect(attempts.flat().filter((s) => s !== null)).toEqual([201, 201, 201]);

    const productOrders = await t.database.db
      .select()
      .from(orders)
      .where(eq(orders.productId, product.id));
    expect(productOrders.filter((o) => o.paid)).toHaveLength(1);
    const productPayments = await t.database.db
      .select()
      .from(payments)
      .innerJoin(orders, eq(orders.id, payments.orderId))
      .where(eq(orders.productId, product.id));
    expect(productPayments).toHaveLength(1);
    const [row] = await t.database.db.select().from(products).where(eq(products.id, product.id));
    expect(row?.status).toBe('sold');
    // Nobody else was charged.
    const charged = await t.database.db
      .select()
      .from(sandboxPaymentIntents)
      .where(eq(sandboxPaymentIntents.status, 'succeeded'));
    const chargedForThis = charged.filter((i) => i.metadata.productId === product.id);
    expect(chargedForThis).toHaveLength(1);
  });
});
