import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminActivity } from '@laptops/shared/admin';
import type { ConversationReport, ReportedThread } from '@laptops/shared/conversation-safety';
import { createCategory, createProduct } from '../../db/seed/factories.ts';
import { buyingKit } from '../../test/buying-kit.ts';
import { createTestContext, type TestContext } from '../../test/test-app.ts';
import { CONVERSATION_REPORTS_PER_HOUR } from './conversation-safety.routes.ts';
import { messagingRefusals } from './messaging-rules.ts';

let t: TestContext;
let kit: ReturnType<typeof buyingKit>;
let categoryId: string;
let admin: Awaited<ReturnType<ReturnType<typeof buyingKit>['signedIn']>>;
beforeAll(async () => {
  t = await createTestContext();
  kit = buyingKit(t);
  categoryId = (await createCategory(t.database.db)).id;
  admin = await kit.signedIn('admin', 'Ada Admin');
});
afterAll(async () => {
  await t?.close();
});

const call = (
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  cookie: string,
  payload?: object,
) => t.app.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) });
const send = (cookie: string, id: string, body: string) =>
  call('POST', `/api/conversations/${id}/messages`, cookie, { body });
const report = (cookie: string, id: string, payload: object) =>
  call('POST', `/api/conversations/${id}/reports`, cookie, payload);
const openReports = async () =>
  (await call('GET', '/api/admin/conversation-reports', admin.cookie)).json<ConversationReport[]>();
const activity = async () =>
  (await call('GET', '/api/admin/activity', admin.cookie)).json<AdminActivity[]>();

/** A buyer and a seller who wrote to each other about one laptop. */
async function talking(names = { seller: 'Sara Seller', buyer: 'Ben Buyer' }) {
  const seller = await kit.signedIn('seller', names.seller);
  const buyer = await kit.signedIn('buyer', names.buyer);
  const laptop = await createProduct(t.database.db, {
    sellerId: seller.user.id,
    categoryId,
    name: 'Dell XPS 13',
  });
  const started = await call('POST', '/api/conversations', buyer.cookie, { productId: laptop.id });
  const { conversationId } = started.json<{ conversationId: string }>();
  await send(buyer.cookie, conversationId, 'Is it still for sale?');
  await send(seller.cookie, conversationId, 'Pay me by gift card first.');
  return { seller, buyer, laptop, conversationId };
}

describe('reporting a conversation', () => {
  it('reaches the admins, who read that thread through the report, and only through it', async () => {
    const { seller, buyer, conversationId } = await talking();
    const sent = await report(buyer.cookie, conversationId, {
      reason: 'scam',
      reportText: '  Wants gift cards  ',
    });
    expect(sent.statusCode).toBe(201);
    const { reportId } = sent.json<{ reportId: string }>();

    const listed = await call('GET', '/api/admin/conversation-reports', admin.cookie);
    expect(listed.headers['x-total-count']).toBe('1');
    expect(listed.json()).toEqual([
      {
        _id: reportId,
        reason: 'scam',
        reportText: 'Wants gift cards',
        reporterName: 'Ben Buyer',
        reportedName: 'Sara Seller',
        reportedBanned: false,
        laptopName: 'Dell XPS 13',
        createdAt: expect.any(String) as string,
        resolved: false,
        resolution: null,
      },
    ]);
    // No contact details in the list.
    expect(listed.body).not.toContain(seller.user.email);

    const thread = await call(
      'GET',
      `/api/admin/conversation-reports/${reportId}/thread`,
      admin.cookie,
    );
    expect(thread.statusCode).toBe(200);
    expect(thread.json<ReportedThread>()).toMatchObject({
      report: { _id: reportId },
      laptop: { name: 'Dell XPS 13' },
      messages: [
        { body: 'Pay me by gift card first.', from: 'reported' },
        { body: 'Is it still for sale?', from: 'reporter' },
      ],
      nextCursor: null,
    });
    // Reading it is in the activity log, once however often it is opened.
    await call('GET', `/api/admin/conversation-reports/${reportId}/thread`, admin.cookie);
    const reads = (await activity()).filter((a) => a.action === 'read-reported-conversation');
    expect(reads.map((a) => a.target)).toEqual([`${seller.user.email} (about Dell XPS 13)`]);

    // The admin cannot open the conversation itself, nor one without a report.
    const other = await talking({ seller: 'Otto Other', buyer: 'Una Unreported' });
    for (const id of [conversationId, other.conversationId]) {
      const direct = await call('GET', `/api/conversations/${id}`, admin.cookie);
      expect(direct.statusCode).toBe(404);
      const asReport = await call(
        'GET',
        `/api/admin/conversation-reports/${id}/thread`,
        admin.cookie,
      );
      expect(asReport.statusCode).toBe(404);
      expect(asReport.json()).toEqual({ error: { code: 'NOT_FOUND', message: 'No such report.' } });
    }
    // And the people in it cannot read the admin's view.
    expect(
      (await call('GET', `/api/admin/conversation-reports/${reportId}/thread`, buyer.cookie))
        .statusCode,
    ).toBe(403);
  });

  it('is refused to anyone outside the conversation, and once open, not taken twice', async () => {
    const { buyer, conversationId } = await talking();
    const stranger = await kit.signedIn('buyer', 'Stan Stranger');
    const refused = await report(stranger.cookie, conversationId, { reason: 'spam' });
    expect(refused.statusCode).toBe(404);
    expect(refused.json()).toMatchObject({ error: { code: 'NOT_FOUND' } });

    expect((await report(buyer.cookie, conversationId, { reason: 'spam' })).statusCode).toBe(201);
    const again = await report(buyer.cookie, conversationId, { reason: 'harassment' });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ error: { code: 'ALREADY_REPORTED' } });
    expect((await openReports()).filter((r) => r.reporterName === 'Stan Stranger')).toEqual([]);
  });

  it('needs a known reason, and details when the reason is Other', async () => {
    const { buyer, conversationId } = await talking();
    const before = (await openReports()).length;
    const noDetails = await report(buyer.cookie, conversationId, {
      reason: 'other',
      reportText: ' ',
    });
    expect(noDetails.statusCode).toBe(400);
    expect(noDetails.json()).toMatchObject({
      error: { fields: { reportText: 'Please tell the admin what happened in this conversation' } },
    });
    const unknown = await report(buyer.cookie, conversationId, { reason: 'rude' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toMatchObject({
      error: { fields: { reason: 'Please choose a reason for your report' } },
    });
    expect((await openReports()).length).toBe(before);
  });

  it(`takes at most ${CONVERSATION_REPORTS_PER_HOUR} reports an hour from one person`, async () => {
    const { buyer, conversationId } = await talking();
    for (let i = 0; i < CONVERSATION_REPORTS_PER_HOUR; i++) {
      const answer = await report(buyer.cookie, conversationId, { reason: 'spam' });
      expect(answer.statusCode).toBe(i === 0 ? 201 : 409);
    }
    const limited = await report(buyer.cookie, conversationId, { reason: 'spam' });
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['retry-after']).toBeDefined();
    expect(limited.json()).toMatchObject({ error: { code: 'TOO_MANY_REQUESTS' } });
    // Someone else is not held back by it.
    const { seller, conversationId: other } = await talking();
    expect((await report(seller.cookie, other, { reason: 'spam' })).statusCode).toBe(201);
  });
});

describe("the admin's decisions", () => {
  it('dismisses a report: resolved, recorded, nothing else changes', async () => {
    const { seller, buyer, conversationId } = await talking();
    const { reportId } = (
      await report(buyer.cookie, conversationId, { reason: 'harassment' })
    ).json<{ reportId: string }>();
    const dismissed = await call(
      'PUT',
      `/api/admin/conversation-reports/${reportId}/dismiss`,
      admin.cookie,
    );
    expect(dismissed.json()).toEqual({ modifiedCount: 1 });
    expect((await openReports()).some((r) => r._id === reportId)).toBe(false);
    const resolved = (
      await call('GET', '/api/admin/conversation-reports?status=resolved', admin.cookie)
    ).json<ConversationReport[]>();
    expect(resolved.find((r) => r._id === reportId)).toMatchObject({ resolution: 'dismissed' });
    expect((await activity())[0]).toMatchObject({
      action: 'dismiss-conversation-report',
      target: `${seller.user.email} (about Dell XPS 13)`,
    });
    expect((await send(seller.cookie, conversationId, 'Still here')).statusCode).toBe(201);
    const twice = await call(
      'PUT',
      `/api/admin/conversation-reports/${reportId}/dismiss`,
      admin.cookie,
    );
    expect(twice.statusCode).toBe(409);
    // The reporter may report it again now.
    expect((await report(buyer.cookie, conversationId, { reason: 'spam' })).statusCode).toBe(201);
  });

  it('stops the reported person from messaging anywhere, and lets them again', async () => {
    const { seller, buyer, conversationId } = await talking();
    const elsewhere = await talking({ seller: 'Carl Customer', buyer: 'Dora Else' });
    const { reportId } = (await report(buyer.cookie, conversationId, { reason: 'scam' })).json<{
      reportId: string;
    }>();
    const banned = await call(
      'PUT',
      `/api/admin/conversation-reports/${reportId}/messaging-ban`,
      admin.cookie,
    );
    expect(banned.json()).toEqual({ modifiedCount: 1 });
    expect((await activity())[0]).toMatchObject({ action: 'ban-from-messaging' });

    const refused = await send(seller.cookie, conversationId, 'Hello?');
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({
      error: { code: 'MESSAGING_SUSPENDED', message: messagingRefusals.suspended },
    });
    // Not in this conversation only: a new one is refused too.
    const otherSellersLaptop = await createProduct(t.database.db, {
      sellerId: elsewhere.seller.user.id,
      categoryId,
    });
    const start = await call('POST', '/api/conversations', seller.cookie, {
      productId: otherSellersLaptop.id,
    });
    expect(start.statusCode).toBe(403);
    // The other people can still write; they see nothing of the ban.
    expect((await send(buyer.cookie, conversationId, 'Noted.')).statusCode).toBe(201);
    expect((await send(elsewhere.buyer.cookie, elsewhere.conversationId, 'Hi')).statusCode).toBe(
      201,
    );

    const resolved = (
      await call('GET', '/api/admin/conversation-reports?status=resolved', admin.cookie)
    ).json<ConversationReport[]>();
    expect(resolved.find((r) => r._id === reportId)).toMatchObject({
      resolution: 'messaging_banned',
      reportedBanned: true,
    });

    const lifted = await call(
      'DELETE',
      `/api/admin/conversation-reports/${reportId}/messaging-ban`,
      admin.cookie,
    );
    expect(lifted.json()).toEqual({ modifiedCount: 1 });
    expect((await activity())[0]).toMatchObject({ action: 'lift-messaging-ban' });
    expect((await send(seller.cookie, conversationId, 'Sorry.')).statusCode).toBe(201);
    const again = await call(
      'DELETE',
      `/api/admin/conversation-reports/${reportId}/messaging-ban`,
      admin.cookie,
    );
    expect(again.statusCode).toBe(409);
  });
});
