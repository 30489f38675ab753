import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ConversationSummary, Message, Thread } from '@laptops/shared/conversations';
import { messages } from '../../db/schema/conversations.ts';
import { products } from '../../db/schema/products.ts';
import { createCategory, createProduct, createUser } from '../../db/seed/factories.ts';
import { createTestContext, signIn, type TestContext } from '../../test/test-app.ts';
import { THREAD_PAGE, UNREAD_COUNT_LIMIT } from './conversations.service.ts';
import { uploadTestImage } from '../../test/upload-helper.ts';
import { EMAIL_HIDDEN, PHONE_HIDDEN } from './hide-contacts.ts';

let t: TestContext;
let categoryId: string;
beforeAll(async () => {
  t = await createTestContext();
  categoryId = (await createCategory(t.database.db)).id;
});
afterAll(async () => {
  await t?.close();
});

/** A seller with a laptop for sale, and a buyer; both signed in. */
async function sellerAndBuyer() {
  const db = t.database.db;
  const seller = await createUser(db, { typeOfUser: 'seller', name: 'Sara Seller' });
  const buyer = await createUser(db, { name: 'Ben Buyer' });
  const laptop = await createProduct(db, { sellerId: seller.id, categoryId, name: 'ThinkPad X1' });
  return {
    seller,
    buyer,
    laptop,
    sellerCookie: await signIn(t.app, seller.email, seller.password),
    buyerCookie: await signIn(t.app, buyer.email, buyer.password),
  };
}

const call = (method: 'GET' | 'POST', url: string, cookie: string, payload?: object) =>
  t.app.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) });

const start = (cookie: string, productId: string) =>
  call('POST', '/api/conversations', cookie, { productId });
const inbox = async (cookie: string) =>
  (await call('GET', '/api/conversations', cookie)).json<ConversationSummary[]>();
const send = (cookie: string, id: string, body: string) =>
  call('POST', `/api/conversations/${id}/messages`, cookie, { body });

describe('a conversation about a laptop', () => {
  it('is started once by a buyer, and both sides write, read and see unread counts', async () => {
    const { laptop, sellerCookie, buyerCookie } = await sellerAndBuyer();
    const started = await start(buyerCookie, laptop.id);
    expect(started.statusCode).toBe(201);
    const { conversationId } = started.json<{ conversationId: string }>();
    const again = await start(buyerCookie, laptop.id);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({ conversationId });
    // Opening "Ask the seller" is not a message: the seller has nothing yet.
    expect(await inbox(sellerCookie)).toEqual([]);

    const sent = await send(buyerCookie, conversationId, 'Is the battery original?');
    expect(sent.statusCode).toBe(201);
    expect(sent.json<Message>()).toMatchObject({ body: 'Is the battery original?', fromMe: true });

    const [thread] = await inbox(sellerCookie);
    expect(thread).toMatchObject({
      _id: conversationId,
      role: 'seller',
      laptop: { _id: laptop.id, name: 'ThinkPad X1', isSold: false },
      other: { name: 'Ben Buyer' },
      lastMessage: { body: 'Is the battery original?', fromMe: false, system: false },
      unread: 1,
    });
    const seen = await call('GET', `/api/conversations/${conversationId}`, sellerCookie);
    expect(seen.json<Thread>()).toMatchObject({
      role: 'seller',
      other: { name: 'Ben Buyer' },
      messages: [{ body: 'Is the battery original?', fromMe: false }],
      nextCursor: null,
    });
    expect(
      (await call('POST', `/api/conversations/${conversationId}/read`, sellerCookie)).statusCode,
    ).toBe(204);
    expect((await inbox(sellerCookie))[0]?.unread).toBe(0);

    await send(sellerCookie, conversationId, 'Yes, 91% of its design capacity.');
    const [buyerView] = await inbox(buyerCookie);
    expect(buyerView).toMatchObject({
      role: 'buyer',
      other: { name: 'Sara Seller' },
      lastMessage: { body: 'Yes, 91% of its design capacity.', fromMe: false },
      unread: 1,
    });
    // The seller's own reply counts as read: nothing unread on their side.
    const [sellerView] = await inbox(sellerCookie);
    expect(sellerView?.unread).toBe(0);
  });

  it('is refused about one’s own laptop, a sold, withdrawn or unknown one, and a bad id', async () => {
    const db = t.database.db;
    const { laptop, sellerCookie, buyerCookie } = await sellerAndBuyer();
    expect((await start(sellerCookie, laptop.id)).json()).toMatchObject({
      error: { code: 'OWN_LAPTOP' },
    });
    const sold = await createProduct(db, { sellerId: laptop.sellerId, categoryId });
    await db.update(products).set({ status: 'sold' }).where(eq(products.id, sold.id));
    const soldAnswer = await start(buyerCookie, sold.id);
    expect(soldAnswer.statusCode).toBe(409);
    const withdrawn = await createProduct(db, { sellerId: laptop.sellerId, categoryId });
    await db.update(products).set({ deletedAt: new Date() }).where(eq(products.id, withdrawn.id));
    expect((await start(buyerCookie, withdrawn.id)).statusCode).toBe(410);
    expect((await start(buyerCookie, '00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    expect((await start(buyerCookie, 'not-an-id')).statusCode).toBe(400);
  });

  it('is invisible to anyone else: not in their inbox, and 404 to read, write or mark', async () => {
    const db = t.database.db;
    const { laptop, buyerCookie } = await sellerAndBuyer();
    const { conversationId } = (await start(buyerCookie, laptop.id)).json<{
      conversationId: string;
    }>();
    await send(buyerCookie, conversationId, 'Hello');
    const stranger = await createUser(db);
    const strangerCookie = await signIn(t.app, stranger.email, stranger.password);
    expect(await inbox(strangerCookie)).toEqual([]);
    for (const answer of [
      await call('GET', `/api/conversations/${conversationId}`, strangerCookie),
      await send(strangerCookie, conversationId, 'Let me in'),
      await call('POST', `/api/conversations/${conversationId}/read`, strangerCookie),
    ]) {
      expect(answer.statusCode).toBe(404);
    }
    const stored = await db
      .select()
      .from(messages)
      .where(eq(messages.conversationId, conversationId));
    expect(stored).toHaveLength(1);
  });

  it('keeps its laptop when the seller deletes it: withdrawn, and the thread still opens', async () => {
    const db = t.database.db;
    const { laptop, sellerCookie, buyerCookie } = await sellerAndBuyer();
    const { conversationId } = (await start(buyerCookie, laptop.id)).json<{
      conversationId: string;
    }>();
    await send(buyerCookie, conversationId, 'Still for sale?');
    const deleted = await t.app.inject({
      method: 'DELETE',
      url: `/api/myProducts?id=${laptop.id}`,
      headers: { cookie: sellerCookie },
    });
    expect(deleted.statusCode, deleted.body).toBe(200);
    const [row] = await db.select().from(products).where(eq(products.id, laptop.id));
    expect(row?.deletedAt).not.toBeNull();
    const thread = await call('GET', `/api/conversations/${conversationId}`, sellerCookie);
    expect(thread.json<Thread>().messages[0]?.body).toBe('Still for sale?');
  });

  it('pages a long thread newest first, and refuses a forged page link', async () => {
    const db = t.database.db;
    const { laptop, buyerCookie, buyer } = await sellerAndBuyer();
    const { conversationId } = (await start(buyerCookie, laptop.id)).json<{
      conversationId: string;
    }>();
    const base = Date.parse('2026-11-01T10:00:00Z');
    await db.insert(messages).values(
      Array.from({ length: THREAD_PAGE + 5 }, (_, i) => ({
        conversationId,
        senderId: buyer.id,
        body: `Message ${i + 1}`,
        createdAt: new Date(base + i * 1000),
      })),
    );
    const first = (
      await call('GET', `/api/conversations/${conversationId}`, buyerCookie)
    ).json<Thread>();
    expect(first.messages).toHaveLength(THREAD_PAGE);
    expect(first.messages[0]?.body).toBe(`Message ${THREAD_PAGE + 5}`);
    expect(first.nextCursor).not.toBeNull();
    const second = (
      await call(
        'GET',
        `/api/conversations/${conversationId}?before=${first.nextCursor}`,
        buyerCookie,
      )
    ).json<Thread>();
    expect(second.messages.map((message) => message.body)).toEqual([
      'Message 5',
      'Message 4',
      'Message 3',
      'Message 2',
      'Message 1',
    ]);
    expect(second.nextCursor).toBeNull();
    const forged = await call(
      'GET',
      `/api/conversations/${conversationId}?before=forged`,
      buyerCookie,
    );
    expect(forged.statusCode).toBe(400);
  });

  it('takes a message as typed, refuses an empty or too long one, and writes nothing then', async () => {
    const { laptop, buyerCookie } = await sellerAndBuyer();
    const { conversationId } = (await start(buyerCookie, laptop.id)).json<{
      conversationId: string;
    }>();
    const script = '<script>alert(1)</script>\nSecond line';
    expect((await send(buyerCookie, conversationId, script)).json<Message>().body).toBe(script);
    for (const body of ['', '   ', 'x'.repeat(2001)]) {
      const refused = await send(buyerCookie, conversationId, body);
      expect(refused.statusCode, JSON.stringify(body)).toBe(400);
      expect(refused.json().error.fields).toHaveProperty('body');
    }
    const thread = (
      await call('GET', `/api/conversations/${conversationId}`, buyerCookie)
    ).json<Thread>();
    expect(thread.messages).toHaveLength(1);
  });
});

describe('contact details in messages', () => {
  it('are hidden until the buyer has booked the laptop, then kept as typed', async () => {
    const { laptop, buyerCookie, sellerCookie } = await sellerAndBuyer();
    const { conversationId } = (await start(buyerCookie, laptop.id)).json<{
      conversationId: string;
    }>();
    const before = await send(buyerCookie, conversationId, 'Text me on 512 555 0199');
    expect(before.json<Message>().body).toBe(`Text me on ${PHONE_HIDDEN}`);
    const reply = await send(sellerCookie, conversationId, 'Or mail sara@example.com');
    expect(reply.json<Message>().body).toBe(`Or mail ${EMAIL_HIDDEN}`);
    // What the other side reads is what was stored: the number never reaches them.
    const thread = (
      await call('GET', `/api/conversations/${conversationId}`, sellerCookie)
    ).json<Thread>();
    expect(thread.messages.map((message) => message.body)).not.toContain('Text me on 512 555 0199');

    const booked = await call('POST', '/api/myOrders', buyerCookie, {
      productId: laptop.id,
      meetingLocation: 'Downtown',
      buyerPhone: '+1 512 555 0199',
    });
    expect(booked.statusCode).toBe(201);
    const after = await send(sellerCookie, conversationId, 'Call me: 512 555 0100');
    expect(after.json<Message>().body).toBe('Call me: 512 555 0100');
  });
});

describe('sending many messages', () => {
  it('is limited per sender, with a Retry-After', async () => {
    const limited = await createTestContext({ MESSAGE_RATE_LIMIT_PER_SENDER: '3' });
    try {
      const db = limited.database.db;
      const seller = await createUser(db, { typeOfUser: 'seller' });
      const buyer = await createUser(db);
      const laptop = await createProduct(db, {
        sellerId: seller.id,
        categoryId: (await createCategory(db)).id,
      });
      const cookie = await signIn(limited.app, buyer.email, buyer.password);
      const { conversationId } = (
        await limited.app.inject({
          method: 'POST',
          url: '/api/conversations',
          headers: { cookie },
          payload: { productId: laptop.id },
        })
      ).json<{ conversationId: string }>();
      const statuses: number[] = [];
      let retryAfter: string | undefined;
      for (let i = 0; i < 4; i++) {
        const answer = await limited.app.inject({
          method: 'POST',
          url: `/api/conversations/${conversationId}/messages`,
          headers: { cookie },
          payload: { body: `Hello ${i}` },
        });
        statuses.push(answer.statusCode);
        retryAfter = answer.headers['retry-after'] as string | undefined;
      }
      expect(statuses).toEqual([201, 201, 201, 429]);
      expect(Number(retryAfter)).toBeGreaterThan(0);
    } finally {
      await limited.close();
    }
  });

  it('is limited per thread, whoever writes', async () => {
    const { laptop, buyerCookie, sellerCookie } = await sellerAndBuyer();
    const { conversationId } = (await start(buyerCookie, laptop.id)).json<{
      conversationId: string;
    }>();
    const statuses: number[] = [];
    for (let i = 0; i < 21; i++) {
      const answer = await send(i % 2 ? sellerCookie : buyerCookie, conversationId, `Line ${i}`);
      statuses.push(answer.statusCode);
    }
    expect(statuses.slice(0, 20).every((status) => status === 201)).toBe(true);
    expect(statuses[20]).toBe(429);
  });
});

describe('a photo in a message', () => {
  it('is sent alone or with text, and only a photo the sender uploaded', async () => {
    const { laptop, sellerCookie, buyerCookie } = await sellerAndBuyer();
    const { conversationId } = (await start(buyerCookie, laptop.id)).json<{
      conversationId: string;
    }>();
    const photo = await uploadTestImage(t.app, buyerCookie);
    const alone = await call('POST', `/api/conversations/${conversationId}/messages`, buyerCookie, {
      image: photo,
    });
    expect(alone.statusCode).toBe(201);
    expect(alone.json<Message>()).toMatchObject({
      body: '',
      image: { url: photo, thumbnail: photo.replace('.webp', '-thumb.webp') },
    });
    const withText = await call(
      'POST',
      `/api/conversations/${conversationId}/messages`,
      buyerCookie,
      { body: 'The scratch on the lid', image: photo },
    );
    expect(withText.statusCode).toBe(201);

    const [summary] = await inbox(sellerCookie);
    expect(summary?.lastMessage).toMatchObject({
      body: 'The scratch on the lid',
      image: { url: photo },
    });

    // The seller cannot pass off the buyer's upload as theirs, nor send nothing at all.
    const notTheirs = await call(
      'POST',
      `/api/conversations/${conversationId}/messages`,
      sellerCookie,
      { image: photo },
    );
    expect(notTheirs.statusCode).toBe(400);
    expect(notTheirs.json()).toMatchObject({ error: { code: 'IMAGE_NOT_OURS' } });
    const nothing = await send(sellerCookie, conversationId, '   ');
    expect(nothing.statusCode).toBe(400);
    const thread = (
      await call('GET', `/api/conversations/${conversationId}`, sellerCookie)
    ).json<Thread>();
    expect(thread.messages).toHaveLength(2);
  });
});

describe('the unread count', () => {
  it('counts up to the badge’s limit, however many messages wait', async () => {
    const { buyerCookie, sellerCookie, laptop } = await sellerAndBuyer();
    const { conversationId } = (await start(buyerCookie, laptop.id)).json<{
      conversationId: string;
    }>();
    const waiting = UNREAD_COUNT_LIMIT + 5;
    await t.database.db.insert(messages).values(
      Array.from({ length: waiting }, (_, i) => ({
        conversationId,
        senderId: null,
        body: `Line ${i}`,
        createdAt: new Date(Date.now() + i),
      })),
    );
    await send(buyerCookie, conversationId, 'Is the charger included?');
    const count = async (cookie: string) =>
      (await call('GET', '/api/conversations/unread', cookie)).json<{ count: number }>().count;
    expect(await count(sellerCookie)).toBe(UNREAD_COUNT_LIMIT);
  });
});
