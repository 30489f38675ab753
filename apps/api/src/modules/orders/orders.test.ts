import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Order } from '@laptops/shared/orders';
import {
  createCategory,
  createPaidOrder,
  createProduct,
  createUser,
} from '../../db/seed/factories.ts';
import { startSmtpSink } from '../../test/smtp-sink.ts';
import { createTestContext, signIn, type TestContext } from '../../test/test-app.ts';

let t: TestContext;
let smtp: Awaited<ReturnType<typeof startSmtpSink>>;
beforeAll(async () => {
  smtp = await startSmtpSink();
  t = await createTestContext({ SMTP_URL: smtp.url });
});
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

async function listing(overrides: { status?: 'available' | 'sold'; sellerId?: string } = {}) {
  const seller = await createUser(t.database.db, { typeOfUser: 'seller' });
  const category = await createCategory(t.database.db);
  const product = await createProduct(t.database.db, {
    sellerId: overrides.sellerId ?? seller.id,
    categoryId: category.id,
    name: 'ThinkPad X1 Carbon',
    resalePriceCents: 99900,
    status: overrides.status ?? 'available',
  });
  return { seller, product };
}

async function buyer(name = 'Bea Buyer') {
  const user = await createUser(t.database.db, { typeOfUser: 'buyer', name });
  return { user, cookie: await signIn(t.app, user.email, user.password) };
}

const book = (cookie: string, payload: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url: '/api/myOrders', headers: { cookie }, payload });

describe('POST /api/myOrders', () => {
  it("books at the server's price and tells the seller, whatever the client claims", async () => {
    const { seller, product } = await listing();
    const { user, cookie } = await buyer();
    const response = await book(cookie, {
      productId: product.id,
      productName: 'Free laptop',
      price: 1,
      buyerEmail: 'someone@else.test',
      sellerEmail: 'x@y.test',
      sellerMobileNumber: '+1 512 555 0100',
      sellerLocation: 'Central Library',
    });
    expect(response.statusCode).toBe(201);
    const { insertedId } = response.json<{ insertedId: string }>();

    const order = await t.app.inject({
      method: 'GET',
      url: `/api/myOrders/${insertedId}`,
      headers: { cookie },
    });
    expect(order.json<Order>()).toMatchObject({
      _id: insertedId,
      productName: 'ThinkPad X1 Carbon',
      price: 999,
      sellerMobileNumber: '+1 512 555 0100',
      sellerLocation: 'Central Library',
      paid: false,
      status: 'unpaid',
      transactionId: null,
    });
    // Contacts are on the order page only (the seller's phone), never an email.
    for (const email of [seller.email, user.email]) expect(order.body).not.toContain(email);
    await expect
      .poll(() => smtp.received.filter((m) => m.to.includes(seller.email)).length)
      .toBe(1);
    expect(smtp.received.find((m) => m.to.includes(seller.email))?.raw).toContain(
      'Subject: New booking: ThinkPad X1 Carbon',
    );
  });

  it('refuses a sold laptop, an own laptop, a second booking, an unknown one and a seller', async () => {
    const { cookie, user } = await buyer();
    const sold = await listing({ status: 'sold' });
    const own = await listing({ sellerId: user.id });
    const fine = await listing();
    const body = { meetingLocation: 'Cafe', buyerPhone: '+1 512 555 0100' };
    expect((await book(cookie, { ...body, productId: sold.product.id })).json()).toMatchObject({
      error: { message: 'This laptop is already sold.' },
    });
    expect((await book(cookie, { ...body, productId: own.product.id })).json()).toMatchObject({
      error: { message: 'You cannot book your own laptop.' },
    });
    expect((await book(cookie, { ...body, productId: fine.product.id })).statusCode).toBe(201);
    const twice = await book(cookie, { ...body, productId: fine.product.id });
    expect(twice.statusCode).toBe(409);
    expect(twice.json()).toMatchObject({
      error: { message: 'You have already booked this laptop.' },
    });
    expect((await book(cookie, { ...body, productId: randomUUID() })).statusCode).toBe(404);
    const missing = await book(cookie, { productId: fine.product.id });
    expect(missing.json()).toMatchObject({
      error: {
        fields: {
          meetingLocation: 'Please fill in the meeting place',
          buyerPhone: 'Please fill in your phone number',
        },
      },
    });

    const sellerUser = await createUser(t.database.db, { typeOfUser: 'seller' });
    const sellerCookie = await signIn(t.app, sellerUser.email, sellerUser.password);
    expect((await book(sellerCookie, { ...body, productId: fine.product.id })).statusCode).toBe(
      403,
    );
  });

  it('lets several buyers book the same laptop', async () => {
    const { product } = await listing();
    const a = await buyer();
    const b = await buyer();
    const body = { productId: product.id, meetingLocation: 'Cafe', buyerPhone: '+1 512 555 0100' };
    expect((await book(a.cookie, body)).statusCode).toBe(201);
    expect((await book(b.cookie, body)).statusCode).toBe(201);
  });
});

describe('My Orders', () => {
  it("lists only the buyer's own orders, shows 'Sold' when another bought it, and hides others' orders", async () => {
    const { product } = await listing();
    const a = await buyer();
    const b = await buyer();
    const body = { productId: product.id, meetingLocation: 'Cafe', buyerPhone: '+1 512 555 0100' };
    const orderA = (await book(a.cookie, body)).json<{ insertedId: string }>().insertedId;
    await createPaidOrder(t.database.db, {
      productId: product.id,
      buyerId: b.user.id,
      priceCents: 99900,
    });

    const list = await t.app.inject({
      method: 'GET',
      url: `/api/myOrders?email=${b.user.email}`,
      headers: { cookie: a.cookie },
    });
    expect(list.json<Order[]>()).toEqual([
      expect.objectContaining({ _id: orderA, status: 'sold-to-another', paid: false }),
    ]);
    const peek = await t.app.inject({
      method: 'GET',
      url: `/api/myOrders/${orderA}`,
      headers: { cookie: b.cookie },
    });
    expect(peek.statusCode).toBe(404);
    const bList = await t.app.inject({
      method: 'GET',
      url: '/api/myOrders',
      headers: { cookie: b.cookie },
    });
    expect(bList.json<Order[]>()).toEqual([
      expect.objectContaining({ status: 'paid', paid: true }),
    ]);
  });

  it('cancels an unpaid booking, but never a paid one', async () => {
    const { product } = await listing();
    const other = await listing();
    const { user, cookie } = await buyer();
    const orderId = (
      await book(cookie, {
        productId: product.id,
        meetingLocation: 'Cafe',
        buyerPhone: '+1 512 555 0100',
      })
    ).json<{ insertedId: string }>().insertedId;
    const paid = await createPaidOrder(t.database.db, {
      productId: other.product.id,
      buyerId: user.id,
      priceCents: 99900,
    });

    const cancel = (id: string) =>
      t.app.inject({ method: 'DELETE', url: `/api/myOrders/${id}`, headers: { cookie } });
    expect((await cancel(orderId)).json()).toEqual({ deletedCount: 1 });
    expect((await cancel(orderId)).statusCode).toBe(404);
    expect((await cancel(paid.id)).statusCode).toBe(409);
    // Cancelled, it can be booked again.
    expect(
      (
        await book(cookie, {
          productId: product.id,
          meetingLocation: 'Cafe',
          buyerPhone: '+1 512 555 0100',
        })
      ).statusCode,
    ).toBe(201);
  });
});

describe('POST /api/myOrders with text the database cannot hold', () => {
  it.each([
    ['a NUL character', 'Central\u0000Library'],
    ['a text-direction override', 'Central \u202ELibrary'],
    ['only invisible characters', '\u200b\u2060'],
    ['a line break', 'Central\nLibrary'],
  ])('refuses %s in the meeting place with a 400, and books nothing', async (_, place) => {
    const { product } = await listing();
    const { cookie } = await buyer();
    const response = await book(cookie, {
      productId: product.id,
      meetingLocation: place,
      buyerPhone: '+1 512 555 0100',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      error: { code: 'VALIDATION_ERROR', fields: { meetingLocation: expect.any(String) } },
    });
    const mine = await t.app.inject({ method: 'GET', url: '/api/myOrders', headers: { cookie } });
    expect(mine.json()).toEqual([]);
  });
});
