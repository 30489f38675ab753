import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Message } from '@laptops/shared/conversations';
import { createCategory, createProduct, createUser } from '../../db/seed/factories.ts';
import { openEventStream } from '../../test/event-stream.ts';
import {
  createTestContext,
  listenOverHttp,
  signIn,
  type TestContext,
} from '../../test/test-app.ts';
import { STREAMS_PER_USER } from './live-streams.ts';

let t: TestContext;
let baseUrl: string;
let call: Awaited<ReturnType<typeof listenOverHttp>>['call'];
let categoryId: string;
beforeAll(async () => {
  t = await createTestContext();
  ({ baseUrl, call } = await listenOverHttp(t));
  categoryId = (await createCategory(t.database.db)).id;
});
afterAll(async () => {
  await t?.close();
});

const post = (path: string, cookie: string, body?: object) => call('POST', path, cookie, body);

/** A buyer and a seller, signed in, with a conversation about the seller's laptop. */
async function conversation() {
  const db = t.database.db;
  const seller = await createUser(db, { typeOfUser: 'seller' });
  const buyer = await createUser(db);
  const laptop = await createProduct(db, { sellerId: seller.id, categoryId });
  const sellerCookie = await signIn(t.app, seller.email, seller.password);
  const buyerCookie = await signIn(t.app, buyer.email, buyer.password);
  const started = await post('/api/conversations', buyerCookie, { productId: laptop.id });
  const { conversationId } = started.body as { conversationId: string };
  const send = async (cookie: string, body: string) => {
    const sent = await post(`/api/conversations/${conversationId}/messages`, cookie, { body });
    expect(sent.status).toBe(201);
    return sent.body as Message;
  };
  return { sellerCookie, buyerCookie, conversationId, send };
}

const unread = async (cookie: string) => {
  const response = await fetch(`${baseUrl}/api/conversations/unread`, { headers: { cookie } });
  return ((await response.json()) as { count: number }).count;
};

describe('GET /api/live', () => {
  it('refuses a guest', async () => {
    const response = await fetch(`${baseUrl}/api/live`);
    expect(response.status).toBe(401);
    expect(await response.json()).toMatchObject({ error: { code: 'UNAUTHENTICATED' } });
  });

  it("brings a message to the other person's stream and the sender's other tabs, not to anyone else", async () => {
    const { sellerCookie, buyerCookie, conversationId, send } = await conversation();
    const stranger = await createUser(t.database.db);
    const strangerStream = await openEventStream(
      baseUrl,
      await signIn(t.app, stranger.email, stranger.password),
    );
    const sellerStream = await openEventStream(baseUrl, sellerCookie);
    const buyerTab = await openEventStream(baseUrl, buyerCookie);
    expect(sellerStream.status).toBe(200);
    expect(sellerStream.contentType).toBe('text/event-stream; charset=utf-8');

    const sent = await send(buyerCookie, 'Does it come with the charger?');
    const atSeller = await sellerStream.next((event) => event.type === 'message');
    expect(atSeller).toEqual({
      id: sent._id,
      event: {
        type: 'message',
        conversationId,
        message: { ...sent, fromMe: false },
      },
    });
    const atBuyer = await buyerTab.next((event) => event.type === 'message');
    expect(atBuyer.event).toMatchObject({ message: { _id: sent._id, fromMe: true } });
    expect(await unread(sellerCookie)).toBe(1);
    expect(await unread(buyerCookie)).toBe(0);

    // The stranger's stream heard nothing, though the seller's got the next message too.
    await send(sellerCookie, 'Yes, the original one.');
    await buyerTab.next((event) => event.type === 'message' && !event.message.fromMe);
    expect(strangerStream.received).toEqual([]);
    for (const stream of [strangerStream, sellerStream, buyerTab]) stream.close();
  });

  it("tells the reader's other tabs that a thread was read", async () => {
    const { sellerCookie, buyerCookie, conversationId, send } = await conversation();
    await send(buyerCookie, 'Hello');
    const sellerPhone = await openEventStream(baseUrl, sellerCookie);
    expect(await unread(sellerCookie)).toBe(1);
    expect((await post(`/api/conversations/${conversationId}/read`, sellerCookie)).status).toBe(
      204,
    );
    const read = await sellerPhone.next((event) => event.type === 'read');
    expect(read).toEqual({ id: null, event: { type: 'read', conversationId } });
    expect(await unread(sellerCookie)).toBe(0);
    sellerPhone.close();
  });

  it('resumes after the last event a client saw and misses nothing sent while it was away', async () => {
    const { sellerCookie, buyerCookie, send } = await conversation();
    const first = await openEventStream(baseUrl, sellerCookie);
    const seen = await send(buyerCookie, 'One');
    await first.next((event) => event.type === 'message');
    first.close();

    const missed = [await send(buyerCookie, 'Two'), await send(buyerCookie, 'Three')];
    const resumed = await openEventStream(baseUrl, sellerCookie, { lastEventId: seen._id });
    await resumed.next((event) => event.type === 'message' && event.message.body === 'Three');
    const bodies = resumed.received.flatMap(({ event }) =>
      event.type === 'message' ? [event.message.body] : [],
    );
    // "One" may come again (the resume looks a little back); the client drops it by id.
    expect(bodies.filter((body) => body !== 'One')).toEqual(missed.map((m) => m.body));
    resumed.close();
  });

  it('tells a client to reload when it resumes from an id that is not its own', async () => {
    const { buyerCookie, send } = await conversation();
    const other = await conversation();
    const theirs = await other.send(other.buyerCookie, 'Not yours');
    await send(buyerCookie, 'Mine');
    const stream = await openEventStream(baseUrl, buyerCookie, { lastEventId: theirs._id });
    expect((await stream.next()).event).toEqual({ type: 'resync' });
    expect(stream.received.some(({ event }) => event.type === 'message')).toBe(false);
    stream.close();

    const forged = await fetch(`${baseUrl}/api/live?lastEventId=not-an-id`, {
      headers: { cookie: buyerCookie },
    });
    expect(forged.status).toBe(400);
  });

  it(`holds at most ${STREAMS_PER_USER} streams per user: one more ends the oldest`, async () => {
    const { sellerCookie } = await conversation();
    const streams = [];
    for (let i = 0; i <= STREAMS_PER_USER; i++) {
      streams.push(await openEventStream(baseUrl, sellerCookie));
    }
    await expect(streams[0]!.next(() => false, { timeoutMs: 2_000 })).rejects.toThrow(
      'the event stream ended',
    );
    expect(streams.slice(1).every((stream) => !stream.ended)).toBe(true);
    for (const stream of streams) stream.close();
  });
});

describe('a shutdown', () => {
  it('ends open event streams instead of waiting for them', async () => {
    const own = await createTestContext();
    const { baseUrl: url } = await listenOverHttp(own);
    const user = await createUser(own.database.db);
    const stream = await openEventStream(url, await signIn(own.app, user.email, user.password));
    expect(stream.status).toBe(200);
    const started = Date.now();
    await own.close();
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(stream.ended).toBe(true);
  });
});
