import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OrderReviews, ReportedReview } from '@laptops/shared/reviews';
import { adminActionsLog } from '../../db/schema/admin-actions.ts';
import { orders } from '../../db/schema/orders.ts';
import { reviewReports, reviews } from '../../db/schema/reviews.ts';
import { buyingKit, type Intent } from '../../test/buying-kit.ts';
import { decodeQuotedPrintable, startSmtpSink } from '../../test/smtp-sink.ts';
import { createTestContext, type TestContext } from '../../test/test-app.ts';

let t: TestContext;
let smtp: Awaited<ReturnType<typeof startSmtpSink>>;
let kit: ReturnType<typeof buyingKit>;

beforeAll(async () => {
  smtp = await startSmtpSink();
  t = await createTestContext({ SMTP_URL: smtp.url });
  kit = buyingKit(t);
});
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

const DAY_MS = 24 * 60 * 60 * 1000;

/** A laptop sold through the sandbox and paid for, its money still held. */
async function paidDeal() {
  const { seller, product } = await kit.laptop(50_000, 'HP EliteBook 840');
  const buyer = await kit.bookedBy(product.id, 'Emma Buyer');
  const intent = (await kit.startPayment(buyer.cookie, buyer.orderId)).json<Intent>();
  expect((await kit.confirm(intent)).statusCode).toBe(200);
  expect((await kit.record(buyer.cookie, buyer.orderId, intent.paymentIntentId)).statusCode).toBe(
    201,
  );
  return { seller, buyer, orderId: buyer.orderId };
}

/** A deal whose money was released: the buyer said they have the laptop. */
async function completedDeal() {
  const deal = await paidDeal();
  const received = await kit.call(
    'POST',
    `/api/orders/${deal.orderId}/received`,
    deal.buyer.cookie,
  );
  expect(received.statusCode).toBe(200);
  return deal;
}

const state = async (cookie: string, orderId: string) => {
  const response = await kit.call('GET', `/api/orders/${orderId}/reviews`, cookie);
  expect(response.statusCode).toBe(200);
  return response.json<OrderReviews>();
};

const write = (cookie: string, orderId: string, rating: unknown, body: unknown) =>
  kit.call('POST', `/api/orders/${orderId}/reviews`, cookie, { rating, body });

const mailsTo = (email: string) =>
  smtp.received.filter((mail) => mail.to.includes(email)).map((m) => decodeQuotedPrintable(m.raw));

describe('the two reviews of a completed deal', () => {
  it('keeps each sealed from the other side until both are in, then shows both', async () => {
    const { seller, buyer, orderId } = await completedDeal();
    const before = await state(buyer.cookie, orderId);
    expect(before).toMatchObject({
      viewerRole: 'buyer',
      otherName: 'Sam Seller',
      completed: true,
      canWrite: true,
      mine: null,
      theirs: null,
      theyWrote: false,
    });
    const closes = new Date(before.windowClosesAt ?? 0).getTime();
    expect(closes).toBeGreaterThan(Date.now() + 13.9 * DAY_MS);
    expect(closes).toBeLessThanOrEqual(Date.now() + 14 * DAY_MS);

    const first = await write(
      buyer.cookie,
      orderId,
      5,
      '  Friendly seller, laptop as described.  ',
    );
    expect(first.statusCode).toBe(201);
    expect(first.json<OrderReviews>()).toMatchObject({
      canWrite: false,
      mine: { rating: 5, body: 'Friendly seller, laptop as described.', published: false },
    });
    expect(first.json<OrderReviews>().mine?.publishedAt).toBe(before.windowClosesAt);

    // The seller knows a review waits, not what it says.
    const sellerView = await state(seller.cookie, orderId);
    expect(sellerView).toMatchObject({ theyWrote: true, theirs: null, mine: null, canWrite: true });
    expect(JSON.stringify(sellerView)).not.toContain('Friendly seller');
    // ...and is told by email, once, with the days left and the order page.
    await expect
      .poll(() => mailsTo(seller.user.email).join('\n'))
      .toContain('Emma Buyer has reviewed your deal');
    const mail = mailsTo(seller.user.email).join('\n');
    expect(mail).toContain('Write yours within 14 days to see it');
    expect(mail).toContain(`/dashboard/orders/${orderId}`);
    expect(mail).not.toContain('Friendly seller');

    const second = await write(seller.cookie, orderId, 4, 'Quick payment, on time at the cafe.');
    expect(second.statusCode).toBe(201);
    expect(second.json<OrderReviews>()).toMatchObject({
      mine: { rating: 4, published: true, authorName: 'Sam Seller', subjectName: 'Emma Buyer' },
      theirs: { rating: 5, body: 'Friendly seller, laptop as described.', published: true },
      canReply: true,
    });
    expect(await state(buyer.cookie, orderId)).toMatchObject({
      mine: { published: true },
      theirs: { rating: 4, body: 'Quick payment, on time at the cafe.' },
    });
    // Only the first review sends an email.
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(mailsTo(buyer.user.email).join('\n')).not.toContain('has reviewed your deal');
    expect(mailsTo(seller.user.email).filter((m) => m.includes('has reviewed'))).toHaveLength(1);
  });

  it('publishes a lone review when the window closes, and refuses a late one', async () => {
    const { seller, buyer, orderId } = await completedDeal();
    await t.database.db
      .update(orders)
      .set({ completedAt: new Date(Date.now() - 13 * DAY_MS) })
      .where(eq(orders.id, orderId));
    expect(
      (await write(buyer.cookie, orderId, 3, 'Battery weaker than promised.')).statusCode,
    ).toBe(201);
    expect((await state(seller.cookie, orderId)).theirs).toBeNull();

    // A day later the window is closed: the buyer's review is out, the seller's too late.
    await t.database.db
      .update(orders)
      .set({ completedAt: new Date(Date.now() - 14 * DAY_MS - 1000) })
      .where(eq(orders.id, orderId));
    await t.database.db
      .update(reviews)
      .set({ publishedAt: new Date(Date.now() - 1000) })
      .where(eq(reviews.orderId, orderId));
    const late = await write(seller.cookie, orderId, 1, 'Answering what I just read.');
    expect(late.statusCode).toBe(409);
    expect(late.json()).toMatchObject({ error: { code: 'REVIEW_WINDOW_CLOSED' } });
    expect(await state(seller.cookie, orderId)).toMatchObject({
      canWrite: false,
      mine: null,
      theirs: { rating: 3, body: 'Battery weaker than promised.' },
    });
  });

  it('refuses a deal that did not complete, strangers, a second review and bad input', async () => {
    const { seller, buyer, orderId } = await paidDeal();
    const held = await write(buyer.cookie, orderId, 5, 'Writing before the handover.');
    expect(held.statusCode).toBe(409);
    expect(held.json()).toMatchObject({ error: { code: 'DEAL_NOT_COMPLETED' } });
    expect(await state(seller.cookie, orderId)).toMatchObject({
      completed: false,
      canWrite: false,
      windowClosesAt: null,
    });

    // Refunded in full: the seller cancels; never completed.
    const cancelled = await paidDeal();
    expect(
      (
        await kit.call(
          'POST',
          `/api/orders/${cancelled.orderId}/seller-cancel`,
          cancelled.seller.cookie,
        )
      ).statusCode,
    ).toBe(200);
    const refunded = await write(cancelled.buyer.cookie, cancelled.orderId, 1, 'Seller cancelled.');
    expect(refunded.statusCode).toBe(409);

    // Not paid at all.
    const { product } = await kit.laptop();
    const booked = await kit.bookedBy(product.id);
    expect(
      (await write(booked.cookie, booked.orderId, 4, 'Never even paid for it.')).statusCode,
    ).toBe(409);

    const done = await completedDeal();
    const stranger = await kit.signedIn('buyer');
    expect(
      (await write(stranger.cookie, done.orderId, 5, 'I was not even there.')).statusCode,
    ).toBe(404);
    expect(
      (await kit.call('GET', `/api/orders/${done.orderId}/reviews`, stranger.cookie)).statusCode,
    ).toBe(404);
    const admin = await kit.signedIn('admin');
    expect(
      (await kit.call('GET', `/api/orders/${done.orderId}/reviews`, admin.cookie)).statusCode,
    ).toBe(404);

    for (const [rating, body] of [
      [0, 'A fine deal overall.'],
      [6, 'A fine deal overall.'],
      [4.5, 'A fine deal overall.'],
      ['five', 'A fine deal overall.'],
      [5, '   '],
      [5, 'Too short'],
      [5, 'x'.repeat(1001)],
    ] as const) {
      const bad = await write(done.buyer.cookie, done.orderId, rating, body);
      expect(bad.statusCode, `${rating} ${body.slice(0, 12)}`).toBe(400);
    }
    expect((await write(done.buyer.cookie, done.orderId, 2, 'Ten chars!')).statusCode).toBe(201);
    const twice = await write(done.buyer.cookie, done.orderId, 5, 'Changed my mind, all good.');
    expect(twice.statusCode).toBe(409);
    expect(twice.json()).toMatchObject({ error: { code: 'ALREADY_REVIEWED' } });
    expect((await state(done.buyer.cookie, done.orderId)).mine).toMatchObject({ rating: 2 });
  });

  it('publishes both when the two second reviews race, and keeps one per side', async () => {
    // Both sides write at the same moment: whichever comes second publishes both.
    const both = await completedDeal();
    const [a, b] = await Promise.all([
      write(both.buyer.cookie, both.orderId, 5, 'Great seller, thank you!'),
      write(both.seller.cookie, both.orderId, 5, 'Great buyer, thank you!'),
    ]);
    expect([a.statusCode, b.statusCode]).toEqual([201, 201]);
    const rows = await t.database.db
      .select()
      .from(reviews)
      .where(eq(reviews.orderId, both.orderId));
    expect(rows).toHaveLength(2);
    for (const row of rows) expect(row.publishedAt.getTime()).toBeLessThanOrEqual(Date.now());
    expect((await state(both.buyer.cookie, both.orderId)).theirs?.body).toBe(
      'Great buyer, thank you!',
    );

    // The same second review sent twice at once: one is stored, and both are published.
    const deal = await completedDeal();
    expect(
      (await write(deal.buyer.cookie, deal.orderId, 4, 'Good laptop, fair price.')).statusCode,
    ).toBe(201);
    const racing = await Promise.all([
      write(deal.seller.cookie, deal.orderId, 5, 'Polite buyer, paid quickly.'),
      write(deal.seller.cookie, deal.orderId, 5, 'Polite buyer, paid quickly.'),
    ]);
    expect(racing.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    const stored = await t.database.db
      .select()
      .from(reviews)
      .where(eq(reviews.orderId, deal.orderId));
    expect(stored).toHaveLength(2);
    expect(await state(deal.buyer.cookie, deal.orderId)).toMatchObject({
      theirs: { body: 'Polite buyer, paid quickly.', published: true },
    });
  });
});

/** A deal whose two reviews are both published. */
async function reviewedDeal() {
  const deal = await completedDeal();
  await write(deal.buyer.cookie, deal.orderId, 2, 'The laptop had a cracked hinge.');
  await write(deal.seller.cookie, deal.orderId, 5, 'Pleasant buyer, on time.');
  const buyerView = await state(deal.buyer.cookie, deal.orderId);
  return {
    ...deal,
    buyerReviewId: buyerView.mine?._id ?? '',
    sellerReviewId: buyerView.theirs?._id ?? '',
  };
}

describe('replies', () => {
  it('lets the reviewed person reply once to a published review', async () => {
    const deal = await completedDeal();
    await write(deal.buyer.cookie, deal.orderId, 2, 'The laptop had a cracked hinge.');
    const sealedId = (await state(deal.buyer.cookie, deal.orderId)).mine?._id ?? '';
    // Sealed: the seller cannot answer what they cannot read.
    const early = await kit.call('POST', `/api/reviews/${sealedId}/reply`, deal.seller.cookie, {
      reply: 'It was fine when it left me.',
    });
    expect(early.statusCode).toBe(409);
    expect(early.json()).toMatchObject({ error: { code: 'REVIEW_NOT_PUBLISHED' } });
    await write(deal.seller.cookie, deal.orderId, 5, 'Pleasant buyer, on time.');

    // Not the author, not a stranger.
    const byAuthor = await kit.call('POST', `/api/reviews/${sealedId}/reply`, deal.buyer.cookie, {
      reply: 'Adding to my own review.',
    });
    expect(byAuthor.statusCode).toBe(404);
    const reply = await kit.call('POST', `/api/reviews/${sealedId}/reply`, deal.seller.cookie, {
      reply: '  The hinge was fine at the handover; sorry it broke.  ',
    });
    expect(reply.statusCode).toBe(200);
    expect(reply.json<OrderReviews>()).toMatchObject({
      theirs: { reply: 'The hinge was fine at the handover; sorry it broke.' },
      canReply: false,
    });
    expect((await state(deal.buyer.cookie, deal.orderId)).mine?.reply).toBe(
      'The hinge was fine at the handover; sorry it broke.',
    );
    const again = await kit.call('POST', `/api/reviews/${sealedId}/reply`, deal.seller.cookie, {
      reply: 'One more thing.',
    });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ error: { code: 'ALREADY_REPLIED' } });
    const empty = await kit.call('POST', `/api/reviews/${sealedId}/reply`, deal.seller.cookie, {
      reply: '  ',
    });
    expect(empty.statusCode).toBe(400);
  });
});

describe('reports and the admins', () => {
  it('takes a report once per person, lists it for admins, and hides the review audited', async () => {
    const deal = await reviewedDeal();
    const reporter = await kit.signedIn('buyer', 'Rita Reporter');
    const url = `/api/reviews/${deal.buyerReviewId}/report`;
    const reason = 'It names the seller’s home address.';
    const first = await kit.call('POST', url, reporter.cookie, { reason: `  ${reason}  ` });
    expect(first.statusCode).toBe(201);
    expect(first.json()).toEqual({ reported: true });
    const second = await kit.call('POST', url, reporter.cookie, {
      reason: 'Reporting it again now.',
    });
    expect(second.statusCode).toBe(200);
    expect(second.json()).toEqual({ reported: true });
    const stored = await t.database.db
      .select()
      .from(reviewReports)
      .where(eq(reviewReports.reviewId, deal.buyerReviewId));
    expect(stored.map((row) => row.reason)).toEqual([reason]);
    expect((await kit.call('POST', url, reporter.cookie, { reason: 'short' })).statusCode).toBe(
      400,
    );
    expect(
      (await kit.call('POST', url, deal.buyer.cookie, { reason: 'Reporting my own review.' }))
        .statusCode,
    ).toBe(409);

    const admin = await kit.signedIn('admin', 'Ada Admin');
    const queue = await kit.call('GET', '/api/admin/review-reports?limit=100', admin.cookie);
    expect(queue.statusCode).toBe(200);
    const entry = queue.json<ReportedReview[]>().find((row) => row.reviewId === deal.buyerReviewId);
    expect(entry).toMatchObject({
      rating: 2,
      body: 'The laptop had a cracked hinge.',
      author: { name: 'Emma Buyer' },
      subject: { name: 'Sam Seller' },
      reports: [{ reporterName: 'Rita Reporter', reason }],
    });

    const noReason = await kit.call(
      'POST',
      `/api/admin/review-reports/${deal.buyerReviewId}/hide`,
      admin.cookie,
      { reason: ' ' },
    );
    expect(noReason.statusCode).toBe(400);
    const hidden = await kit.call(
      'POST',
      `/api/admin/review-reports/${deal.buyerReviewId}/hide`,
      admin.cookie,
      { reason: 'Personal details about the seller.' },
    );
    expect(hidden.statusCode).toBe(200);

    // Gone for the seller it was about; the author sees it is hidden, not the admins' note.
    const sellerView = await state(deal.seller.cookie, deal.orderId);
    expect(sellerView).toMatchObject({ theirs: null, theyWrote: true, canReply: false });
    const authorView = await state(deal.buyer.cookie, deal.orderId);
    expect(authorView.mine).toMatchObject({ hidden: true });
    expect(JSON.stringify(authorView)).not.toContain('Personal details');
    // Nobody can report it any more, and it left the queue.
    expect(
      (
        await kit.call('POST', url, (await kit.signedIn('seller')).cookie, {
          reason: 'Also bad, I think.',
        })
      ).statusCode,
    ).toBe(404);
    const after = await kit.call('GET', '/api/admin/review-reports?limit=100', admin.cookie);
    expect(after.json<ReportedReview[]>().some((row) => row.reviewId === deal.buyerReviewId)).toBe(
      false,
    );
    const [report] = await t.database.db
      .select()
      .from(reviewReports)
      .where(eq(reviewReports.reviewId, deal.buyerReviewId));
    expect(report).toMatchObject({ resolution: 'hidden', resolvedBy: admin.user.id });
    const logged = await t.database.db
      .select()
      .from(adminActionsLog)
      .where(eq(adminActionsLog.adminId, admin.user.id));
    expect(logged).toEqual([
      expect.objectContaining({
        action: 'hide-review',
        details: expect.objectContaining({
          reviewId: deal.buyerReviewId,
          reason: 'Personal details about the seller.',
        }),
      }),
    ]);
    const twice = await kit.call(
      'POST',
      `/api/admin/review-reports/${deal.buyerReviewId}/hide`,
      admin.cookie,
      { reason: 'Again.' },
    );
    expect(twice.statusCode).toBe(409);
  });

  it('dismisses the reports and keeps the review, audited', async () => {
    const deal = await reviewedDeal();
    const reporter = await kit.signedIn('seller');
    expect(
      (
        await kit.call('POST', `/api/reviews/${deal.sellerReviewId}/report`, reporter.cookie, {
          reason: 'I simply disagree with it.',
        })
      ).statusCode,
    ).toBe(201);
    const admin = await kit.signedIn('admin');
    const dismissed = await kit.call(
      'POST',
      `/api/admin/review-reports/${deal.sellerReviewId}/dismiss`,
      admin.cookie,
    );
    expect(dismissed.statusCode).toBe(200);
    expect((await state(deal.buyer.cookie, deal.orderId)).theirs?.body).toBe(
      'Pleasant buyer, on time.',
    );
    const again = await kit.call(
      'POST',
      `/api/admin/review-reports/${deal.sellerReviewId}/dismiss`,
      admin.cookie,
    );
    expect(again.statusCode).toBe(409);
    const logged = await t.database.db
      .select()
      .from(adminActionsLog)
      .where(eq(adminActionsLog.adminId, admin.user.id));
    expect(logged.map((row) => row.action)).toEqual(['dismiss-review-reports']);
  });

  it('refuses reports of a sealed review and limits how often one person reports', async () => {
    const deal = await completedDeal();
    await write(deal.buyer.cookie, deal.orderId, 1, 'Sealed words nobody has read.');
    const sealedId = (await state(deal.buyer.cookie, deal.orderId)).mine?._id ?? '';
    const reporter = await kit.signedIn('buyer');
    const sealed = await kit.call('POST', `/api/reviews/${sealedId}/report`, reporter.cookie, {
      reason: 'Guessing what it says.',
    });
    expect(sealed.statusCode).toBe(404);

    const statuses: number[] = [];
    for (let i = 0; i < 11; i += 1) {
      const response = await kit.call('POST', `/api/reviews/${sealedId}/report`, reporter.cookie, {
        reason: `Attempt number ${i} to report.`,
      });
      statuses.push(response.statusCode);
    }
    expect(statuses.at(-1)).toBe(429);
  });
});
