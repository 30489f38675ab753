import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { payouts } from '../../db/schema/payouts.ts';
import { sandboxConnectedAccounts, sandboxTransfers } from '../../db/schema/sandbox-connect.ts';
import { createTestContext, type TestContext } from '../../test/test-app.ts';
import { brokenInvariants } from '../ledger/ledger-test-kit.ts';
import type { PayoutDeps } from './payout-accounts.service.ts';
import { sweepPayouts } from './payout-jobs.ts';
import { decidePayout, payOutSeller } from './payouts.service.ts';
import { payoutKit, sandboxPayoutDeps, sellerBalances } from './payouts-test-kit.ts';

let t: TestContext;
let deps: PayoutDeps;
const kit = payoutKit(() => t);
beforeAll(async () => {
  t = await createTestContext();
  deps = sandboxPayoutDeps(t);
});
afterAll(() => t?.close());

/** A seller who finished the Test mode onboarding: payouts on. */
async function onboardedSeller() {
  const seller = await kit.seller();
  const { url } = (await kit.startOnboarding(seller.cookie)).json<{ url: string }>();
  const accountId = new URL(url, 'http://x').searchParams.get('account') ?? '';
  const done = await kit.call('POST', `/api/sandbox/accounts/${accountId}/onboard`, seller.cookie, {
    outcome: 'complete',
  });
  expect(done.json()).toMatchObject({ provider: 'sandbox', state: 'enabled' });
  return { ...seller, accountId };
}

describe('payout accounts in the sandbox (test mode)', () => {
  it('has none at first, then onboards on the in-app Test mode page', async () => {
    const seller = await kit.seller();
    expect((await kit.account(seller.cookie)).json()).toEqual({
      provider: 'sandbox',
      state: 'none',
      requirements: [],
      updatedAt: null,
    });

    const started = await kit.startOnboarding(seller.cookie);
    expect(started.statusCode).toBe(200);
    const { url } = started.json<{ url: string }>();
    expect(url).toMatch(/^\/dashboard\/earnings\/test-onboarding\?account=acct_sandbox_\w+$/);
    expect((await kit.account(seller.cookie)).json()).toMatchObject({ state: 'onboarding' });
    // Asked again (a second tab, a reload): the same account.
    expect((await kit.startOnboarding(seller.cookie)).json()).toEqual({ url });
    expect(await t.database.db.select().from(sandboxConnectedAccounts)).toHaveLength(1);

    const accountId = new URL(url, 'http://x').searchParams.get('account') ?? '';
    const short = await kit.call(
      'POST',
      `/api/sandbox/accounts/${accountId}/onboard`,
      seller.cookie,
      {
        outcome: 'missing-details',
      },
    );
    expect(short.json()).toMatchObject({
      state: 'needs-info',
      requirements: ['individual.verification.document'],
    });
    const done = await kit.call(
      'POST',
      `/api/sandbox/accounts/${accountId}/onboard`,
      seller.cookie,
      {
        outcome: 'complete',
      },
    );
    expect(done.json()).toMatchObject({ state: 'enabled', requirements: [] });
    const refreshed = await kit.call('POST', '/api/payout-account/refresh', seller.cookie);
    expect(refreshed.json()).toMatchObject({ state: 'enabled' });
  });

  it("refuses to onboard another seller's account, and bad input, changing nothing", async () => {
    const owner = await kit.seller();
    const { url } = (await kit.startOnboarding(owner.cookie)).json<{ url: string }>();
    const accountId = new URL(url, 'http://x').searchParams.get('account') ?? '';
    const other = await kit.seller();
    const stolen = await kit.call(
      'POST',
      `/api/sandbox/accounts/${accountId}/onboard`,
      other.cookie,
      {
        outcome: 'complete',
      },
    );
    expect(stolen.statusCode).toBe(404);
    const badId = await kit.call('POST', '/api/sandbox/accounts/acct_1/onboard', owner.cookie, {
      outcome: 'complete',
    });
    expect(badId.statusCode).toBe(400);
    const badOutcome = await kit.call(
      'POST',
      `/api/sandbox/accounts/${accountId}/onboard`,
      owner.cookie,
      {
        outcome: 'yes',
      },
    );
    expect(badOutcome.statusCode).toBe(400);
    expect((await kit.account(owner.cookie)).json()).toMatchObject({ state: 'onboarding' });
  });
});

describe('payouts in the sandbox', () => {
  it('pays out what is available in one transfer, and the earnings show it paid out', async () => {
    const seller = await onboardedSeller();
    await kit.releasedSale(seller.user.id, 80_000, 4_000);
    await kit.releasedSale(seller.user.id, 20_000, 1_000);

    expect(await payOutSeller(deps, seller.user.id)).toEqual({ finished: 0, paid: 1, failed: 0 });
    const [transfer, ...more] = await t.database.db
      .select()
      .from(sandboxTransfers)
      .where(eq(sandboxTransfers.destination, seller.accountId));
    expect(more).toEqual([]);
    const [payout] = await t.database.db
      .select()
      .from(payouts)
      .where(eq(payouts.sellerId, seller.user.id));
    expect(transfer).toMatchObject({
      amountCents: 95_000,
      currency: 'usd',
      idempotencyKey: payout?.id,
      transferGroup: `payout_${payout?.id}`,
    });
    expect(await sellerBalances(t.database.db, seller.user.id)).toEqual({
      available: 0,
      pending: 0,
      paidOut: 95_000,
    });
    const earnings = (await kit.earnings(seller.cookie)).json();
    expect(earnings.balances).toEqual({ held: 0, available: 0, inTransit: 0, paidOut: 950 });
    expect(earnings.lines.map((line: { status: string }) => line.status)).toEqual([
      'paid-out',
      'paid-out',
    ]);
    expect((await kit.payouts(seller.cookie)).json()).toEqual([
      expect.objectContaining({ amount: 950, status: 'paid', failure: null }),
    ]);

    // Nothing left: a second run pays nothing more.
    expect(await payOutSeller(deps, seller.user.id)).toEqual({ finished: 0, paid: 0, failed: 0 });
    expect(await brokenInvariants(t.database.db)).toEqual({ unbalanced: [], overdrawn: [] });
  });

  it('pays nothing to a seller whose payouts are not on; their money stays available', async () => {
    const seller = await kit.seller();
    await kit.releasedSale(seller.user.id, 30_000, 1_500);
    await kit.startOnboarding(seller.cookie);
    expect(await payOutSeller(deps, seller.user.id)).toEqual({ finished: 0, paid: 0, failed: 0 });
    expect((await kit.earnings(seller.cookie)).json().balances).toMatchObject({
      available: 285,
      inTransit: 0,
    });
  });

  it('gives a refused transfer back to the available balance, and pays it later', async () => {
    const seller = await onboardedSeller();
    await kit.releasedSale(seller.user.id, 50_000, 2_500);
    // Decided while the account could take it; the processor then turned transfers off.
    const payout = await decidePayout(deps, seller.user.id);
    expect(await sellerBalances(t.database.db, seller.user.id)).toMatchObject({
      available: 0,
      pending: 47_500,
    });
    await t.database.db
      .update(sandboxConnectedAccounts)
      .set({ transfersActive: false })
      .where(eq(sandboxConnectedAccounts.id, seller.accountId));

    expect(await payOutSeller(deps, seller.user.id)).toEqual({ finished: 1, paid: 0, failed: 1 });
    const [failed] = await t.database.db.select().from(payouts).where(eq(payouts.id, payout!.id));
    expect(failed).toMatchObject({ status: 'failed', transferId: null });
    expect(failed?.failure).toMatch(/transfers capability/);
    expect(await sellerBalances(t.database.db, seller.user.id)).toEqual({
      available: 47_500,
      pending: 0,
      paidOut: 0,
    });
    expect((await kit.payouts(seller.cookie)).json()).toEqual([
      expect.objectContaining({ status: 'failed', amount: 475 }),
    ]);

    // The refusal made the server ask how the account stands: payouts are not on.
    expect((await kit.account(seller.cookie)).json()).toMatchObject({ state: 'verifying' });

    // Turned back on at the processor, and the seller's page asks again: paid out.
    await t.database.db
      .update(sandboxConnectedAccounts)
      .set({ transfersActive: true })
      .where(eq(sandboxConnectedAccounts.id, seller.accountId));
    await kit.call('POST', '/api/payout-account/refresh', seller.cookie);
    expect((await sweepPayouts(deps)).paid).toBeGreaterThanOrEqual(1);
    expect(await sellerBalances(t.database.db, seller.user.id)).toEqual({
      available: 0,
      pending: 0,
      paidOut: 47_500,
    });
  });

  it('finishes a payout a crash left between its ledger posting and its transfer, once', async () => {
    const seller = await onboardedSeller();
    await kit.releasedSale(seller.user.id, 60_000, 3_000);
    // The run decided the payout, then the process died before the transfer.
    const payout = await decidePayout(deps, seller.user.id);
    expect((await kit.earnings(seller.cookie)).json().balances).toMatchObject({
      available: 0,
      inTransit: 570,
    });

    await sweepPayouts(deps);
    await sweepPayouts(deps);
    const transfers = await t.database.db
      .select()
      .from(sandboxTransfers)
      .where(eq(sandboxTransfers.idempotencyKey, payout!.id));
    expect(transfers).toHaveLength(1);
    expect(await sellerBalances(t.database.db, seller.user.id)).toEqual({
      available: 0,
      pending: 0,
      paidOut: 57_000,
    });
    expect(await brokenInvariants(t.database.db)).toEqual({ unbalanced: [], overdrawn: [] });
  });
});
