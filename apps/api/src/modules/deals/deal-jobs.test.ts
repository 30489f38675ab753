/**
 * The automatic release and its reminders, and the races around a release: run on
 * PGlite (one connection: the calls take turns) and, as in CI, on a PostgreSQL
 * server (TEST_DATABASE_URL), where they truly overlap.
 */
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OrderDetails } from '@laptops/shared/orders';
import { orders } from '../../db/schema/orders.ts';
import { buyingKit, type Intent } from '../../test/buying-kit.ts';
import { decodeQuotedPrintable, startSmtpSink } from '../../test/smtp-sink.ts';
import { createTestContext, type TestContext } from '../../test/test-app.ts';
import { HttpError } from '../../lib/http-error.ts';
import { accounts } from '../ledger/ledger-accounts.ts';
import { brokenInvariants, rows } from '../ledger/ledger-test-kit.ts';
import { balanceOf } from '../ledger/ledger.service.ts';
import { confirmReceived, enterHandoverCode, sellerCancel, type DealDeps } from './deal-actions.ts';
import { sandboxDealDeps } from './deals-test-kit.ts';
import { releaseDueDeals, sendReleaseReminders } from './deal-jobs.ts';

let t: TestContext;
let smtp: Awaited<ReturnType<typeof startSmtpSink>>;
let kit: ReturnType<typeof buyingKit>;
let deps: DealDeps;

beforeAll(async () => {
  smtp = await startSmtpSink();
  t = await createTestContext({ SMTP_URL: smtp.url, PLATFORM_FEE_PERCENT: '10' });
  kit = buyingKit(t);
  deps = sandboxDealDeps(t, smtp.url);
});
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

async function paidDeal(priceCents = 30_000) {
  const { seller, product } = await kit.laptop(priceCents, 'HP EliteBook 840');
  const buyer = await kit.bookedBy(product.id, 'Ana Buyer');
  const intent = (await kit.startPayment(buyer.cookie, buyer.orderId)).json<Intent>();
  await kit.confirm(intent);
  await kit.record(buyer.cookie, buyer.orderId, intent.paymentIntentId);
  const [order] = await t.database.db.select().from(orders).where(eq(orders.id, buyer.orderId));
  if (!order?.releaseDueAt || !order.handoverCode) throw new Error('not a held deal');
  return { seller, buyer, orderId: order.id, dueAt: order.releaseDueAt, code: order.handoverCode };
}

const hoursAfter = (at: Date, hours: number) => new Date(at.getTime() + hours * 3_600_000);
const status = async (cookie: string, orderId: string) =>
  (await kit.call('GET', `/api/orders/${orderId}`, cookie)).json<OrderDetails>().status;

describe('the automatic release', () => {
  it('releases a deal once its time is up, and not before', async () => {
    const { seller, buyer, orderId, dueAt } = await paidDeal();
    await releaseDueDeals(deps, hoursAfter(dueAt, -1));
    expect(await status(buyer.cookie, orderId)).toBe('paid');

    expect(await releaseDueDeals(deps, hoursAfter(dueAt, 1))).toBeGreaterThanOrEqual(1);
    const page = (
      await kit.call('GET', `/api/orders/${orderId}`, seller.cookie)
    ).json<OrderDetails>();
    expect(page).toMatchObject({
      status: 'completed',
      money: { releasedBy: 'automatic', held: 0, fee: 30, sellerReceived: 270 },
    });
    expect(await balanceOf(t.database.db, accounts.sellerAvailable(seller.user.id))).toBe(27_000);
    // A second run finds nothing more to release for it.
    await releaseDueDeals(deps, hoursAfter(dueAt, 2));
    expect(await balanceOf(t.database.db, accounts.sellerAvailable(seller.user.id))).toBe(27_000);
  });

  it('leaves a deal the seller cancelled alone', async () => {
    const { seller, buyer, orderId, dueAt } = await paidDeal();
    await sellerCancel(deps, seller.user.id, orderId);
    await releaseDueDeals(deps, hoursAfter(dueAt, 1));
    expect(await status(buyer.cookie, orderId)).toBe('refunded');
    expect(await balanceOf(t.database.db, accounts.sellerAvailable(seller.user.id))).toBe(0);
  });
});

describe('the reminders before the release', () => {
  it('email the buyer and the seller once, a day before', async () => {
    const { seller, buyer, orderId, dueAt } = await paidDeal();
    const terms = { reminderBeforeMs: 24 * 3_600_000 };
    const mailsAbout = () =>
      smtp.received
        .map((mail) => ({ to: mail.to, text: decodeQuotedPrintable(mail.raw) }))
        .filter(
          (mail) => mail.text.includes(orderId) && /released (soon|to you on)/.test(mail.text),
        );

    await sendReleaseReminders(deps, terms, hoursAfter(dueAt, -30));
    expect(mailsAbout()).toHaveLength(0);
    await sendReleaseReminders(deps, terms, hoursAfter(dueAt, -20));
    await sendReleaseReminders(deps, terms, hoursAfter(dueAt, -19));
    const sent = mailsAbout();
    expect(sent.map((mail) => mail.to[0]).sort()).toEqual(
      [buyer.user.email, seller.user.email].sort(),
    );
    const toBuyer = sent.find((mail) => mail.to.includes(buyer.user.email));
    expect(toBuyer?.text).toContain('open a dispute before then');
  });
});

describe('a release racing the other ways a deal can end', () => {
  it('ends one way when the handover, the buyer, the seller cancelling and the job all act at once', async () => {
    for (let round = 0; round < 4; round += 1) {
      const { seller, buyer, orderId, dueAt, code } = await paidDeal(40_000);
      const outcomes = await Promise.allSettled([
        enterHandoverCode(deps, seller.user.id, orderId, code),
        confirmReceived(deps, buyer.user.id, orderId),
        sellerCancel(deps, seller.user.id, orderId),
        releaseDueDeals(deps, hoursAfter(dueAt, 1)),
      ]);
      const refusals = outcomes.filter((o) => o.status === 'rejected');
      for (const refusal of refusals) {
        const reason: unknown = (refusal as PromiseRejectedResult).reason;
        expect(reason).toBeInstanceOf(HttpError);
        expect((reason as HttpError).statusCode).toBe(409);
      }
      expect(await balanceOf(t.database.db, accounts.held(orderId))).toBe(0);
      const available = await balanceOf(t.database.db, accounts.sellerAvailable(seller.user.id));
      const [refunded] = await rows<{ cents: string | null }>(
        t.database.db,
        sql`select sum(amount_cents)::text as cents from refunds where order_id = ${orderId}`,
      );
      const refundedCents = Number(refunded?.cents ?? 0);
      // Released (less the 10% fee) or refunded in full: never both, never neither.
      expect([available, refundedCents]).toSatisfy(
        ([paid, back]: number[]) =>
          (paid === 36_000 && back === 0) || (paid === 0 && back === 40_000),
      );
    }
    expect(await brokenInvariants(t.database.db)).toEqual({ unbalanced: [], overdrawn: [] });
  });
});
