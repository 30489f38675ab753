import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BlockedPerson } from '@laptops/shared/conversation-safety';
import type { ConversationSummary, Thread } from '@laptops/shared/conversations';
import { createCategory, createProduct } from '../../db/seed/factories.ts';
import { buyingKit, type Intent } from '../../test/buying-kit.ts';
import { createTestContext, type TestContext } from '../../test/test-app.ts';
import { messagingRefusals } from './messaging-rules.ts';

let t: TestContext;
let kit: ReturnType<typeof buyingKit>;
let categoryId: string;
beforeAll(async () => {
  t = await createTestContext();
  kit = buyingKit(t);
  categoryId = (await createCategory(t.database.db)).id;
});
afterAll(async () => {
  await t?.close();
});

const call = (method: 'GET' | 'POST' | 'DELETE', url: string, cookie: string, payload?: object) =>
  t.app.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) });
const inbox = async (cookie: string) =>
  (await call('GET', '/api/conversations', cookie)).json<ConversationSummary[]>();
const unread = async (cookie: string) =>
  (await call('GET', '/api/conversations/unread', cookie)).json<{ count: number }>().count;
const thread = async (cookie: string, id: string) =>
  (await call('GET', `/api/conversations/${id}`, cookie)).json<Thread>();
const send = (cookie: string, id: string, body: string) =>
  call('POST', `/api/conversations/${id}/messages`, cookie, { body });
const start = (cookie: string, productId: string) =>
  call('POST', '/api/conversations', cookie, { productId });
const laptopOf = (sellerId: string, name = 'Dell XPS 13') =>
  createProduct(t.database.db, { sellerId, categoryId, name });

/** A seller and a buyer who have written to each other about one of the seller's laptops. */
async function talking() {
  const seller = await kit.signedIn('seller', 'Sara Seller');
  const buyer = await kit.signedIn('buyer', 'Ben Buyer');
  const laptop = await laptopOf(seller.user.id);
  const started = await start(buyer.cookie, laptop.id);
  const { conversationId } = started.json<{ conversationId: string }>();
  expect((await send(buyer.cookie, conversationId, 'Is it still for sale?')).statusCode).toBe(201);
  expect((await send(seller.cookie, conversationId, 'Yes it is.')).statusCode).toBe(201);
  return { seller, buyer, laptop, conversationId };
}

describe('blocking the other person of a conversation', () => {
  it('stops messages both ways in every conversation of the two, until unblocked', async () => {
    const { seller, buyer, conversationId } = await talking();
    // A second laptop of the same seller, a second conversation of the same two.
    const other = await laptopOf(seller.user.id, 'ThinkPad T14');
    const second = (await start(buyer.cookie, other.id)).json<{ conversationId: string }>();
    expect((await send(buyer.cookie, second.conversationId, 'And this one?')).statusCode).toBe(201);

    const blocked = await call('POST', `/api/conversations/${conversationId}/block`, buyer.cookie);
    expect(blocked.statusCode).toBe(201);
    expect(blocked.json<BlockedPerson>()).toMatchObject({ name: 'Sara Seller', image: null });
    // Blocking again changes nothing.
    const again = await call('POST', `/api/conversations/${conversationId}/block`, buyer.cookie);
    expect(again.statusCode).toBe(200);
    expect(again.json<BlockedPerson>()._id).toBe(blocked.json<BlockedPerson>()._id);

    // The blocked seller is told the conversation is closed, not that they were blocked.
    for (const id of [conversationId, second.conversationId]) {
      const refused = await send(seller.cookie, id, 'Hello?');
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toEqual({
        error: { code: 'CONVERSATION_CLOSED', message: messagingRefusals.closed },
      });
      expect((await thread(seller.cookie, id)).messaging).toBe('closed');
    }
    // The blocker cannot write either, and is told why.
    const own = await send(buyer.cookie, conversationId, 'One more thing');
    expect(own.statusCode).toBe(409);
    expect(own.json()).toMatchObject({
      error: { code: 'CONVERSATION_CLOSED', message: messagingRefusals.blockedByYou },
    });
    expect((await thread(buyer.cookie, conversationId)).messaging).toBe('blocked-by-you');
    // Nothing was stored.
    expect((await thread(buyer.cookie, conversationId)).messages.map((m) => m.body)).toEqual([
      'Yes it is.',
      'Is it still for sale?',
    ]);

    // Unblocking opens both conversations again, both ways.
    const unblocked = await call(
      'DELETE',
      `/api/conversations/${conversationId}/block`,
      buyer.cookie,
    );
    expect(unblocked.statusCode).toBe(204);
    expect((await send(seller.cookie, second.conversationId, 'Still there?')).statusCode).toBe(201);
    expect((await send(buyer.cookie, conversationId, 'Yes, sorry.')).statusCode).toBe(201);
    expect((await thread(seller.cookie, conversationId)).messaging).toBe('open');
  });

  it("takes the blocked person's threads out of the blocker's inbox and unread count only", async () => {
    const { seller, buyer, conversationId } = await talking();
    // Someone else the buyer talks to stays.
    const otherSeller = await kit.signedIn('seller', 'Olga Other');
    const otherLaptop = await laptopOf(otherSeller.user.id);
    const kept = (await start(buyer.cookie, otherLaptop.id)).json<{ conversationId: string }>();
    await send(buyer.cookie, kept.conversationId, 'Hi Olga');
    await send(otherSeller.cookie, kept.conversationId, 'Hi Ben');
    expect(await unread(buyer.cookie)).toBe(2);

    await call('POST', `/api/conversations/${conversationId}/block`, buyer.cookie);
    expect((await inbox(buyer.cookie)).map((c) => c.other.name)).toEqual(['Olga Other']);
    expect(await unread(buyer.cookie)).toBe(1);
    // The blocked seller still has the thread: nothing tells them more than "closed".
    expect((await inbox(seller.cookie)).map((c) => c._id)).toEqual([conversationId]);
    // The blocker can still open it by its address, to unblock from there.
    expect(
      (await call('GET', `/api/conversations/${conversationId}`, buyer.cookie)).statusCode,
    ).toBe(200);

    await call('DELETE', `/api/conversations/${conversationId}/block`, buyer.cookie);
    expect((await inbox(buyer.cookie)).map((c) => c.other.name).sort()).toEqual([
      'Olga Other',
      'Sara Seller',
    ]);
  });

  it('refuses a new conversation with a seller either side blocked; an existing one still opens', async () => {
    const { seller, buyer, conversationId } = await talking();
    const newLaptop = await laptopOf(seller.user.id, 'HP EliteBook');
    await call('POST', `/api/conversations/${conversationId}/block`, seller.cookie);

    const refused = await start(buyer.cookie, newLaptop.id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({
      error: { code: 'CONVERSATION_CLOSED', message: messagingRefusals.startClosed },
    });
    // The conversation they already had opens (closed), as its address would.
    const existing = await call('POST', '/api/conversations', buyer.cookie, {
      productId: (await thread(buyer.cookie, conversationId)).laptop._id,
    });
    expect(existing.statusCode).toBe(200);

    // The other way round: a buyer who blocked a seller is told so.
    const { seller: seller2, buyer: buyer2, conversationId: second } = await talking();
    await call('POST', `/api/conversations/${second}/block`, buyer2.cookie);
    const own = await start(buyer2.cookie, (await laptopOf(seller2.user.id)).id);
    expect(own.statusCode).toBe(409);
    expect(own.json()).toMatchObject({ error: { message: messagingRefusals.startBlockedByYou } });
    expect((await inbox(buyer2.cookie)).length).toBe(0);
  });

  it('lists whom the viewer blocked, and unblocks by that list; others cannot touch it', async () => {
    const { buyer, conversationId } = await talking();
    const { seller: second, conversationId: other } = await talking();
    await call('POST', `/api/conversations/${conversationId}/block`, buyer.cookie);
    // A stranger cannot block through a conversation that is not theirs.
    expect((await call('POST', `/api/conversations/${other}/block`, buyer.cookie)).statusCode).toBe(
      404,
    );

    const list = await call('GET', '/api/blocks', buyer.cookie);
    expect(list.statusCode).toBe(200);
    expect(list.headers['cache-control']).toBe('private, no-store');
    const [person] = list.json<BlockedPerson[]>();
    expect(list.json<BlockedPerson[]>()).toHaveLength(1);
    expect(person).toMatchObject({ name: 'Sara Seller' });

    // Someone else cannot end it, and gets the same answer as for an id that is no block.
    const notTheirs = await call('DELETE', `/api/blocks/${person!._id}`, second.cookie);
    expect(notTheirs.statusCode).toBe(404);
    expect(notTheirs.json()).toMatchObject({ error: { code: 'NOT_FOUND' } });
    expect((await call('GET', '/api/blocks', buyer.cookie)).json()).toHaveLength(1);

    expect((await call('DELETE', `/api/blocks/${person!._id}`, buyer.cookie)).statusCode).toBe(204);
    expect((await call('GET', '/api/blocks', buyer.cookie)).json()).toEqual([]);
    expect((await send(buyer.cookie, conversationId, 'Back again')).statusCode).toBe(201);
    expect((await call('DELETE', `/api/blocks/${person!._id}`, buyer.cookie)).statusCode).toBe(404);
    expect((await call('DELETE', '/api/blocks/not-an-id', buyer.cookie)).statusCode).toBe(400);
  });
});

describe('a block and a deal already under way', () => {
  it('leaves the order page and the payment of a booking as they were', async () => {
    const { seller, product } = await kit.laptop();
    const buyer = await kit.bookedBy(product.id, 'Bob Booker');
    const started = await start(buyer.cookie, product.id);
    const { conversationId } = started.json<{ conversationId: string }>();
    await send(buyer.cookie, conversationId, 'See you at the cafe');
    expect(
      (await call('POST', `/api/conversations/${conversationId}/block`, seller.cookie)).statusCode,
    ).toBe(201);

    for (const cookie of [buyer.cookie, seller.cookie]) {
      expect((await call('GET', `/api/orders/${buyer.orderId}`, cookie)).statusCode).toBe(200);
    }
    const intent = await kit.startPayment(buyer.cookie, buyer.orderId);
    expect(intent.statusCode).toBe(200);
    const confirmed = await kit.confirm(intent.json<Intent>());
    expect(confirmed.statusCode).toBe(200);
    const recorded = await kit.record(
      buyer.cookie,
      buyer.orderId,
      intent.json<Intent>().paymentIntentId,
    );
    expect(recorded.statusCode).toBeLessThan(300);
    const order = await call('GET', `/api/orders/${buyer.orderId}`, seller.cookie);
    expect(order.json()).toMatchObject({ status: 'paid' });
  });
});
