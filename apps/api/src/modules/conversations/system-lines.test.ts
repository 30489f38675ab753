/**
 * The deal's history in its thread: each booking, payment, cancellation, ended booking
 * and refund writes one line (no sender) in that buyer's conversation about that laptop,
 * which both people see, live too; a refused change writes none.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ConversationSummary, Thread } from '@laptops/shared/conversations';
import { conversations, messages } from '../../db/schema/conversations.ts';
import { buyingKit, type Intent } from '../../test/buying-kit.ts';
import { openEventStream } from '../../test/event-stream.ts';
import { createTestContext, type TestContext } from '../../test/test-app.ts';

let t: TestContext;
let kit: ReturnType<typeof buyingKit>;
let baseUrl: string;
beforeAll(async () => {
  t = await createTestContext();
  kit = buyingKit(t);
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const address = t.app.server.address();
  if (!address || typeof address === 'string') throw new Error('no port');
  baseUrl = `http://127.0.0.1:${address.port}`;
});
afterAll(async () => {
  await t?.close();
});

/** The bodies of the thread about the laptop, oldest first, as `cookie`'s owner sees it. */
async function threadLines(cookie: string, productId: string) {
  const inbox = (await kit.call('GET', '/api/conversations', cookie)).json<ConversationSummary[]>();
  const summary = inbox.find((conversation) => conversation.laptop._id === productId);
  if (!summary) return [];
  const thread = (
    await kit.call('GET', `/api/conversations/${summary._id}`, cookie)
  ).json<Thread>();
  return thread.messages
    .map((message) => ({ body: message.body, system: message.system }))
    .reverse();
}

/** Every message about the laptop in `buyerId`'s conversation, straight from the table. */
async function storedLines(productId: string, buyerId: string) {
  const rows = await t.database.db
    .select({ body: messages.body, senderId: messages.senderId })
    .from(messages)
    .innerJoin(conversations, eq(conversations.id, messages.conversationId))
    .where(and(eq(conversations.productId, productId), eq(conversations.buyerId, buyerId)))
    .orderBy(messages.createdAt);
  return rows;
}

const line = (body: string) => ({ body, system: true });
const where = 'Cafe Lumen, 5th Street';

describe('a booking', () => {
  it('writes one line in a thread the buyer never wrote in, which the seller sees too', async () => {
    const { seller, product } = await kit.laptop(42000);
    const emma = await kit.bookedBy(product.id, 'Emma Stone');

    const booked = line(`Emma Stone booked this laptop to meet at ${where}.`);
    expect(await threadLines(emma.cookie, product.id)).toEqual([booked]);
    expect(await threadLines(seller.cookie, product.id)).toEqual([booked]);
    const [summary] = (await kit.call('GET', '/api/conversations', seller.cookie)).json<
      ConversationSummary[]
    >();
    expect(summary).toMatchObject({
      role: 'seller',
      other: { name: 'Emma Stone' },
      lastMessage: { body: booked.body, system: true, fromMe: false },
      unread: 1,
    });
    expect(await storedLines(product.id, emma.user.id)).toEqual([
      { body: booked.body, senderId: null },
    ]);
  });

  it('goes in the conversation the buyer started, and moves it to the top of their inbox', async () => {
    const { seller, product } = await kit.laptop();
    const older = await kit.laptop(50000, 'Dell XPS 13');
    const emma = await kit.signedIn('buyer', 'Emma Stone');
    const asked = await kit.call('POST', '/api/conversations', emma.cookie, {
      productId: product.id,
    });
    const { conversationId } = asked.json<{ conversationId: string }>();
    await kit.call('POST', `/api/conversations/${conversationId}/messages`, emma.cookie, {
      body: 'Is it still for sale?',
    });
    await kit.book(emma.cookie, older.product.id);

    expect((await kit.book(emma.cookie, product.id)).statusCode).toBe(201);
    const inbox = (await kit.call('GET', '/api/conversations', emma.cookie)).json<
      ConversationSummary[]
    >();
    expect(inbox.map((conversation) => conversation._id)[0]).toBe(conversationId);
    expect(await threadLines(seller.cookie, product.id)).toEqual([
      { body: 'Is it still for sale?', system: false },
      line(`Emma Stone booked this laptop to meet at ${where}.`),
    ]);
  });

  it('refused (the laptop is sold) writes nothing and starts no conversation', async () => {
    const { product } = await kit.laptop();
    const first = await kit.bookedBy(product.id, 'Emma Stone');
    const intent = (await kit.startPayment(first.cookie, first.orderId)).json<Intent>();
    expect((await kit.confirm(intent)).statusCode).toBe(200);
    const late = await kit.signedIn('buyer', 'Leo Late');

    const refused = await kit.book(late.cookie, product.id);
    expect(refused.statusCode).toBe(409);
    expect(await storedLines(product.id, late.user.id)).toEqual([]);
    expect(await threadLines(late.cookie, product.id)).toEqual([]);
  });

  it('tells both people live, once it is stored', async () => {
    const { seller, product } = await kit.laptop();
    const emma = await kit.signedIn('buyer', 'Emma Stone');
    const sellerStream = await openEventStream(baseUrl, seller.cookie);
    const buyerStream = await openEventStream(baseUrl, emma.cookie);
    try {
      await kit.book(emma.cookie, product.id);
      const body = `Emma Stone booked this laptop to meet at ${where}.`;
      for (const stream of [sellerStream, buyerStream]) {
        const { event } = await stream.next((received) => received.type === 'message');
        expect(event).toMatchObject({ message: { body, system: true, fromMe: false } });
      }
    } finally {
      sellerStream.close();
      buyerStream.close();
    }
  });
});

describe('a payment', () => {
  it('writes the sale in its thread, once, and ends the other bookings in theirs', async () => {
    const { seller, product } = await kit.laptop(42000);
    const emma = await kit.bookedBy(product.id, 'Emma Stone');
    const other = await kit.bookedBy(product.id, 'Omar Other');
    const intent = (await kit.startPayment(emma.cookie, emma.orderId)).json<Intent>();
    expect((await kit.confirm(intent)).statusCode).toBe(200);
    // The browser's own report after the card form finds the sale made: no second line.
    expect((await kit.record(emma.cookie, emma.orderId, intent.paymentIntentId)).statusCode).toBe(
      201,
    );

    const paid = line(
      'Emma Stone paid $420.00. The laptop is sold; the payment is held until the handover.',
    );
    expect(await threadLines(emma.cookie, product.id)).toEqual([
      line(`Emma Stone booked this laptop to meet at ${where}.`),
      paid,
    ]);
    const ended = line('The laptop was sold to another buyer, so this booking has ended.');
    expect(await threadLines(other.cookie, product.id)).toEqual([
      line(`Omar Other booked this laptop to meet at ${where}.`),
      ended,
    ]);
    const sellerInbox = (await kit.call('GET', '/api/conversations', seller.cookie)).json<
      ConversationSummary[]
    >();
    expect(sellerInbox.map((conversation) => conversation.lastMessage?.body).sort()).toEqual(
      [paid.body, ended.body].sort(),
    );
  });

  it('refunded (the booking was cancelled first) writes the refund', async () => {
    const { seller, product } = await kit.laptop(42000);
    const emma = await kit.bookedBy(product.id, 'Emma Stone');
    const intent = (await kit.startPayment(emma.cookie, emma.orderId)).json<Intent>();
    expect((await kit.cancel(emma.cookie, emma.orderId)).statusCode).toBe(200);
    expect((await kit.confirm(intent)).statusCode).toBe(200);
    // Reported again by the browser: the refund is not told twice.
    expect((await kit.record(emma.cookie, emma.orderId, intent.paymentIntentId)).statusCode).toBe(
      409,
    );

    const expected = [
      line(`Emma Stone booked this laptop to meet at ${where}.`),
      line('The booking was cancelled.'),
      line('The payment of $420.00 was refunded.'),
    ];
    expect(await threadLines(emma.cookie, product.id)).toEqual(expected);
    expect(await threadLines(seller.cookie, product.id)).toEqual(expected);
  });
});

describe('a booking ending', () => {
  it('cancelled by the buyer writes one line; a refused cancel writes none', async () => {
    const { seller, product } = await kit.laptop();
    const emma = await kit.bookedBy(product.id, 'Emma Stone');
    expect((await kit.cancel(emma.cookie, emma.orderId)).statusCode).toBe(200);
    expect((await kit.cancel(emma.cookie, emma.orderId)).statusCode).toBe(404);

    expect(await threadLines(seller.cookie, product.id)).toEqual([
      line(`Emma Stone booked this laptop to meet at ${where}.`),
      line('The booking was cancelled.'),
    ]);
  });

  it('because the seller withdrew the laptop writes it in each open booking', async () => {
    const { seller, product } = await kit.laptop();
    const emma = await kit.bookedBy(product.id, 'Emma Stone');
    const omar = await kit.bookedBy(product.id, 'Omar Other');
    const gone = await kit.bookedBy(product.id, 'Gina Gone');
    await kit.cancel(gone.cookie, gone.orderId);

    const deleted = await kit.call('DELETE', `/api/myProducts?id=${product.id}`, seller.cookie);
    expect(deleted.json()).toEqual({ deletedCount: 1 });

    const ended = line('The laptop is no longer for sale, so this booking has ended.');
    expect((await threadLines(emma.cookie, product.id)).at(-1)).toEqual(ended);
    expect((await threadLines(omar.cookie, product.id)).at(-1)).toEqual(ended);
    expect((await threadLines(gone.cookie, product.id)).at(-1)).toEqual(
      line('The booking was cancelled.'),
    );
  });

  it('because an admin removed the laptop, or deleted its seller, writes it too', async () => {
    const admin = await kit.signedIn('admin');
    const reported = await kit.laptop();
    const emma = await kit.bookedBy(reported.product.id, 'Emma Stone');
    await kit.call('POST', '/api/reports', emma.cookie, {
      productId: reported.product.id,
      reason: 'scam',
      reportText: 'Looks stolen.',
    });
    const [report] = (await kit.call('GET', '/api/reports', admin.cookie)).json<
      { _id: string; productId: string }[]
    >();
    expect((await kit.call('DELETE', `/api/reports/${report?._id}`, admin.cookie)).statusCode).toBe(
      200,
    );

    const sellersLaptop = await kit.laptop();
    const omar = await kit.bookedBy(sellersLaptop.product.id, 'Omar Other');
    const email = encodeURIComponent(sellersLaptop.seller.user.email);
    expect(
      (await kit.call('DELETE', `/api/deleteUser?email=${email}`, admin.cookie)).statusCode,
    ).toBe(200);

    const ended = line('The laptop is no longer for sale, so this booking has ended.');
    expect(await threadLines(emma.cookie, reported.product.id)).toEqual([
      line(`Emma Stone booked this laptop to meet at ${where}.`),
      ended,
    ]);
    expect(await threadLines(omar.cookie, sellersLaptop.product.id)).toEqual([
      line(`Omar Other booked this laptop to meet at ${where}.`),
      ended,
    ]);
  });

  it("because an admin deleted the buyer's account: the seller reads that it was cancelled", async () => {
    const admin = await kit.signedIn('admin');
    const { seller, product } = await kit.laptop();
    const emma = await kit.bookedBy(product.id, 'Emma Stone');
    const email = encodeURIComponent(emma.user.email);
    expect(
      (await kit.call('DELETE', `/api/deleteUser?email=${email}`, admin.cookie)).statusCode,
    ).toBe(200);

    expect(await threadLines(seller.cookie, product.id)).toEqual([
      line(`Emma Stone booked this laptop to meet at ${where}.`),
      line('The booking was cancelled.'),
    ]);
  });
});

describe('a payment and another buyer booking the laptop at once', () => {
  // On a PostgreSQL server (TEST_DATABASE_URL) the two really overlap.
  it('writes the lines of what happened: a booking then its end, or neither', async () => {
    for (let round = 0; round < 6; round++) {
      const { product } = await kit.laptop(42000);
      const emma = await kit.bookedBy(product.id, 'Emma Stone');
      const intent = (await kit.startPayment(emma.cookie, emma.orderId)).json<Intent>();
      const late = await kit.signedIn('buyer', 'Leo Late');

      const [paid, booked] = await Promise.all([
        kit.confirm(intent),
        kit.book(late.cookie, product.id),
      ]);

      expect(paid.statusCode).toBe(200);
      expect((await threadLines(emma.cookie, product.id)).at(-1)).toEqual(
        line(
          'Emma Stone paid $420.00. The laptop is sold; the payment is held until the handover.',
        ),
      );
      const lateLines = (await storedLines(product.id, late.user.id)).map((row) => row.body);
      if (booked.statusCode === 201) {
        expect(lateLines).toEqual([
          `Leo Late booked this laptop to meet at ${where}.`,
          'The laptop was sold to another buyer, so this booking has ended.',
        ]);
      } else {
        expect(booked.statusCode).toBe(409);
        expect(lateLines).toEqual([]);
      }
    }
  });
});
