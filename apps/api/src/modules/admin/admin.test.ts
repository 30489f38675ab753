import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminActivity, AdminUser } from '@laptops/shared/admin';
import type { Product } from '@laptops/shared/products';
import type { Report } from '@laptops/shared/reports';
import { adminActionsLog } from '../../db/schema/admin-actions.ts';
import { orders } from '../../db/schema/orders.ts';
import { products } from '../../db/schema/products.ts';
import { users } from '../../db/schema/users.ts';
import {
  createCategory,
  createPaidOrder,
  createProduct,
  createUser,
} from '../../db/seed/factories.ts';
import { createTestContext, signIn, type TestContext } from '../../test/test-app.ts';

let t: TestContext;
let admin: Awaited<ReturnType<typeof createUser>>;
let adminCookie: string;
beforeAll(async () => {
  t = await createTestContext();
  admin = await createUser(t.database.db, { typeOfUser: 'admin', name: 'Ada Admin' });
  adminCookie = await signIn(t.app, admin.email, admin.password);
});
afterAll(async () => {
  await t?.close();
});

const asAdmin = (method: 'GET' | 'PUT' | 'DELETE', url: string) =>
  t.app.inject({ method, url, headers: { cookie: adminCookie } });
const auditCount = async () =>
  (await t.database.db.select({ n: count() }).from(adminActionsLog))[0]?.n ?? 0;

describe('admin lists', () => {
  it('page through sellers with a search by name or email and the total in X-Total-Count', async () => {
    const tag = `zz${Date.now()}`;
    for (let i = 0; i < 5; i++)
      await createUser(t.database.db, { typeOfUser: 'seller', name: `${tag} Seller ${i}` });
    await createUser(t.database.db, { typeOfUser: 'buyer', name: `${tag} Buyer` });
    const page1 = await asAdmin('GET', `/api/allSellers?q=${tag}&limit=2&page=1`);
    expect(page1.headers['x-total-count']).toBe('5');
    expect(page1.json<AdminUser[]>().map((u) => u.name)).toEqual([
      `${tag} Seller 0`,
      `${tag} Seller 1`,
    ]);
    const page3 = await asAdmin('GET', `/api/allSellers?q=${tag}&limit=2&page=3`);
    expect(page3.json<AdminUser[]>().map((u) => u.name)).toEqual([`${tag} Seller 4`]);
    const all = await asAdmin('GET', `/api/allUsers?q=${tag}`);
    expect(all.headers['x-total-count']).toBe('6');
    const buyers = await asAdmin('GET', `/api/allBuyers?q=${encodeURIComponent('%')}`);
    expect(
      buyers.json<AdminUser[]>().every((u) => u.name.includes('%') || u.email.includes('%')),
    ).toBe(true);
    expect((await asAdmin('GET', '/api/allUsers?limit=1000')).statusCode).toBe(400);
  });
});

describe('verifying sellers and making admins', () => {
  it('verifies a seller: the tick shows on all their cards at once, and it is audited', async () => {
    const seller = await createUser(t.database.db, { typeOfUser: 'seller' });
    const category = await createCategory(t.database.db);
    await createProduct(t.database.db, { sellerId: seller.id, categoryId: category.id });
    await createProduct(t.database.db, { sellerId: seller.id, categoryId: category.id });
    expect((await asAdmin('PUT', `/api/verifySeller?email=${seller.email}`)).json()).toEqual({
      modifiedCount: 1,
    });
    expect((await asAdmin('PUT', `/api/verifySeller?email=${seller.email}`)).json()).toEqual({
      modifiedCount: 0,
    });
    const cards = (await asAdmin('GET', `/api/category/${category.id}`)).json<{
      products: Product[];
    }>().products;
    expect(cards).toHaveLength(2);
    expect(cards.every((p) => p.isVerified)).toBe(true);
    const activity = (await asAdmin('GET', '/api/admin/activity')).json<AdminActivity[]>();
    expect(activity[0]).toMatchObject({
      action: 'verify-seller',
      target: seller.email,
      adminEmail: admin.email,
      adminName: 'Ada Admin',
    });
  });

  it('makes a buyer an admin; unknown emails and non-sellers give 404 and change nothing', async () => {
    const buyer = await createUser(t.database.db, { typeOfUser: 'buyer' });
    const before = await auditCount();
    expect((await asAdmin('PUT', '/api/verifySeller?email=nobody@example.test')).statusCode).toBe(
      404,
    );
    expect((await asAdmin('PUT', `/api/verifySeller?email=${buyer.email}`)).statusCode).toBe(404);
    expect((await asAdmin('PUT', '/api/makeAdmin?email=nobody@example.test')).statusCode).toBe(404);
    expect((await asAdmin('DELETE', '/api/deleteUser?email=nobody@example.test')).statusCode).toBe(
      404,
    );
    expect(await auditCount()).toBe(before);

    expect(
      (await asAdmin('PUT', `/api/makeAdmin?email=${buyer.email.toUpperCase()}`)).json(),
    ).toEqual({ modifiedCount: 1 });
    const [row] = await t.database.db.select().from(users).where(eq(users.id, buyer.id));
    expect(row?.typeOfUser).toBe('admin');
  });

  it('refuses to make an admin of someone with laptops for sale or unpaid bookings (an admin could not manage them)', async () => {
    const seller = await createUser(t.database.db, { typeOfUser: 'seller', name: 'Sam Seller' });
    const category = await createCategory(t.database.db);
    const listing = await createProduct(t.database.db, {
      sellerId: seller.id,
      categoryId: category.id,
    });
    const refused = await asAdmin('PUT', `/api/makeAdmin?email=${seller.email}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({
      error: {
        code: 'HAS_LISTINGS',
        message: 'Sam Seller has laptops for sale. They must be sold or deleted first.',
      },
    });

    const buyer = await createUser(t.database.db, { typeOfUser: 'buyer', name: 'Bo Buyer' });
    await t.app.inject({
      method: 'POST',
      url: '/api/myOrders',
      headers: { cookie: await signIn(t.app, buyer.email, buyer.password) },
      payload: { productId: listing.id, meetingLocation: 'Cafe', buyerPhone: '+1 512 555 0100' },
    });
    expect((await asAdmin('PUT', `/api/makeAdmin?email=${buyer.email}`)).json()).toEqual({
      error: {
        code: 'HAS_BOOKINGS',
        message: 'Bo Buyer has bookings not paid for. They must be paid or cancelled first.',
      },
    });
    const [sellerRow] = await t.database.db.select().from(users).where(eq(users.id, seller.id));
    const [buyerRow] = await t.database.db.select().from(users).where(eq(users.id, buyer.id));
    expect([sellerRow?.typeOfUser, buyerRow?.typeOfUser]).toEqual(['seller', 'buyer']);
  });

  it('refuses non-admins', async () => {
    const seller = await createUser(t.database.db, { typeOfUser: 'seller' });
    const cookie = await signIn(t.app, seller.email, seller.password);
    const response = await t.app.inject({
      method: 'PUT',
      url: `/api/makeAdmin?email=${seller.email}`,
      headers: { cookie },
    });
    expect(response.statusCode).toBe(403);
    const [row] = await t.database.db.select().from(users).where(eq(users.id, seller.id));
    expect(row?.typeOfUser).toBe('seller');
  });
});

describe('deleting accounts', () => {
  it("ends a deleted buyer's session at once, refuses their sign-in, cancels unpaid bookings and keeps paid orders", async () => {
    const buyer = await createUser(t.database.db, { typeOfUser: 'buyer' });
    const seller = await createUser(t.database.db, { typeOfUser: 'seller' });
    const category = await createCategory(t.database.db);
    const booked = await createProduct(t.database.db, {
      sellerId: seller.id,
      categoryId: category.id,
    });
    const bought = await createProduct(t.database.db, {
      sellerId: seller.id,
      categoryId: category.id,
    });
    const cookie = await signIn(t.app, buyer.email, buyer.password);
    await t.app.inject({
      method: 'POST',
      url: '/api/myOrders',
      headers: { cookie },
      payload: { productId: booked.id, meetingLocation: 'Cafe', buyerPhone: '+1 512 555 0100' },
    });
    const paid = await createPaidOrder(t.database.db, {
      productId: bought.id,
      buyerId: buyer.id,
      priceCents: 1000,
    });
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/myOrders', headers: { cookie } })).statusCode,
    ).toBe(200);

    expect((await asAdmin('DELETE', `/api/allBuyers?email=${buyer.email}`)).json()).toEqual({
      deletedCount: 1,
    });
    // The very next request with the old session is refused.
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/myOrders', headers: { cookie } })).statusCode,
    ).toBe(401);
    const signInAgain = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      payload: { email: buyer.email, password: buyer.password },
    });
    expect(signInAgain.statusCode).toBeGreaterThanOrEqual(400);

    const buyerOrders = await t.database.db
      .select()
      .from(orders)
      .where(eq(orders.buyerId, buyer.id));
    expect(buyerOrders.find((o) => o.productId === booked.id)?.cancelledAt).toBeInstanceOf(Date);
    expect(buyerOrders.find((o) => o.id === paid.id)).toMatchObject({
      paid: true,
      cancelledAt: null,
    });
    // The seller still sees the paid order of the deleted buyer.
    const sellerCookie = await signIn(t.app, seller.email, seller.password);
    const myBuyers = await t.app.inject({
      method: 'GET',
      url: '/api/myBuyers',
      headers: { cookie: sellerCookie },
    });
    expect(myBuyers.json<{ _id: string; paid: boolean }[]>()).toContainEqual(
      expect.objectContaining({ _id: paid.id, paid: true }),
    );
    expect((await asAdmin('GET', `/api/allBuyers?q=${buyer.email}`)).json()).toEqual([]);
  });

  it("withdraws a deleted seller's unsold listings and keeps the sold ones for the record", async () => {
    const seller = await createUser(t.database.db, { typeOfUser: 'seller' });
    const buyer = await createUser(t.database.db);
    const category = await createCategory(t.database.db);
    const unsold = await createProduct(t.database.db, {
      sellerId: seller.id,
      categoryId: category.id,
      dateOfPost: new Date(Date.now() + 3_600_000),
    });
    const sold = await createProduct(t.database.db, {
      sellerId: seller.id,
      categoryId: category.id,
    });
    await createPaidOrder(t.database.db, {
      productId: sold.id,
      buyerId: buyer.id,
      priceCents: 1000,
    });

    expect((await asAdmin('DELETE', `/api/deleteSeller?email=${seller.email}`)).json()).toEqual({
      deletedCount: 1,
    });
    const [unsoldRow] = await t.database.db
      .select()
      .from(products)
      .where(eq(products.id, unsold.id));
    expect(unsoldRow?.deletedAt).toBeInstanceOf(Date);
    const [soldRow] = await t.database.db.select().from(products).where(eq(products.id, sold.id));
    expect(soldRow).toMatchObject({ status: 'sold', deletedAt: null });
    const latest = (await t.app.inject({ method: 'GET', url: '/api/latestProducts' })).json<
      Product[]
    >();
    expect(latest.map((p) => p._id)).not.toContain(unsold.id);
    const buyerCookie = await signIn(t.app, buyer.email, buyer.password);
    const buyerOrders = await t.app.inject({
      method: 'GET',
      url: '/api/myOrders',
      headers: { cookie: buyerCookie },
    });
    expect(buyerOrders.json<{ productId: string; paid: boolean }[]>()).toContainEqual(
      expect.objectContaining({ productId: sold.id, paid: true }),
    );
  });

  it('refuses to delete oneself or the last admin, and a seller through the buyer call', async () => {
    const seller = await createUser(t.database.db, { typeOfUser: 'seller' });
    expect((await asAdmin('DELETE', `/api/allBuyers?email=${seller.email}`)).statusCode).toBe(404);
    const self = await asAdmin('DELETE', `/api/deleteUser?email=${admin.email}`);
    expect(self.statusCode).toBe(409);
    expect(self.json()).toMatchObject({
      error: { message: 'You cannot delete your own account.' },
    });

    // With another admin around, one admin may delete the other; the last one stays.
    const second = await createUser(t.database.db, { typeOfUser: 'admin' });
    const secondCookie = await signIn(t.app, second.email, second.password);
    const others = await t.database.db.select().from(users).where(eq(users.typeOfUser, 'admin'));
    for (const other of others) {
      if (other.id !== second.id && other.id !== admin.id && !other.deletedAt) {
        await asAdmin('DELETE', `/api/deleteUser?email=${other.email}`);
      }
    }
    expect((await asAdmin('DELETE', `/api/deleteUser?email=${second.email}`)).json()).toEqual({
      deletedCount: 1,
    });
    const bySecond = await t.app.inject({
      method: 'DELETE',
      url: `/api/deleteUser?email=${admin.email}`,
      headers: { cookie: secondCookie },
    });
    expect(bySecond.statusCode).toBe(401);
  });
});

describe('reports', () => {
  async function reported() {
    const seller = await createUser(t.database.db, { typeOfUser: 'seller' });
    const category = await createCategory(t.database.db);
    const product = await createProduct(t.database.db, {
      sellerId: seller.id,
      categoryId: category.id,
      name: `Fishy ${Date.now()}`,
    });
    const ids: string[] = [];
    // Two people report it (one person has one open report per product).
    for (const text of ['Fake photos', 'Wrong price']) {
      const reporter = await createUser(t.database.db);
      const cookie = await signIn(t.app, reporter.email, reporter.password);
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/reports',
        headers: { cookie },
        payload: { productId: product.id, reason: 'scam', reportText: text },
      });
      ids.push(response.json<{ insertedId: string }>().insertedId);
    }
    return { product, ids };
  }

  it('Delete removes the reported product from the marketplace and resolves all its reports', async () => {
    const { product, ids } = await reported();
    expect((await asAdmin('DELETE', `/api/reports/${ids[0]}`)).json()).toEqual({ deletedCount: 1 });
    const [row] = await t.database.db.select().from(products).where(eq(products.id, product.id));
    expect(row?.deletedAt).toBeInstanceOf(Date);
    const open = (await asAdmin('GET', '/api/reports')).json<Report[]>();
    expect(open.filter((r) => ids.includes(r._id))).toEqual([]);
    const resolved = (await asAdmin('GET', '/api/reports?status=resolved')).json<Report[]>();
    expect(resolved.filter((r) => ids.includes(r._id)).map((r) => r.resolution)).toEqual([
      'product_removed',
      'product_removed',
    ]);
    expect((await asAdmin('DELETE', `/api/reports/${ids[1]}`)).statusCode).toBe(409);
  });

  it('Dismiss resolves one report and keeps the product', async () => {
    const { product, ids } = await reported();
    expect((await asAdmin('PUT', `/api/reports/${ids[0]}/dismiss`)).json()).toEqual({
      modifiedCount: 1,
    });
    const [row] = await t.database.db.select().from(products).where(eq(products.id, product.id));
    expect(row?.deletedAt).toBeNull();
    const open = (await asAdmin('GET', '/api/reports')).json<Report[]>();
    expect(open.map((r) => r._id)).toContain(ids[1]);
    expect(open.map((r) => r._id)).not.toContain(ids[0]);
    const activity = (await asAdmin('GET', '/api/admin/activity?limit=1')).json<AdminActivity[]>();
    expect(activity[0]).toMatchObject({ action: 'dismiss-report', target: product.name });
  });
});

describe('admin calls with text the database cannot hold', () => {
  it.each([
    ['GET', '/api/allUsers?q=a%00b', 'q'],
    ['PUT', '/api/verifySeller?email=a%00b%40example.test', 'email'],
    ['PUT', '/api/makeAdmin?email=%00', 'email'],
    ['DELETE', '/api/deleteUser?email=%00', 'email'],
  ] as const)(
    '%s %s is a 400 naming the field, and changes nothing',
    async (method, url, field) => {
      const before = await auditCount();
      const response = await asAdmin(method, url);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({
        error: { code: 'VALIDATION_ERROR', fields: { [field]: expect.any(String) } },
      });
      expect(await auditCount()).toBe(before);
    },
  );
});
