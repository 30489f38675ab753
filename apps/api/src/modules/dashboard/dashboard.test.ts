import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DashboardOverview } from '@laptops/shared/dashboard';
import { disputes } from '../../db/schema/disputes.ts';
import { orders } from '../../db/schema/orders.ts';
import { reports } from '../../db/schema/reports.ts';
import {
  createCategory,
  createPaidOrder,
  createProduct,
  createUser,
} from '../../db/seed/factories.ts';
import { createTestContext, signIn, type TestContext } from '../../test/test-app.ts';
import { release } from '../payouts/payouts-test-kit.ts';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(async () => {
  await t?.close();
});

const db = () => t.database.db;

async function overviewOf(user: { email: string; password: string }): Promise<DashboardOverview> {
  const cookie = await signIn(t.app, user.email, user.password);
  const response = await t.app.inject({
    method: 'GET',
    url: '/api/dashboard',
    headers: { cookie },
  });
  expect(response.statusCode).toBe(200);
  expect(response.headers['cache-control']).toBe('private, no-store');
  return response.json();
}

/** A laptop of the seller's, booked by the buyer and not paid yet. */
async function booking(sellerId: string, buyerId: string, name: string, createdAt: Date) {
  const category = await createCategory(db());
  const product = await createProduct(db(), { sellerId, categoryId: category.id, name });
  const [order] = await db()
    .insert(orders)
    .values({
      productId: product.id,
      buyerId,
      priceCents: 40_000,
      buyerPhone: '+1 512 555 0100',
      meetingLocation: 'Library',
      createdAt,
    })
    .returning();
  return order!;
}

/** A laptop of the seller's, paid by the buyer: its money held until the handover. */
async function paidDeal(sellerId: string, buyerId: string, name: string, priceCents = 50_000) {
  const category = await createCategory(db());
  const product = await createProduct(db(), {
    sellerId,
    categoryId: category.id,
    name,
    resalePriceCents: priceCents,
  });
  return createPaidOrder(db(), { productId: product.id, buyerId, priceCents });
}

describe('GET /api/dashboard', () => {
  it('gives a buyer their orders by what each waits for, and the most urgent next step', async () => {
    const seller = await createUser(db(), { typeOfUser: 'seller' });
    const buyer = await createUser(db(), { typeOfUser: 'buyer' });
    const other = await createUser(db(), { typeOfUser: 'buyer' });
    expect(await overviewOf(buyer)).toEqual({
      role: 'buyer',
      toPay: 0,
      toMeet: 0,
      openDisputes: 0,
      completed: 0,
      next: null,
    });

    const meet = await paidDeal(seller.id, buyer.id, 'Dell XPS 13');
    expect(await overviewOf(buyer)).toMatchObject({
      next: {
        action: 'meet',
        orderId: meet.id,
        laptop: 'Dell XPS 13',
      },
    });

    const older = await booking(seller.id, buyer.id, 'HP EliteBook', new Date(Date.now() - 60_000));
    await booking(seller.id, buyer.id, 'Acer Swift', new Date());
    const cancelled = await booking(seller.id, buyer.id, 'Asus Zenbook', new Date());
    await db().update(orders).set({ cancelledAt: new Date() }).where(eq(orders.id, cancelled.id));
    const disputed = await paidDeal(seller.id, buyer.id, 'Lenovo Yoga');
    await db().insert(disputes).values({
      orderId: disputed.id,
      openedBy: buyer.id,
      reason: 'does-not-work',
      details: 'It does not turn on.',
    });
    const done = await paidDeal(seller.id, buyer.id, 'MacBook Air');
    await db().update(orders).set({ completedAt: new Date() }).where(eq(orders.id, done.id));
    // Someone else's order is not theirs to count.
    await booking(seller.id, other.id, 'Surface Laptop', new Date());

    expect(await overviewOf(buyer)).toEqual({
      role: 'buyer',
      toPay: 2,
      toMeet: 1,
      openDisputes: 1,
      completed: 1,
      // Paying comes first: the laptop is not theirs until they do.
      next: { action: 'pay', orderId: older.id, laptop: 'HP EliteBook' },
    });
  });

  it('gives a seller their laptops for sale, deals waiting and money, from the ledger', async () => {
    const seller = await createUser(db(), { typeOfUser: 'seller' });
    const buyer = await createUser(db(), { typeOfUser: 'buyer' });
    const category = await createCategory(db());
    await createProduct(db(), { sellerId: seller.id, categoryId: category.id, name: 'For sale' });
    await booking(seller.id, buyer.id, 'Booked', new Date());
    await paidDeal(seller.id, buyer.id, 'Paid, held', 30_000);
    const released = await paidDeal(seller.id, buyer.id, 'Released', 20_000);
    await release(db(), released.id, seller.id, 20_000, 1_000);
    await db().update(orders).set({ completedAt: new Date() }).where(eq(orders.id, released.id));
    // Another seller's laptop changes nothing here.
    const rival = await createUser(db(), { typeOfUser: 'seller' });
    await createProduct(db(), { sellerId: rival.id, categoryId: category.id });

    expect(await overviewOf(seller)).toEqual({
      role: 'seller',
      // The booked laptop is still for sale until it is paid for.
      forSale: 2,
      awaitingPayment: 1,
      toHandOver: 1,
      openDisputes: 0,
      sold: 1,
      money: { held: 300, available: 190, paidOut: 0 },
      payoutsReady: false,
    });
  });

  it('gives an admin the queues waiting for them', async () => {
    const admin = await createUser(db(), { typeOfUser: 'admin' });
    const before = await overviewOf(admin);
    expect(before.role).toBe('admin');
    if (before.role !== 'admin') return;
    const seller = await createUser(db(), { typeOfUser: 'seller', isVerified: false });
    const buyer = await createUser(db(), { typeOfUser: 'buyer' });
    const category = await createCategory(db());
    const product = await createProduct(db(), { sellerId: seller.id, categoryId: category.id });
    await db().insert(reports).values({ productId: product.id, reporterId: buyer.id });
    const after = await overviewOf(admin);
    expect(after).toEqual({
      ...before,
      openReports: before.openReports + 1,
      sellersToVerify: before.sellersToVerify + 1,
    });
  });

  it('refuses a guest', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/dashboard' });
    expect(response.statusCode).toBe(401);
  });
});
