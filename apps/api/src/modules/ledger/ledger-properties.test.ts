/**
 * Random runs of deal events (payments, late payments, releases with a fee, disputes,
 * refunds in full or in part, payouts, replays of a key, attempts to overdraw) played
 * through the deal machine and the ledger service on a real database, checked after
 * every step against a model of where the money should be.
 *
 * The same cases run every time (a fixed seed); hunt for new ones with
 * `LEDGER_SEED=random LEDGER_RUNS=500 npx vitest run <this file>`.
 */
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { transition, type DealEvent, type DealState } from '@laptops/shared/order-states';
import type { Db } from '../../db/client.ts';
import { createTestContext, type TestContext } from '../../test/test-app.ts';
import {
  accounts,
  payoutEntries,
  payoutStartEntries,
  refundEntries,
  releaseEntries,
} from './ledger-accounts.ts';
import { allBalances, brokenInvariants, ledgerParties, rows } from './ledger-test-kit.ts';
import {
  balanceOf,
  orderMoney,
  postTransaction,
  type OrderMoney,
  type Posting,
  type PostedTransaction,
} from './ledger.service.ts';
import { recordCardPayment, recordRefundedPayment } from './payment-postings.ts';

const runs = Number(process.env.LEDGER_RUNS ?? 40);
const seed = process.env.LEDGER_SEED ?? '20261127';

let t: TestContext;
let db: Db;
let parties: Awaited<ReturnType<typeof ledgerParties>>;
let sellerIds: string[];
beforeAll(async () => {
  t = await createTestContext();
  db = t.database.db;
  parties = await ledgerParties(db);
  const other = await ledgerParties(db);
  sellerIds = [parties.seller.id, other.seller.id];
});
afterAll(() => t?.close());

const dealIndex = fc.nat({ max: 1 });
const feePermille = fc.integer({ min: 0, max: 200 });
const cents = fc.integer({ min: 1, max: 150_000 });
const stepArb = fc.oneof(
  { weight: 4, arbitrary: fc.record({ type: fc.constant('pay' as const), deal: dealIndex }) },
  fc.record({
    type: fc.constantFrom(...(['cancel', 'sell-to-another', 'withdraw', 'open-dispute'] as const)),
    deal: dealIndex,
  }),
  {
    weight: 2,
    arbitrary: fc.record({ type: fc.constant('release' as const), deal: dealIndex, feePermille }),
  },
  { weight: 2, arbitrary: fc.record({ type: fc.constant('refund' as const), deal: dealIndex }) },
  {
    weight: 2,
    arbitrary: fc.record({
      type: fc.constant('refund-part' as const),
      deal: dealIndex,
      cents: fc.integer({ min: 1, max: 60_000 }),
      feePermille,
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      type: fc.constant('payout' as const),
      seller: fc.nat({ max: 1 }),
      cents,
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      type: fc.constant('replay' as const),
      pick: fc.nat(),
      stale: fc.boolean(),
    }),
  },
  fc.record({
    type: fc.constant('overdraw' as const),
    deal: dealIndex,
    extra: fc.integer({ min: 1, max: 10_000 }),
  }),
);
type Step = typeof stepArb extends fc.Arbitrary<infer S> ? S : never;

type Deal = {
  id: string;
  seller: number;
  price: number;
  state: DealState;
  money: OrderMoney;
  payments: number;
};
/** A posting made, and how to post its key again (`stale`: with entries computed anew as none). */
type Made = { id: string; again: (stale: boolean) => Promise<PostedTransaction> };

const noMoney = (): OrderMoney => ({
  chargedCents: 0,
  heldCents: 0,
  releasedCents: 0,
  feeCents: 0,
  refundedCents: 0,
});

it(
  'keeps every rule of the money over random runs of deal events',
  { timeout: 60_000 + runs * 3_000 },
  async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.integer({ min: 100, max: 100_000 }), { minLength: 2, maxLength: 2 }),
        fc.array(stepArb, { minLength: 5, maxLength: 30, size: 'max' }),
        async (prices, steps) => {
          const deals: Deal[] = [];
          for (const [i, price] of prices.entries()) {
            const seller = i % 2;
            const id = await parties.order(price, sellerIds[seller]);
            deals.push({ id, seller, price, state: 'booked', money: noMoney(), payments: 0 });
          }
          // Sellers carry their balances over from earlier runs.
          const sellers = await Promise.all(
            sellerIds.map(async (id) => ({
              available: await balanceOf(db, accounts.sellerAvailable(id)),
              paidOut: await balanceOf(db, accounts.sellerPaidOut(id)),
            })),
          );
          const made: Made[] = [];
          const play = new Player(deals, sellers, made);
          for (const step of steps) {
            await play.step(step);
            await check(deals, sellers);
          }
        },
      ),
      { numRuns: runs, ...(seed === 'random' ? {} : { seed: Number(seed) }) },
    );
  },
);

class Player {
  constructor(
    private deals: Deal[],
    private sellers: { available: number; paidOut: number }[],
    private made: Made[],
  ) {}

  async step(step: Step) {
    if (step.type === 'payout') return this.payout(step.seller, step.cents);
    if (step.type === 'replay') return this.replay(step.pick, step.stale);
    const deal = this.deals[step.deal];
    if (!deal) throw new Error('no such deal');
    if (step.type === 'pay') return this.pay(deal);
    if (step.type === 'overdraw') {
      const refund = this.refundPosting(
        deal,
        deal.money.heldCents + step.extra,
        crypto.randomUUID(),
      );
      return this.refused(() => postTransaction(db, refund));
    }
    const event: DealEvent = step.type;
    const next = transition(deal.state, event);
    if (!next.ok) return; // the service answers 409 and moves nothing
    const held = deal.money.heldCents;
    if (step.type === 'release') {
      await this.post(deal, this.releasePosting(deal, held, step.feePermille));
    } else if (step.type === 'refund' || (step.type === 'refund-part' && step.cents === held)) {
      // A part that is the whole is a refund.
      await this.post(deal, this.refundPosting(deal, held, `refund:order:${deal.id}`));
      deal.state = 'refunded';
      return;
    } else if (step.type === 'refund-part') {
      const refund = this.refundPosting(deal, step.cents, `refund:order:${deal.id}`);
      if (step.cents > held) return this.refused(() => postTransaction(db, refund));
      // The part back to the buyer and the rest to the seller, in one database transaction.
      const release = this.releasePosting(deal, held - step.cents, step.feePermille);
      await db.transaction(async (tx) => {
        this.remember(refund, await postTransaction(tx, refund));
        this.remember(release, await postTransaction(tx, release));
      });
      this.apply(deal, refund);
      this.apply(deal, release);
    }
    deal.state = next.state;
  }

  private async pay(deal: Deal) {
    deal.payments += 1;
    const payment = {
      orderId: deal.id,
      paymentIntentId: `pi_${deal.id}_${deal.payments}`,
      amountCents: deal.price,
    };
    const sale = transition(deal.state, 'pay');
    deal.money.chargedCents += deal.price;
    if (sale.ok) {
      const posted = await db.transaction((tx) => recordCardPayment(tx, payment));
      this.made.push({ id: posted.id, again: () => recordCardPayment(db, payment) });
      deal.money.heldCents += deal.price;
      deal.state = sale.state;
      return;
    }
    // Too late for this deal: taken and given back, whatever state it is in.
    const late = transition(deal.state, 'refund-late-payment');
    expect(late.ok).toBe(true);
    const reason = sale.refusal.code;
    const posted = await db.transaction((tx) => recordRefundedPayment(tx, { ...payment, reason }));
    this.made.push({
      id: posted.id,
      again: () => recordRefundedPayment(db, { ...payment, reason }),
    });
    deal.money.refundedCents += deal.price;
    if (late.ok) deal.state = late.state;
  }

  /** A payout decided (set aside) and its transfer made. */
  private async payout(seller: number, amount: number) {
    const sellerId = sellerIds[seller] ?? '';
    const id = crypto.randomUUID();
    const start: Posting = {
      kind: 'payout_start',
      orderId: null,
      key: `payout-start:${id}`,
      description: 'payout decided',
      entries: payoutStartEntries(sellerId, amount),
    };
    const sent: Posting = {
      kind: 'payout',
      orderId: null,
      key: `payout:${id}`,
      description: 'payout sent',
      entries: payoutEntries(sellerId, amount),
    };
    const balances = this.sellers[seller];
    if (!balances) throw new Error('no such seller');
    if (amount > balances.available) return this.refused(() => postTransaction(db, start));
    this.remember(start, await db.transaction((tx) => postTransaction(tx, start)));
    this.remember(sent, await db.transaction((tx) => postTransaction(tx, sent)));
    balances.available -= amount;
    balances.paidOut += amount;
  }

  private async replay(pick: number, stale: boolean) {
    const earlier = this.made[pick % Math.max(this.made.length, 1)];
    if (!earlier) return;
    const before = await allBalances(db);
    const again = await earlier.again(stale);
    expect(again).toMatchObject({ id: earlier.id, replayed: true });
    expect(await allBalances(db)).toEqual(before);
  }

  /** A refusal moves nothing. */
  private async refused(attempt: () => Promise<unknown>) {
    const before = await allBalances(db);
    await expect(attempt()).rejects.toMatchObject({ code: 'INSUFFICIENT_FUNDS' });
    expect(await allBalances(db)).toEqual(before);
  }

  private async post(deal: Deal, posting: Posting) {
    const posted = await db.transaction((tx) => postTransaction(tx, posting));
    expect(posted.replayed).toBe(false);
    this.remember(posting, posted);
    this.apply(deal, posting);
  }

  private remember(posting: Posting, posted: PostedTransaction) {
    this.made.push({
      id: posted.id,
      again: (stale) => postTransaction(db, stale ? { ...posting, entries: [] } : posting),
    });
  }

  /** The model's side of a release or a refund of held money. */
  private apply(deal: Deal, posting: Posting) {
    for (const { account, amountCents } of posting.entries) {
      if (account === accounts.held(deal.id)) deal.money.heldCents += amountCents;
      else if (account === accounts.refundsOut) deal.money.refundedCents += amountCents;
      else if (account === accounts.platformFees) deal.money.feeCents += amountCents;
      else if (account.startsWith('seller_available:')) {
        deal.money.releasedCents += amountCents;
        const seller = this.sellers[deal.seller];
        if (seller) seller.available += amountCents;
      }
    }
  }

  private refundPosting(deal: Deal, amount: number, key: string): Posting {
    return {
      kind: 'refund',
      orderId: deal.id,
      key,
      description: 'refund',
      entries: refundEntries(deal.id, amount),
    };
  }

  private releasePosting(deal: Deal, amount: number, permille: number): Posting {
    const fee = Math.floor((amount * permille) / 1000);
    const sellerId = sellerIds[deal.seller] ?? '';
    return {
      kind: 'release',
      orderId: deal.id,
      key: `release:${deal.id}`,
      description: 'release',
      entries: releaseEntries(deal.id, sellerId, amount, fee),
    };
  }
}

/** The rules, read back from the database after every step. */
async function check(deals: Deal[], sellers: { available: number; paidOut: number }[]) {
  expect(await brokenInvariants(db)).toEqual({ unbalanced: [], overdrawn: [] });
  for (const deal of deals) {
    const money = await orderMoney(db, deal.id);
    expect(money).toEqual(deal.money);
    expect(money.refundedCents).toBeLessThanOrEqual(money.chargedCents);
    expect(money.heldCents + money.releasedCents + money.feeCents + money.refundedCents).toBe(
      money.chargedCents,
    );
    // Held money leaves once: one release, one refund of it, at most.
    const [outs] = await rows<{ releases: number; refunds: number }>(
      db,
      sql`select count(*) filter (where kind = 'release')::int as releases,
        count(*) filter (where idempotency_key like 'refund:order:%')::int as refunds
        from ledger_transactions where order_id = ${deal.id}`,
    );
    expect(outs?.releases).toBeLessThanOrEqual(1);
    expect(outs?.refunds).toBeLessThanOrEqual(1);
    if (['completed', 'partly-refunded'].includes(deal.state)) {
      expect(money.heldCents).toBe(0);
      expect(outs?.releases).toBe(1);
    }
    if (deal.state === 'paid' || deal.state === 'disputed')
      expect(money.heldCents).toBe(deal.price);
    else expect(money.heldCents).toBe(0);
  }
  for (const [i, sellerId] of sellerIds.entries()) {
    expect(await balanceOf(db, accounts.sellerAvailable(sellerId))).toBe(sellers[i]?.available);
    expect(await balanceOf(db, accounts.sellerPaidOut(sellerId))).toBe(sellers[i]?.paidOut);
  }
}
