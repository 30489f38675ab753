import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { payouts } from '../../db/schema/payouts.ts';
import { createTestContext, signIn, type TestContext } from '../../test/test-app.ts';
import {
  createCategory,
  createPaidOrder,
  createProduct,
  createUser,
} from '../../db/seed/factories.ts';
import { payoutKit, sellerBalances } from './payouts-test-kit.ts';

// The app as the server runs it, its job queue included.
let t: TestContext;
const kit = payoutKit(() => t);
beforeAll(async () => {
  t = await createTestContext({}, { runJobs: true });
});
afterAll(() => t?.close());

/** The queue starts after the app is ready, and polls every 2 s: seconds on a busy machine. */
const patiently = { timeout: 45_000, interval: 250 };

/** Payout runs of the seller's still waiting or running. */
async function waitingRuns(sellerId: string) {
  const result = await t.database.db.execute<{ n: number }>(sql`
    select count(*)::int as n from pgboss.job
    where name = 'seller-payout' and singleton_key = ${sellerId}
      and state in ('created', 'retry', 'active')`);
  return (result as unknown as { rows: { n: number }[] }).rows[0]?.n;
}

const paidPayouts = async (sellerId: string) =>
  (await t.database.db.select().from(payouts).where(eq(payouts.sellerId, sellerId))).filter(
    (payout) => payout.status === 'paid',
  );

it('pays a seller out as soon as their payout account is on', async () => {
  const seller = await kit.seller();
  await kit.releasedSale(seller.user.id, 80_000, 4_000);
  const { url } = (await kit.startOnboarding(seller.cookie)).json<{ url: string }>();
  const accountId = new URL(url, 'http://x').searchParams.get('account') ?? '';
  await kit.call('POST', `/api/sandbox/accounts/${accountId}/onboard`, seller.cookie, {
    outcome: 'complete',
  });
  await expect
    .poll(() => sellerBalances(t.database.db, seller.user.id), patiently)
    .toEqual({
      available: 0,
      pending: 0,
      paidOut: 76_000,
    });
  expect(await paidPayouts(seller.user.id)).toHaveLength(1);
}, 60_000);

it('pays out money released later when the release queues the seller’s payout', async () => {
  const seller = await kit.seller();
  const { url } = (await kit.startOnboarding(seller.cookie)).json<{ url: string }>();
  const accountId = new URL(url, 'http://x').searchParams.get('account') ?? '';
  await kit.call('POST', `/api/sandbox/accounts/${accountId}/onboard`, seller.cookie, {
    outcome: 'complete',
  });
  // The run that turning payouts on queued finds nothing to pay, and ends.
  await expect.poll(() => waitingRuns(seller.user.id), patiently).toBe(0);
  // The buyer of a paid sale says they have the laptop: the release queues the payout.
  const db = t.database.db;
  const buyer = await createUser(db, { typeOfUser: 'buyer' });
  const product = await createProduct(db, {
    sellerId: seller.user.id,
    categoryId: (await createCategory(db)).id,
    resalePriceCents: 20_000,
  });
  const order = await createPaidOrder(db, {
    productId: product.id,
    buyerId: buyer.id,
    priceCents: 20_000,
    feeBps: 500,
  });
  const buyerCookie = await signIn(t.app, buyer.email, buyer.password);
  const received = await kit.call('POST', `/api/orders/${order.id}/received`, buyerCookie);
  expect(received.statusCode).toBe(200);
  await expect
    .poll(() => sellerBalances(t.database.db, seller.user.id), patiently)
    .toEqual({ available: 0, pending: 0, paidOut: 19_000 });
}, 60_000);
