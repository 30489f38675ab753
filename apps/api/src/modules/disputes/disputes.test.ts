import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ConversationSummary, Thread } from '@laptops/shared/conversations';
import type { DisputeSummary, DisputeThread } from '@laptops/shared/disputes';
import { disputes } from '../../db/schema/disputes.ts';
import { decodeQuotedPrintable, startSmtpSink } from '../../test/smtp-sink.ts';
import { createTestContext, type TestContext } from '../../test/test-app.ts';
import { uploadTestImage } from '../../test/upload-helper.ts';
import { brokenInvariants } from '../ledger/ledger-test-kit.ts';
import { accounts } from '../ledger/ledger-accounts.ts';
import { balanceOf } from '../ledger/ledger.service.ts';
import { disputeKit } from './dispute-test-kit.ts';

let t: TestContext;
let smtp: Awaited<ReturnType<typeof startSmtpSink>>;
let kit: ReturnType<typeof disputeKit>;

beforeAll(async () => {
  smtp = await startSmtpSink();
  t = await createTestContext({ SMTP_URL: smtp.url, PLATFORM_FEE_PERCENT: '5' });
  kit = disputeKit(t);
});
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

const mailsTo = (email: string) =>
  smtp.received.filter((mail) => mail.to.includes(email)).map((m) => decodeQuotedPrintable(m.raw));

/** The seller's conversation about the laptop, as the seller's inbox lists it. */
async function sellersThread(cookie: string, productId: string) {
  const inbox = (await kit.call('GET', '/api/conversations', cookie)).json<ConversationSummary[]>();
  const id = inbox.find((c) => c.laptop._id === productId)?._id ?? '';
  return { id, thread: (await kit.call('GET', `/api/conversations/${id}`, cookie)).json<Thread>() };
}

describe('the buyer opens a dispute', () => {
  it('keeps the money held, tells the seller in the thread and by email, and the admins', async () => {
    const admin = await kit.anAdmin();
    const { seller, buyer, orderId, product } = await kit.paidDeal(80_000);
    const photo = await uploadTestImage(t.app, buyer.cookie);

    const opened = await kit.openDispute(buyer.cookie, orderId, {
      reason: 'locked',
      details: 'Activation Lock is on: it asks for the seller’s Apple ID.',
      photos: [photo, photo],
    });
    expect(opened.statusCode).toBe(201);
    const page = await kit.orderPage(buyer.cookie, orderId);
    expect(page).toMatchObject({
      status: 'disputed',
      canOpenDispute: false,
      canConfirmReceived: false,
      money: { held: 800, sellerReceived: 0, refunded: 0 },
      dispute: {
        reason: 'locked',
        details: 'Activation Lock is on: it asks for the seller’s Apple ID.',
        photos: [{ url: photo }],
        settled: null,
      },
    });
    // The seller sees the dispute and its evidence, and can no longer take the money.
    const sellerView = await kit.orderPage(seller.cookie, orderId);
    expect(sellerView.dispute?.photos).toHaveLength(1);
    expect(sellerView).toMatchObject({ canEnterHandoverCode: false, canSellerCancel: false });
    const code = page.money?.handoverCode ?? '';
    const handover = await kit.call('POST', `/api/orders/${orderId}/handover`, seller.cookie, {
      code: code || '123456',
    });
    expect(handover.statusCode).toBe(409);
    expect(handover.json()).toMatchObject({ error: { code: 'ORDER_DISPUTED' } });
    expect(await balanceOf(t.database.db, accounts.held(orderId))).toBe(80_000);

    const { id, thread } = await sellersThread(seller.cookie, product.id);
    expect(thread.messages[0]).toMatchObject({ system: true });
    expect(thread.messages[0]?.body).toContain('The buyer opened a dispute: Locked');
    expect(thread.messages[0]?.body).toContain('Activation Lock is on');
    const answer = await kit.call('POST', `/api/conversations/${id}/messages`, seller.cookie, {
      body: 'It was unlocked when I handed it over.',
    });
    expect(answer.statusCode).toBe(201);

    await expect
      .poll(() => mailsTo(seller.user.email).join('\n'))
      .toContain('The buyer opened a dispute');
    await expect.poll(() => mailsTo(admin.user.email).join('\n')).toContain('New dispute');
    expect(mailsTo(admin.user.email).join('\n')).toContain('$800.00 is held');
  });

  it("is only the buyer's, on their own order: 404 to another buyer, 403 to others", async () => {
    const { seller, orderId } = await kit.paidDeal();
    const stranger = await kit.signedIn('buyer');
    expect((await kit.openDispute(stranger.cookie, orderId)).statusCode).toBe(404);
    expect((await kit.openDispute(seller.cookie, orderId)).statusCode).toBe(403);
    expect((await kit.openDispute((await kit.anAdmin()).cookie, orderId)).statusCode).toBe(403);
    expect(
      await t.database.db.select().from(disputes).where(eq(disputes.orderId, orderId)),
    ).toEqual([]);
  });

  it('is refused once the money was released, before payment, and a second time', async () => {
    const released = await kit.paidDeal();
    await kit.call('POST', `/api/orders/${released.orderId}/received`, released.buyer.cookie);
    const late = await kit.openDispute(released.buyer.cookie, released.orderId);
    expect(late.statusCode).toBe(409);
    expect(late.json()).toMatchObject({ error: { code: 'ORDER_COMPLETED' } });

    const { product } = await kit.laptop();
    const booked = await kit.bookedBy(product.id);
    const unpaid = await kit.openDispute(booked.cookie, booked.orderId);
    expect(unpaid.json()).toMatchObject({ error: { code: 'ORDER_NOT_PAID' } });

    const twice = await kit.disputedDeal();
    const again = await kit.openDispute(twice.buyer.cookie, twice.orderId);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ error: { code: 'ORDER_DISPUTED' } });
  });

  it('accepts only photos the buyer uploaded, at most 4, and a reason and details', async () => {
    const { seller, buyer, orderId } = await kit.paidDeal();
    const sellers = await uploadTestImage(t.app, seller.cookie);
    const theirs = await kit.openDispute(buyer.cookie, orderId, { photos: [sellers] });
    expect(theirs.statusCode).toBe(400);
    expect(theirs.json()).toMatchObject({ error: { code: 'IMAGE_NOT_OURS' } });
    const elsewhere = await kit.openDispute(buyer.cookie, orderId, {
      photos: ['https://example.com/x.webp'],
    });
    expect(elsewhere.statusCode).toBe(400);
    const own = await uploadTestImage(t.app, buyer.cookie);
    const five = await kit.openDispute(buyer.cookie, orderId, { photos: Array(5).fill(own) });
    expect(five.statusCode).toBe(400);
    const blank = await kit.openDispute(buyer.cookie, orderId, { details: '   ' });
    expect(blank.json()).toMatchObject({
      error: { fields: { details: 'Please say what is wrong' } },
    });
    const unknown = await kit.call('POST', `/api/orders/${orderId}/dispute`, buyer.cookie, {
      reason: 'bored',
      details: 'x',
    });
    expect(unknown.statusCode).toBe(400);
    expect((await kit.orderPage(buyer.cookie, orderId)).status).toBe('paid');
  });

  it('slows a buyer who tries again and again: 429 after 10 tries in an hour', async () => {
    const { buyer, orderId } = await kit.disputedDeal();
    const statuses: number[] = [];
    // The first try opened it; nine more are refused as already open, then a pause.
    for (let i = 0; i < 10; i += 1) {
      statuses.push((await kit.openDispute(buyer.cookie, orderId)).statusCode);
    }
    expect(statuses.slice(0, 9).every((status) => status === 409)).toBe(true);
    expect(statuses[9]).toBe(429);
  });
});

describe('an admin settles a dispute', () => {
  it('refunds in full: the buyer gets it all back through the provider, the laptop stays sold', async () => {
    const { seller, buyer, orderId, intent, disputeId } = await kit.disputedDeal(64_000);
    const refundsBefore = await balanceOf(t.database.db, accounts.refundsOut);
    const settled = await kit.settle(disputeId, {
      outcome: 'refund',
      note: 'The laptop does not start; the seller agreed.',
    });
    expect(settled.statusCode).toBe(200);
    expect(settled.json()).toMatchObject({
      state: 'refunded',
      money: { held: 0, refunded: 640, sellerReceived: 0, fee: 0 },
      settled: { outcome: 'refund', refunded: 640, by: 'Ada Admin' },
    });
    expect(await balanceOf(t.database.db, accounts.held(orderId))).toBe(0);
    expect(await balanceOf(t.database.db, accounts.refundsOut)).toBe(refundsBefore + 64_000);
    expect(await balanceOf(t.database.db, accounts.sellerAvailable(seller.user.id))).toBe(0);
    expect(await kit.sandboxRefunded(intent.paymentIntentId)).toBe(64_000);

    for (const cookie of [buyer.cookie, seller.cookie]) {
      expect(await kit.orderPage(cookie, orderId)).toMatchObject({
        status: 'refunded',
        dispute: {
          settled: { outcome: 'refund', note: 'The laptop does not start; the seller agreed.' },
        },
      });
    }
    expect(await kit.productStatus(orderId)).toBe('sold');
    await expect
      .poll(() => mailsTo(buyer.user.email).join('\n'))
      .toContain('$640.00 is being refunded to your card (your payment in full)');
    await expect.poll(() => mailsTo(seller.user.email).join('\n')).toContain('Dispute settled');
    expect(await brokenInvariants(t.database.db)).toEqual({ unbalanced: [], overdrawn: [] });
  });

  it('refunds in part: the rest goes to the seller, less the fee on what they receive', async () => {
    const { seller, buyer, orderId, intent, disputeId } = await kit.disputedDeal(80_000);
    const feesBefore = await balanceOf(t.database.db, accounts.platformFees);
    const refundsBefore = await balanceOf(t.database.db, accounts.refundsOut);

    for (const [refundAmount, status] of [
      ['800', 422],
      ['800.01', 422],
      ['0', 400],
      ['12.345', 400],
      ['-5', 400],
    ] as const) {
      const refused = await kit.settle(disputeId, {
        outcome: 'refund-part',
        refundAmount,
        note: 'x',
      });
      expect(refused.statusCode, refundAmount).toBe(status);
    }
    const noNote = await kit.settle(disputeId, {
      outcome: 'refund-part',
      refundAmount: '10',
      note: ' ',
    });
    expect(noNote.statusCode).toBe(400);
    expect(await balanceOf(t.database.db, accounts.held(orderId))).toBe(80_000);

    const settled = await kit.settle(disputeId, {
      outcome: 'refund-part',
      refundAmount: '$300.50',
      note: 'A key is missing: part of the price back.',
    });
    expect(settled.statusCode).toBe(200);
    // 499.50 released; the fee is 5% of it, rounded to the cent: 24.98.
    expect(settled.json()).toMatchObject({
      state: 'partly-refunded',
      money: { held: 0, refunded: 300.5, fee: 24.98, sellerReceived: 474.52 },
    });
    expect(await balanceOf(t.database.db, accounts.held(orderId))).toBe(0);
    expect(await balanceOf(t.database.db, accounts.sellerAvailable(seller.user.id))).toBe(47_452);
    expect(await balanceOf(t.database.db, accounts.platformFees)).toBe(feesBefore + 2_498);
    expect(await balanceOf(t.database.db, accounts.refundsOut)).toBe(refundsBefore + 30_050);
    expect(await kit.sandboxRefunded(intent.paymentIntentId)).toBe(30_050);
    for (const cookie of [buyer.cookie, seller.cookie]) {
      expect(await kit.orderPage(cookie, orderId)).toMatchObject({
        status: 'partly-refunded',
        money: { refunded: 300.5, sellerReceived: 474.52, releasedBy: 'dispute' },
        dispute: { settled: { outcome: 'refund-part', refunded: 300.5 } },
      });
    }
    await expect
      .poll(() => mailsTo(seller.user.email).join('\n'))
      .toContain('$474.52 (after the platform fee) is yours');
    expect(await brokenInvariants(t.database.db)).toEqual({ unbalanced: [], overdrawn: [] });
  });

  it('releases to the seller: all of it, less the fee; once only', async () => {
    const { seller, orderId, disputeId } = await kit.disputedDeal(50_000);
    const settled = await kit.settle(disputeId, {
      outcome: 'release',
      note: 'Works as described.',
    });
    expect(settled.json()).toMatchObject({
      state: 'completed',
      money: { held: 0, refunded: 0, fee: 25, sellerReceived: 475 },
    });
    expect(await balanceOf(t.database.db, accounts.sellerAvailable(seller.user.id))).toBe(47_500);
    const again = await kit.settle(disputeId, { outcome: 'refund', note: 'Changed my mind.' });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ error: { code: 'DISPUTE_SETTLED' } });
    const sellerView = await kit.orderPage(seller.cookie, orderId);
    expect(sellerView).toMatchObject({ status: 'completed', money: { releasedBy: 'dispute' } });

    // Audited, with the admin's name.
    const activity = await kit.call('GET', '/api/admin/activity', (await kit.anAdmin()).cookie);
    expect(activity.json<{ action: string; adminName: string }[]>()[0]).toMatchObject({
      action: 'settle-dispute',
      adminName: 'Ada Admin',
    });
  });

  it('is for admins only, on a dispute that exists', async () => {
    const { seller, buyer, disputeId } = await kit.disputedDeal();
    for (const cookie of [seller.cookie, buyer.cookie]) {
      const response = await kit.settle(disputeId, { outcome: 'release', note: 'Mine.' }, cookie);
      expect(response.statusCode).toBe(403);
    }
    const missing = await kit.settle(crypto.randomUUID(), { outcome: 'release', note: 'x' });
    expect(missing.statusCode).toBe(404);
  });
});

describe("the admins' console", () => {
  it('lists open disputes first, the longest waiting first, then settled ones', async () => {
    const first = await kit.disputedDeal(10_000);
    const second = await kit.disputedDeal(20_000);
    const third = await kit.disputedDeal(30_000);
    await kit.settle(first.disputeId, { outcome: 'release', note: 'Fine.' });
    const admin = await kit.anAdmin();
    const list = (await kit.call('GET', '/api/admin/disputes?limit=100', admin.cookie)).json<
      DisputeSummary[]
    >();
    const ours = list.filter((d) =>
      [first.disputeId, second.disputeId, third.disputeId].includes(d._id),
    );
    expect(ours.map((d) => d._id)).toEqual([second.disputeId, third.disputeId, first.disputeId]);
    expect(ours[0]).toMatchObject({
      held: 200,
      price: 200,
      settled: null,
      laptopName: 'HP EliteBook 840',
    });
    expect(ours[2]).toMatchObject({ held: 0, settled: { outcome: 'release', refunded: 0 } });
    const firstSettled = list.findIndex((d) => d.settled !== null);
    expect(list.slice(firstSettled).every((d) => d.settled !== null)).toBe(true);
    const open = (
      await kit.call('GET', '/api/admin/disputes?status=open&limit=100', admin.cookie)
    ).json<DisputeSummary[]>();
    expect(open.every((d) => d.settled === null)).toBe(true);
  });

  it("shows the deal's thread through its dispute only, and audits the first reading", async () => {
    const { seller, product, disputeId } = await kit.disputedDeal();
    const { id } = await sellersThread(seller.cookie, product.id);
    await kit.call('POST', `/api/conversations/${id}/messages`, seller.cookie, {
      body: 'It worked when I sold it.',
    });
    const admin = await kit.signedIn('admin', 'Another Admin');
    const read = () => kit.call('GET', `/api/admin/disputes/${disputeId}/thread`, admin.cookie);
    const thread = (await read()).json<DisputeThread>();
    expect(thread.messages.map((m) => m.from)).toEqual(['seller', 'system', 'system', 'system']);
    expect(thread.messages[0]?.body).toBe('It worked when I sold it.');
    await read();
    const activity = (await kit.call('GET', '/api/admin/activity?limit=100', admin.cookie)).json<
      { action: string; adminName: string }[]
    >();
    expect(
      activity.filter(
        (a) => a.action === 'read-dispute-conversation' && a.adminName === 'Another Admin',
      ),
    ).toHaveLength(1);
    // Not by the conversation's id, and not at all without a dispute.
    expect(
      (await kit.call('GET', `/api/admin/disputes/${id}/thread`, admin.cookie)).statusCode,
    ).toBe(404);
    const details = await kit.details(disputeId);
    expect(details.timeline.map((e) => e.event)).toEqual(['booked', 'paid', 'dispute-opened']);
    expect(details.messages).toEqual({ total: 4, sinceOpened: 2 });
  });
});
