import { afterAll, beforeAll, expect, it } from 'vitest';
import { createCategory, createProduct, createUser } from '../../db/seed/factories.ts';
import { openEventStream } from '../../test/event-stream.ts';
import {
  createTestContext,
  listenOverHttp,
  signIn,
  type TestContext,
} from '../../test/test-app.ts';

/** Event streams over real HTTP, as live.test.ts reads them. */
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

async function person(typeOfUser: 'buyer' | 'seller') {
  const user = await createUser(t.database.db, { typeOfUser });
  return { user, cookie: await signIn(t.app, user.email, user.password) };
}

/** A conversation about a new laptop of `seller`, started by `buyer`. */
async function conversation(buyerCookie: string, sellerId: string) {
  const laptop = await createProduct(t.database.db, { sellerId, categoryId });
  const started = await call('POST', '/api/conversations', buyerCookie, { productId: laptop.id });
  return (started.body as { conversationId: string }).conversationId;
}

it('brings nothing from a blocked person to either stream, while others still come through', async () => {
  const seller = await person('seller');
  const buyer = await person('buyer');
  const friend = await person('seller');
  const blockedThread = await conversation(buyer.cookie, seller.user.id);
  const friendThread = await conversation(buyer.cookie, friend.user.id);
  await call('POST', `/api/conversations/${blockedThread}/messages`, buyer.cookie, { body: 'Hi' });
  await call('POST', `/api/conversations/${friendThread}/messages`, buyer.cookie, { body: 'Hi' });

  const buyerStream = await openEventStream(baseUrl, buyer.cookie);
  const sellerStream = await openEventStream(baseUrl, seller.cookie);
  // Before the block, the seller's message arrives live.
  await call('POST', `/api/conversations/${blockedThread}/messages`, seller.cookie, {
    body: 'Before the block',
  });
  await buyerStream.next((event) => event.type === 'message');
  await sellerStream.next((event) => event.type === 'message');
  buyerStream.received.length = 0;
  sellerStream.received.length = 0;

  const blocked = await call('POST', `/api/conversations/${blockedThread}/block`, buyer.cookie);
  expect(blocked.status).toBe(201);
  const fromBlocked = await call(
    'POST',
    `/api/conversations/${blockedThread}/messages`,
    seller.cookie,
    {
      body: 'After the block',
    },
  );
  expect(fromBlocked.status).toBe(409);
  const fromBlocker = await call(
    'POST',
    `/api/conversations/${blockedThread}/messages`,
    buyer.cookie,
    {
      body: 'Nor this',
    },
  );
  expect(fromBlocker.status).toBe(409);

  // Someone else's message comes through: the stream is live, and it is the only one.
  const fromFriend = await call(
    'POST',
    `/api/conversations/${friendThread}/messages`,
    friend.cookie,
    {
      body: 'From a friend',
    },
  );
  expect(fromFriend.status).toBe(201);
  await buyerStream.next((event) => event.type === 'message');
  const bodies = buyerStream.received.flatMap(({ event }) =>
    event.type === 'message' ? [event.message.body] : [],
  );
  expect(bodies).toEqual(['From a friend']);
  expect(sellerStream.received.filter(({ event }) => event.type === 'message')).toEqual([]);
  buyerStream.close();
  sellerStream.close();
});
