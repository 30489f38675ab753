/**
 * Today's money movements reach the ledger in the transactions that record them: a
 * sale's payment stays held for its order (nothing releases it yet), and a payment that
 * came too late is taken and given back.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ledgerTransactions } from '../../db/schema/ledger.ts';
import { products } from '../../db/schema/products.ts';
import { createTestContext, type TestContext } from '../../test/test-app.ts';
import { paymentTestKit, type Intent } from '../payments/payments-test-kit.ts';
import { brokenInvariants } from './ledger-test-kit.ts';
import { orderMoney } from './ledger.service.ts';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t?.close());

const { laptop, bookedBy, startPayment, confirm, record } = paymentTestKit(() => t);

const postingsOf = (orderId: string) =>
  t.database.db
    .select({ kind: ledgerTransactions.kind, key: ledgerTransactions.idempotencyKey })
    .from(ledgerTransactions)
    .where(eq(ledgerTransactions.orderId, orderId));

async function paid(cookie: string, orderId: string) {
  const intent = (await startPayment(cookie, orderId)).json<Intent>();
  await confirm(intent.paymentIntentId, intent.clientSecret);
  return intent;
}

describe('the ledger records the payments', () => {
  it('holds a sale’s payment for its order, posted once however often it is reported', async () => {
    const { product } = await laptop(64_999);
    const buyer = await bookedBy(product.id);
    const intent = await paid(buyer.cookie, buyer.orderId);
    expect((await record(buyer.cookie, buyer.orderId, intent.paymentIntentId)).statusCode).toBe(
      201,
    );
    await record(buyer.cookie, buyer.orderId, intent.paymentIntentId);

    expect(await orderMoney(t.database.db, buyer.orderId)).toEqual({
      chargedCents: 64_999,
      heldCents: 64_999,
      releasedCents: 0,
      feeCents: 0,
      refundedCents: 0,
    });
    expect(await postingsOf(buyer.orderId)).toEqual([
      { kind: 'charge', key: `charge:${intent.paymentIntentId}` },
    ]);
  });

  it('takes and gives back a payment that arrives after the laptop was sold', async () => {
    const { product } = await laptop(50_000);
    const late = await bookedBy(product.id);
    const first = await bookedBy(product.id);
    const lateIntent = (await startPayment(late.cookie, late.orderId)).json<Intent>();
    // Its hold runs out, and the other buyer pays first.
    await t.database.db
      .update(products)
      .set({ heldUntil: new Date(Date.now() - 1000) })
      .where(eq(products.id, product.id));
    const firstIntent = await paid(first.cookie, first.orderId);
    await record(first.cookie, first.orderId, firstIntent.paymentIntentId);
    await confirm(lateIntent.paymentIntentId, lateIntent.clientSecret);
    const refused = await record(late.cookie, late.orderId, lateIntent.paymentIntentId);
    expect(refused.json()).toMatchObject({ error: { code: 'PAYMENT_REFUNDED' } });
    await record(late.cookie, late.orderId, lateIntent.paymentIntentId);

    expect(await orderMoney(t.database.db, late.orderId)).toEqual({
      chargedCents: 50_000,
      heldCents: 0,
      releasedCents: 0,
      feeCents: 0,
      refundedCents: 50_000,
    });
    expect(await postingsOf(late.orderId)).toEqual(
      expect.arrayContaining([
        { kind: 'charge', key: `charge:${lateIntent.paymentIntentId}` },
        { kind: 'refund', key: `refund:${lateIntent.paymentIntentId}` },
      ]),
    );
    expect(await postingsOf(late.orderId)).toHaveLength(2);
    expect(await orderMoney(t.database.db, first.orderId)).toMatchObject({
      chargedCents: 50_000,
      heldCents: 50_000,
    });
    expect(await brokenInvariants(t.database.db)).toEqual({ unbalanced: [], overdrawn: [] });
  });
});
