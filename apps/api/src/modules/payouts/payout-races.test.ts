/**
 * Payout runs that race for the same seller's money. On PGlite they run one after
 * another; on a PostgreSQL server (TEST_DATABASE_URL) they really overlap, and only the
 * seller's row lock keeps two runs from sending the same money.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { payouts } from '../../db/schema/payouts.ts';
import { sandboxTransfers } from '../../db/schema/sandbox-connect.ts';
import { createTestContext, type TestContext } from '../../test/test-app.ts';
import { brokenInvariants } from '../ledger/ledger-test-kit.ts';
import type { PayoutDeps } from './payout-accounts.service.ts';
import { sweepPayouts } from './payout-jobs.ts';
import { payOutSeller } from './payouts.service.ts';
import {
  paidSale,
  payoutKit,
  release,
  sandboxPayoutDeps,
  sellerBalances,
} from './payouts-test-kit.ts';

let t: TestContext;
let deps: PayoutDeps;
const kit = payoutKit(() => t);
beforeAll(async () => {
  t = await createTestContext();
  deps = sandboxPayoutDeps(t);
});
afterAll(() => t?.close());

const ROUNDS = 4;

async function onboardedSeller() {
  const seller = await kit.seller();
  const { url } = (await kit.startOnboarding(seller.cookie)).json<{ url: string }>();
  const accountId = new URL(url, 'http://x').searchParams.get('account') ?? '';
  await kit.call('POST', `/api/sandbox/accounts/${accountId}/onboard`, seller.cookie, {
    outcome: 'complete',
  });
  return { ...seller, accountId };
}

it('settles two payout runs for the same seller at once to one payout', async () => {
  for (let round = 0; round < ROUNDS; round++) {
    const seller = await onboardedSeller();
    await kit.releasedSale(seller.user.id, 70_000, 3_500);
    const runs = await Promise.all([
      payOutSeller(deps, seller.user.id),
      payOutSeller(deps, seller.user.id),
      sweepPayouts(deps),
    ]);
    expect(runs.reduce((sum, run) => sum + run.paid, 0)).toBe(1);
    const made = await t.database.db
      .select()
      .from(payouts)
      .where(eq(payouts.sellerId, seller.user.id));
    expect(made).toEqual([expect.objectContaining({ status: 'paid', amountCents: 66_500 })]);
    const sent = await t.database.db
      .select()
      .from(sandboxTransfers)
      .where(eq(sandboxTransfers.destination, seller.accountId));
    expect(sent.map((transfer) => transfer.amountCents)).toEqual([66_500]);
    expect(await sellerBalances(t.database.db, seller.user.id)).toEqual({
      available: 0,
      pending: 0,
      paidOut: 66_500,
    });
  }
  expect(await brokenInvariants(t.database.db)).toEqual({ unbalanced: [], overdrawn: [] });
});

it('loses no money released while a payout is being decided', async () => {
  for (let round = 0; round < ROUNDS; round++) {
    const seller = await onboardedSeller();
    await kit.releasedSale(seller.user.id, 40_000, 2_000);
    const late = await paidSale(t.database.db, seller.user.id, 25_000);
    await Promise.all([
      payOutSeller(deps, seller.user.id),
      release(t.database.db, late, seller.user.id, 25_000, 1_250),
    ]);
    // The release landed before the decision (paid out with the rest) or after it
    // (still available for the next run); either way every cent is in one place.
    const balances = await sellerBalances(t.database.db, seller.user.id);
    expect(balances.pending).toBe(0);
    expect(balances.available + balances.paidOut).toBe(38_000 + 23_750);
    await payOutSeller(deps, seller.user.id);
    expect(await sellerBalances(t.database.db, seller.user.id)).toEqual({
      available: 0,
      pending: 0,
      paidOut: 61_750,
    });
  }
  expect(await brokenInvariants(t.database.db)).toEqual({ unbalanced: [], overdrawn: [] });
});
