import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Order } from '@laptops/shared/orders';
import { payments } from '../../db/schema/payments.ts';
import { products } from '../../db/schema/products.ts';
import { refunds } from '../../db/schema/refunds.ts';
import { sandboxPaymentIntents } from '../../db/schema/sandbox-payment-intents.ts';
import { createCategory, createProduct, createUser } from '../../db/seed/factories.ts';
import { createMailer } from '../../lib/mailer.ts';
import { startSmtpSink } from '../../test/smtp-sink.ts';
import { createTestContext, signIn, type TestContext } from '../../test/test-app.ts';
import type { PaymentDeps } from './payments.service.ts';
import { reconcilePayments } from './reconcile-payments.ts';
import { confirmSandboxPayment, createSandboxProvider } from './sandbox-provider.ts';

const DAY_MS = 86_400_000;
const card = { number: '4242 4242 4242 4242', exp_month: 12, exp_year: 2040, cvc: '123' };

let t: TestContext;
let smtp: Awaited<ReturnType<typeof startSmtpSink>>;
let deps: PaymentDeps;
beforeAll(async () => {
  smtp = await startSmtpSink();
  t = await createTestContext({ SMTP_URL: smtp.url });
  const log = pino({ level: 'silent' });
  deps = {
    db: t.database.db,
    provider: createSandboxProvider(t.database.db),
    mailer: createMailer({ smtpUrl: smtp.url, from: 'shop@laptops.test', outboxDir: '', log }),
    log,
    holdSeconds: 600,
    terms: { feeBps: 500, releaseAfterMs: 72 * 3_600_000, reminderBeforeMs: 24 * 3_600_000 },
    publish: async () => {},
  };
});
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

async function laptop() {
  const seller = await createUser(t.database.db, { typeOfUser: 'seller' });
  const category = await createCategory(t.database.db);
  return createProduct(t.database.db, {
    sellerId: seller.id,
    categoryId: category.id,
    resalePriceCents: 48000,
    name: 'ThinkPad X1 Carbon',
  });
}

/** A buyer books `productId` and starts paying, through the API: the intent to charge. */
async function startedPaying(productId: string) {
  const user = await createUser(t.database.db);
  const cookie = await signIn(t.app, user.email, user.password);
  const booked = await t.app.inject({
    method: 'POST',
    url: '/api/myOrders',
    headers: { cookie },
    payload: { productId, meetingLocation: 'Cafe', buyerPhone: '+1 512 555 0100' },
  });
  const orderId = booked.json<{ insertedId: string }>().insertedId;
  const started = await t.app.inject({
    method: 'POST',
    url: '/api/create-payment-intent',
    headers: { cookie },
    payload: { orderId },
  });
  expect(started.statusCode).toBe(200);
  const intent = started.json<{ paymentIntentId: string; clientSecret: string }>();
  return { user, cookie, orderId, ...intent };
}

/**
 * The card is charged at the processor and the server dies before it records anything:
 * the processor's confirm alone, without the route that settles it.
 */
const chargeWithoutRecording = (buyer: { paymentIntentId: string; clientSecret: string }) =>
  confirmSandboxPayment(t.database.db, buyer.paymentIntentId, {
    client_secret: buyer.clientSecret,
    card,
    billing_details: { name: 'Pat Payer', email: 'pat@example.test' },
  });

/** The order as the buyer's My Orders shows it. */
async function myOrder(buyer: { cookie: string; orderId: string }) {
  const listed = await t.app.inject({
    method: 'GET',
    url: '/api/myOrders',
    headers: { cookie: buyer.cookie },
  });
  return listed.json<Order[]>().find((order) => order._id === buyer.orderId);
}

const productStatus = async (id: string) =>
  (await t.database.db.select().from(products).where(eq(products.id, id)))[0]?.status;
const outcomesOf = async (intentId: string) => ({
  payments: await t.database.db.select().from(payments).where(eq(payments.transactionId, intentId)),
  refunds: await t.database.db.select().from(refunds).where(eq(refunds.transactionId, intentId)),
});
/** Mail goes out after the answer, over SMTP: seconds on a busy machine. */
const mailTime = { timeout: 15_000 };
const mailsTo = (email: string, subject: string) =>
  smtp.received.filter((mail) => mail.to.includes(email) && mail.raw.includes(subject)).length;

describe('reconciling sandbox payments that were charged but never recorded', () => {
  it('records the sale: the order paid, the laptop sold, the receipt sent; a second pass changes nothing', async () => {
    const product = await laptop();
    const buyer = await startedPaying(product.id);
    await chargeWithoutRecording(buyer);
    expect(await myOrder(buyer)).toMatchObject({ paid: false, status: 'unpaid' });

    const first = await reconcilePayments(deps, 7 * DAY_MS);

    expect(first).toMatchObject({ recorded: 1, refunded: 0 });
    expect(await myOrder(buyer)).toMatchObject({ paid: true, status: 'paid' });
    expect(await productStatus(product.id)).toBe('sold');
    const outcomes = await outcomesOf(buyer.paymentIntentId);
    expect(outcomes.payments).toEqual([expect.objectContaining({ amountCents: 48000 })]);
    expect(outcomes.refunds).toEqual([]);
    await expect.poll(() => mailsTo(buyer.user.email, 'Receipt'), mailTime).toBe(1);

    const second = await reconcilePayments(deps, 7 * DAY_MS);
    expect(second).toMatchObject({ recorded: 0, refunded: 0 });
    expect(second.checked).toBeGreaterThanOrEqual(1);
    expect(await outcomesOf(buyer.paymentIntentId)).toEqual(outcomes);
    expect(mailsTo(buyer.user.email, 'Receipt')).toBe(1);
  });

  it('gives the money back when the laptop was sold meanwhile, once', async () => {
    const product = await laptop();
    const late = await startedPaying(product.id);
    // Their hold ran out; another buyer paid for the laptop through the payment page.
    await t.database.db
      .update(products)
      .set({ heldUntil: new Date(Date.now() - 1000) })
      .where(eq(products.id, product.id));
    const winner = await startedPaying(product.id);
    const confirmed = await t.app.inject({
      method: 'POST',
      url: `/api/sandbox/payment_intents/${winner.paymentIntentId}/confirm`,
      payload: {
        client_secret: winner.clientSecret,
        card,
        billing_details: { name: 'Winner', email: 'winner@example.test' },
      },
    });
    expect(confirmed.statusCode).toBe(200);
    expect(await myOrder(winner)).toMatchObject({ paid: true });
    // The first buyer's old form then charged their card, and the record was lost.
    await chargeWithoutRecording(late);

    expect(await reconcilePayments(deps, 7 * DAY_MS)).toMatchObject({ recorded: 0, refunded: 1 });

    expect(await myOrder(late)).toMatchObject({ paid: false, status: 'sold-to-another' });
    const outcomes = await outcomesOf(late.paymentIntentId);
    expect(outcomes.payments).toEqual([]);
    expect(outcomes.refunds).toEqual([
      expect.objectContaining({ reason: 'sold', amountCents: 48000 }),
    ]);
    expect(outcomes.refunds[0]?.providerRefundedAt).not.toBeNull();
    const [intent] = await t.database.db
      .select()
      .from(sandboxPaymentIntents)
      .where(eq(sandboxPaymentIntents.id, late.paymentIntentId));
    expect(intent?.refundedAt).not.toBeNull();
    await expect.poll(() => mailsTo(late.user.email, 'Refunded'), mailTime).toBe(1);

    expect(await reconcilePayments(deps, 7 * DAY_MS)).toMatchObject({ recorded: 0, refunded: 0 });
    expect(await outcomesOf(late.paymentIntentId)).toEqual(outcomes);
    const [after] = await t.database.db
      .select()
      .from(sandboxPaymentIntents)
      .where(eq(sandboxPaymentIntents.id, late.paymentIntentId));
    expect(after?.refundedAt).toEqual(intent?.refundedAt);
    expect(mailsTo(late.user.email, 'Refunded')).toBe(1);
    expect(await myOrder(winner)).toMatchObject({ paid: true, status: 'paid' });
  });

  it('looks back only as far as asked, and leaves payments that are not for our orders', async () => {
    const product = await laptop();
    const old = await startedPaying(product.id);
    await chargeWithoutRecording(old);
    await t.database.db
      .update(sandboxPaymentIntents)
      .set({ createdAt: new Date(Date.now() - 8 * DAY_MS) })
      .where(eq(sandboxPaymentIntents.id, old.paymentIntentId));
    // Another shop's payment on the same account, and one with no order at all.
    const foreignMetadata: Record<string, string>[] = [
      { orderId: randomUUID() },
      { note: 'a donation' },
    ];
    for (const metadata of foreignMetadata) {
      const foreign = await deps.provider.createPaymentIntent({
        amountCents: 1000,
        currency: 'usd',
        metadata,
        idempotencyKey: randomUUID(),
      });
      await confirmSandboxPayment(t.database.db, foreign.id, {
        client_secret: foreign.clientSecret,
        card,
        billing_details: { name: 'Someone', email: 'someone@example.test' },
      });
    }

    expect(await reconcilePayments(deps, 7 * DAY_MS)).toMatchObject({ recorded: 0, refunded: 0 });
    expect(await myOrder(old)).toMatchObject({ paid: false });

    expect(await reconcilePayments(deps, 9 * DAY_MS)).toMatchObject({ recorded: 1, refunded: 0 });
    expect(await myOrder(old)).toMatchObject({ paid: true });
  });
});
