import { eq } from 'drizzle-orm';
import pino from 'pino';
import type Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { payoutAccounts } from '../../db/schema/payout-accounts.ts';
import { payouts } from '../../db/schema/payouts.ts';
import { webhookEvents } from '../../db/schema/webhook-events.ts';
import { startFakeStripe } from '../../test/fake-stripe.ts';
import { createTestContext, TEST_PUBLIC_URL, type TestContext } from '../../test/test-app.ts';
import { brokenInvariants } from '../ledger/ledger-test-kit.ts';
import { createStripeClient, createStripeProvider } from '../payments/stripe-provider.ts';
import type { PayoutDeps } from './payout-accounts.service.ts';
import { sweepPayouts } from './payout-jobs.ts';
import { decidePayout, payOutSeller, transferGroupOf } from './payouts.service.ts';
import { payoutKit, sellerBalances } from './payouts-test-kit.ts';

const WEBHOOK_SECRET = 'whsec_payments';
const CONNECT_SECRET = 'whsec_connect';
let t: TestContext;
let fake: Awaited<ReturnType<typeof startFakeStripe>>;
let stripe: Stripe;
let deps: PayoutDeps;
const kit = payoutKit(() => t);

beforeAll(async () => {
  fake = await startFakeStripe();
  const keys = { secretKey: 'sk_test_fake', publishableKey: 'pk_test_fake' };
  stripe = createStripeClient({ ...keys, host: '127.0.0.1', port: fake.port, protocol: 'http' });
  t = await createTestContext(
    {
      STRIPE_SECRET_KEY: keys.secretKey,
      STRIPE_PUBLISHABLE_KEY: keys.publishableKey,
      STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
      STRIPE_CONNECT_WEBHOOK_SECRET: CONNECT_SECRET,
    },
    { stripeClient: stripe },
  );
  deps = {
    db: t.database.db,
    provider: createStripeProvider(stripe, keys),
    log: pino({ level: 'silent' }),
    publicUrl: TEST_PUBLIC_URL,
  };
});
afterAll(async () => {
  await t?.close();
  await fake?.close();
});

const postWebhook = ({ payload, header }: { payload: string; header: string }) =>
  t.app.inject({
    method: 'POST',
    url: '/api/webhooks/stripe',
    headers: { 'content-type': 'application/json', 'stripe-signature': header },
    payload,
  });

const accountIdOf = async (userId: string) =>
  (await t.database.db.select().from(payoutAccounts).where(eq(payoutAccounts.userId, userId)))[0]
    ?.accountId ?? '';

/** A seller whose Express account Stripe enabled (its form filled in, then returned). */
async function enabledSeller() {
  const seller = await kit.seller();
  await kit.startOnboarding(seller.cookie);
  const accountId = await accountIdOf(seller.user.id);
  fake.connect.completeOnboarding(accountId);
  await kit.call('POST', '/api/payout-account/refresh', seller.cookie);
  return { ...seller, accountId };
}

describe('onboarding with Stripe Connect (real SDK, local Stripe API)', () => {
  it('creates one Express account with transfers requested, and an onboarding link', async () => {
    const seller = await kit.seller();
    const started = await kit.startOnboarding(seller.cookie);
    expect(started.statusCode).toBe(200);
    expect(started.json<{ url: string }>().url).toMatch(/^https:\/\/connect\.stripe\.test\//);

    const created = fake.requests.filter(
      (r) => r.path === '/v1/accounts' && r.body.get('metadata[userId]') === seller.user.id,
    );
    expect(created).toHaveLength(1);
    expect(created[0]?.body.get('type')).toBe('express');
    expect(created[0]?.body.get('capabilities[transfers][requested]')).toBe('true');
    expect(created[0]?.body.get('email')).toBe(seller.user.email);
    expect(created[0]?.idempotencyKey).toBe(`payout-account:stripe:${seller.user.id}`);
    const accountId = await accountIdOf(seller.user.id);
    const link = fake.requests.findLast(
      (r) => r.path === '/v1/account_links' && r.body.get('account') === accountId,
    );
    expect(Object.fromEntries(link?.body ?? [])).toMatchObject({
      type: 'account_onboarding',
      refresh_url: `${TEST_PUBLIC_URL}/dashboard/earnings?onboarding=refresh`,
      return_url: `${TEST_PUBLIC_URL}/dashboard/earnings?onboarding=return`,
    });
    expect((await kit.account(seller.cookie)).json()).toMatchObject({
      provider: 'stripe',
      state: 'onboarding',
      requirements: ['business_type', 'external_account', 'tos_acceptance.date'],
    });

    // Continuing later: a new link for the same account.
    await kit.startOnboarding(seller.cookie);
    expect(
      fake.requests.filter(
        (r) => r.path === '/v1/accounts' && r.body.get('metadata[userId]') === seller.user.id,
      ),
    ).toHaveLength(1);
  });

  it('asks Stripe how the account stands when the seller comes back from the form', async () => {
    const seller = await enabledSeller();
    expect((await kit.account(seller.cookie)).json()).toMatchObject({
      state: 'enabled',
      requirements: [],
    });
  });
});

describe("Stripe's account.updated webhook", () => {
  it('keeps the state Stripe gives, once per event, from either signing secret', async () => {
    const seller = await kit.seller();
    await kit.startOnboarding(seller.cookie);
    const accountId = await accountIdOf(seller.user.id);

    fake.connect.requireMore(accountId, ['individual.verification.document']);
    const event = fake.connect.accountUpdated(accountId, CONNECT_SECRET, 'evt_acct_1');
    expect((await postWebhook(event)).statusCode).toBe(200);
    expect((await kit.account(seller.cookie)).json()).toMatchObject({
      state: 'needs-info',
      requirements: ['individual.verification.document'],
    });

    // The same event delivered again is acknowledged and does nothing more.
    fake.connect.completeOnboarding(accountId);
    expect((await postWebhook(event)).statusCode).toBe(200);
    expect((await kit.account(seller.cookie)).json()).toMatchObject({ state: 'needs-info' });
    const seen = await t.database.db
      .select()
      .from(webhookEvents)
      .where(eq(webhookEvents.id, 'evt_acct_1'));
    expect(seen).toEqual([expect.objectContaining({ type: 'account.updated' })]);

    // The next event (signed with the payments endpoint's secret) brings the new state.
    expect(
      (await postWebhook(fake.connect.accountUpdated(accountId, WEBHOOK_SECRET))).statusCode,
    ).toBe(200);
    expect((await kit.account(seller.cookie)).json()).toMatchObject({ state: 'enabled' });
  });

  it('refuses an event not signed by Stripe, changing nothing', async () => {
    const seller = await kit.seller();
    await kit.startOnboarding(seller.cookie);
    const accountId = await accountIdOf(seller.user.id);
    fake.connect.completeOnboarding(accountId);
    const forged = fake.connect.accountUpdated(accountId, 'whsec_someone_else');
    const response = await postWebhook(forged);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ error: { code: 'BAD_SIGNATURE' } });
    expect((await kit.account(seller.cookie)).json()).toMatchObject({ state: 'onboarding' });
  });

  it("ignores an account that is not one of ours (another platform's)", async () => {
    const stranger = fake.connect.completeOnboarding(
      (await stripe.accounts.create({ type: 'express' })).id,
    );
    const response = await postWebhook(fake.connect.accountUpdated(stranger.id, CONNECT_SECRET));
    expect(response.statusCode).toBe(200);
    expect(
      await t.database.db
        .select()
        .from(payoutAccounts)
        .where(eq(payoutAccounts.accountId, stranger.id)),
    ).toEqual([]);
  });
});

describe('transfers to sellers', () => {
  it("transfers the seller's available balance, keyed by the payout's id", async () => {
    const seller = await enabledSeller();
    await kit.releasedSale(seller.user.id, 120_000, 6_000);

    expect(await payOutSeller(deps, seller.user.id)).toMatchObject({ paid: 1, failed: 0 });
    const [payout] = await t.database.db
      .select()
      .from(payouts)
      .where(eq(payouts.sellerId, seller.user.id));
    const asked = fake.requests.filter((r) => r.method === 'POST' && r.path === '/v1/transfers');
    const request = asked.find((r) => r.body.get('destination') === seller.accountId);
    expect(request?.idempotencyKey).toBe(payout?.id);
    expect(Object.fromEntries(request?.body ?? [])).toMatchObject({
      amount: '114000',
      currency: 'usd',
      destination: seller.accountId,
      transfer_group: transferGroupOf(payout?.id ?? ''),
      'metadata[payoutId]': payout?.id,
      'metadata[sellerId]': seller.user.id,
    });
    const transfer = fake.connect.transfers.find((tr) => tr.destination === seller.accountId);
    expect(payout).toMatchObject({ status: 'paid', transferId: transfer?.id });
    expect(await sellerBalances(t.database.db, seller.user.id)).toEqual({
      available: 0,
      pending: 0,
      paidOut: 114_000,
    });
  });

  it('gives the money back to the available balance when Stripe refuses the transfer', async () => {
    const seller = await enabledSeller();
    await kit.releasedSale(seller.user.id, 40_000, 2_000);
    fake.connect.refuseTransfers('balance_insufficient');
    try {
      expect(await payOutSeller(deps, seller.user.id)).toMatchObject({ paid: 0, failed: 1 });
    } finally {
      fake.connect.refuseTransfers(null);
    }
    expect(await sellerBalances(t.database.db, seller.user.id)).toEqual({
      available: 38_000,
      pending: 0,
      paidOut: 0,
    });
    expect((await kit.payouts(seller.cookie)).json()).toEqual([
      expect.objectContaining({
        status: 'failed',
        amount: 380,
        failure: 'Insufficient funds in Stripe account.',
      }),
    ]);
    // The next run pays it, in a new payout (a new key).
    expect(await payOutSeller(deps, seller.user.id)).toMatchObject({ paid: 1 });
    expect(await sellerBalances(t.database.db, seller.user.id)).toMatchObject({ paidOut: 38_000 });
  });

  it('keeps a payout pending while Stripe fails, and sends it once when it answers', async () => {
    const seller = await enabledSeller();
    await kit.releasedSale(seller.user.id, 30_000, 1_500);
    fake.connect.failNextTransfer();
    await expect(payOutSeller(deps, seller.user.id)).rejects.toThrow();
    expect(await sellerBalances(t.database.db, seller.user.id)).toEqual({
      available: 0,
      pending: 28_500,
      paidOut: 0,
    });
    // Stripe answers the key with its 500 again until it forgets the key (24 hours).
    await expect(sweepPayouts(deps)).rejects.toThrow();
    fake.connect.forgetIdempotencyKeys();
    await sweepPayouts(deps);
    expect(fake.connect.transfers.filter((tr) => tr.destination === seller.accountId)).toHaveLength(
      1,
    );
    expect(await sellerBalances(t.database.db, seller.user.id)).toEqual({
      available: 0,
      pending: 0,
      paidOut: 28_500,
    });
  });

  it('finds the transfer a crashed run made, after Stripe forgot its key: never a second', async () => {
    const seller = await enabledSeller();
    await kit.releasedSale(seller.user.id, 50_000, 2_500);
    // The run decided the payout and Stripe made the transfer; then the process died.
    const payout = await decidePayout(deps, seller.user.id);
    if (!payout) throw new Error('no payout decided');
    const made = await deps.provider.createTransfer({
      amountCents: payout.amountCents,
      currency: 'usd',
      destination: payout.destination,
      transferGroup: transferGroupOf(payout.id),
      metadata: { payoutId: payout.id, sellerId: seller.user.id },
      idempotencyKey: payout.id,
    });
    fake.connect.forgetIdempotencyKeys();

    await sweepPayouts(deps);
    await sweepPayouts(deps);
    const [finished] = await t.database.db.select().from(payouts).where(eq(payouts.id, payout.id));
    expect(finished).toMatchObject({
      status: 'paid',
      transferId: made.ok ? made.transfer.id : 'none',
    });
    expect(fake.connect.transfers.filter((tr) => tr.destination === seller.accountId)).toHaveLength(
      1,
    );
    expect(await sellerBalances(t.database.db, seller.user.id)).toEqual({
      available: 0,
      pending: 0,
      paidOut: 47_500,
    });
    expect(await brokenInvariants(t.database.db)).toEqual({ unbalanced: [], overdrawn: [] });
  });
});
