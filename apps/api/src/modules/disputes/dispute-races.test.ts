/**
 * Disputes racing what else may happen to a deal's held money. On PGlite the requests
 * run one after another; on a PostgreSQL server (TEST_DATABASE_URL) they really overlap.
 * Each round must end in exactly one outcome, with the ledger whole.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { disputes } from '../../db/schema/disputes.ts';
import { ledgerTransactions } from '../../db/schema/ledger.ts';
import { orders } from '../../db/schema/orders.ts';
import { refunds } from '../../db/schema/refunds.ts';
import { createTestContext, type TestContext } from '../../test/test-app.ts';
import { releaseDueDeals } from '../deals/deal-jobs.ts';
import { brokenInvariants } from '../ledger/ledger-test-kit.ts';
import { accounts } from '../ledger/ledger-accounts.ts';
import { balanceOf } from '../ledger/ledger.service.ts';
import { disputeKit } from './dispute-test-kit.ts';

let t: TestContext;
let kit: ReturnType<typeof disputeKit>;

beforeAll(async () => {
  t = await createTestContext({ PLATFORM_FEE_PERCENT: '5' });
  kit = disputeKit(t);
});
afterAll(async () => {
  await t?.close();
});

const ROUNDS = 5;
const held = (orderId: string) => balanceOf(t.database.db, accounts.held(orderId));
const disputeOf = async (orderId: string) =>
  (await t.database.db.select().from(disputes).where(eq(disputes.orderId, orderId)))[0];

describe('a dispute opened while the money is being released', () => {
  it('by the automatic release: either the dispute holds the money or the release took it', async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const { buyer, orderId } = await kit.paidDeal(40_000);
      await t.database.db
        .update(orders)
        .set({ releaseDueAt: new Date(Date.now() - 1000) })
        .where(eq(orders.id, orderId));

      const [opened, released] = await Promise.all([
        kit.openDispute(buyer.cookie, orderId),
        releaseDueDeals(kit.dealDeps()),
      ]);

      if (opened.statusCode === 201) {
        expect(released).toBe(0);
        expect(await held(orderId)).toBe(40_000);
        expect((await kit.orderPage(buyer.cookie, orderId)).status).toBe('disputed');
      } else {
        expect(opened.statusCode).toBe(409);
        expect(opened.json()).toMatchObject({ error: { code: 'ORDER_COMPLETED' } });
        expect(released).toBeGreaterThanOrEqual(1);
        expect(await held(orderId)).toBe(0);
        expect(await disputeOf(orderId)).toBeUndefined();
      }
    }
    expect(await brokenInvariants(t.database.db)).toEqual({ unbalanced: [], overdrawn: [] });
  });

  it("by the seller entering the buyer's code: one of the two wins, whole", async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const { seller, buyer, orderId } = await kit.paidDeal(30_000);
      const code = (await kit.orderPage(buyer.cookie, orderId)).money?.handoverCode ?? '';

      const [opened, handedOver] = await Promise.all([
        kit.openDispute(buyer.cookie, orderId),
        kit.call('POST', `/api/orders/${orderId}/handover`, seller.cookie, { code }),
      ]);

      const winners = [opened.statusCode === 201, handedOver.statusCode === 200];
      expect(winners.filter(Boolean)).toHaveLength(1);
      if (opened.statusCode === 201) {
        expect(handedOver.statusCode).toBe(409);
        expect(handedOver.json()).toMatchObject({ error: { code: 'ORDER_DISPUTED' } });
        expect(await held(orderId)).toBe(30_000);
      } else {
        expect(opened.statusCode).toBe(409);
        expect(await held(orderId)).toBe(0);
        expect(await balanceOf(t.database.db, accounts.sellerAvailable(seller.user.id))).toBe(
          28_500,
        );
        expect(await disputeOf(orderId)).toBeUndefined();
      }
    }
    expect(await brokenInvariants(t.database.db)).toEqual({ unbalanced: [], overdrawn: [] });
  });
});

describe('two admins settling one dispute at once', () => {
  it('settle it to exactly one outcome; the other is told it is settled', async () => {
    const [first, second] = [await kit.anAdmin(), await kit.signedIn('admin', 'Bo Admin')];
    for (let round = 0; round < ROUNDS; round++) {
      const { seller, orderId, disputeId } = await kit.disputedDeal(60_000);
      // Alternate who asks first, so either outcome may win.
      const asks = [
        () =>
          kit.settle(
            disputeId,
            { outcome: 'refund-part', refundAmount: '100', note: 'Part back.' },
            first.cookie,
          ),
        () => kit.settle(disputeId, { outcome: 'release', note: 'All fine.' }, second.cookie),
      ];
      if (round % 2 === 1) asks.reverse();
      const answers = await Promise.all(asks.map((ask) => ask()));

      const statuses = answers.map((answer) => answer.statusCode).sort();
      expect(statuses).toEqual([200, 409]);
      const refused = answers.find((answer) => answer.statusCode === 409);
      expect(refused?.json()).toMatchObject({ error: { code: 'DISPUTE_SETTLED' } });

      const dispute = await disputeOf(orderId);
      const refundRows = await t.database.db
        .select()
        .from(refunds)
        .where(eq(refunds.orderId, orderId));
      const postings = await t.database.db
        .select({ kind: ledgerTransactions.kind })
        .from(ledgerTransactions)
        .where(eq(ledgerTransactions.orderId, orderId));
      const sellerGot = await balanceOf(t.database.db, accounts.sellerAvailable(seller.user.id));
      expect(await held(orderId)).toBe(0);
      if (dispute?.outcome === 'refund-part') {
        expect(dispute.refundCents).toBe(10_000);
        expect(refundRows.map((row) => row.amountCents)).toEqual([10_000]);
        expect(postings.map((p) => p.kind).sort()).toEqual(['charge', 'refund', 'release']);
        expect(sellerGot).toBe(47_500); // 500.00 released, less 5%
      } else {
        expect(dispute?.outcome).toBe('release');
        expect(refundRows).toEqual([]);
        expect(postings.map((p) => p.kind).sort()).toEqual(['charge', 'release']);
        expect(sellerGot).toBe(57_000);
      }
    }
    expect(await brokenInvariants(t.database.db)).toEqual({ unbalanced: [], overdrawn: [] });
  });
});
