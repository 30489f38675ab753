/**
 * Phone numbers and email addresses are in no list, page or search answer, for anyone:
 * guests, buyers, sellers (the laptop's own too) and admins. The two sides of a booking
 * see each other's phone on its order page, and a seller their own in My Products.
 * Checked on the answers' text, so a contact under any field name would be caught.
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OrderDetails } from '@laptops/shared/orders';
import type { OwnProduct } from '@laptops/shared/products';
import { createCategory, createProduct, createUser } from '../db/seed/factories.ts';
import { createTestContext, signIn, type TestContext } from './test-app.ts';

const sellerPhone = '+1 307 555 0173';
const buyerPhone = '+1 307 555 0188';

let t: TestContext;
let distDir: string;
let categoryId: string;
let productId: string;
let orderId: string;
type Person = { name: string; email: string; id?: string; cookie?: string };
const viewers = ['guest', 'buyer', 'otherBuyer', 'seller', 'otherSeller', 'admin'] as const;
const people = {} as Record<(typeof viewers)[number], Person>;

beforeAll(async () => {
  distDir = await fs.mkdtemp(path.join(os.tmpdir(), 'laptops-dist-'));
  for (const page of ['index.html', 'loading.html', 'page.html']) {
    await fs.writeFile(
      path.join(distDir, page),
      '<!doctype html><head></head><div id="root"></div>',
    );
  }
  // The page's data goes into its HTML whatever the drawing is: that is what is checked.
  t = await createTestContext(
    { WEB_DIST_DIR: distDir },
    { renderCataloguePage: () => '<p>drawn</p>' },
  );
  const db = t.database.db;
  const signedIn = async (typeOfUser: 'buyer' | 'seller' | 'admin', name: string) => {
    const user = await createUser(db, { typeOfUser, name });
    const cookie = await signIn(t.app, user.email, user.password);
    return { name, email: user.email, id: user.id, cookie };
  };
  const seller = await signedIn('seller', 'Sid Seller');
  people.guest = { name: 'a guest', email: 'nobody@example.test' };
  people.seller = seller;
  people.buyer = await signedIn('buyer', 'Bea Buyer');
  people.otherBuyer = await signedIn('buyer', 'Otto Buyer');
  people.otherSeller = await signedIn('seller', 'Olga Seller');
  people.admin = await signedIn('admin', 'Ada Admin');
  categoryId = (await createCategory(db, { name: 'Contactless' })).id;
  productId = (
    await createProduct(db, {
      sellerId: seller.id,
      categoryId,
      name: 'Privatebook Pro',
      mobileNumber: sellerPhone,
      isAdvertised: true,
    })
  ).id;
  // A second laptop, sold, for the category page's sold ones.
  await createProduct(db, {
    sellerId: seller.id,
    categoryId,
    name: 'Privatebook Air',
    mobileNumber: sellerPhone,
    status: 'sold',
  });
  const booked = await call('POST', '/api/myOrders', people.buyer, {
    productId,
    meetingLocation: 'Cafe Lumen',
    buyerPhone,
  });
  expect(booked.statusCode).toBe(201);
  orderId = booked.json<{ insertedId: string }>().insertedId;
  const reported = await call('POST', '/api/reports', people.otherBuyer, {
    productId,
    reason: 'wrong_details',
    reportText: 'The photos are of another model.',
  });
  expect(reported.statusCode).toBe(201);
});

afterAll(async () => {
  await t?.close();
  await fs.rm(distDir, { recursive: true, force: true });
});

function call(method: 'GET' | 'POST', url: string, person: Person, payload?: object) {
  return t.app.inject({
    method,
    url,
    headers: person.cookie ? { cookie: person.cookie } : {},
    payload,
  });
}

/** Every phone number and email address of the people here. */
const everyContact = () => [sellerPhone, buyerPhone, ...Object.values(people).map((p) => p.email)];

const lists = () => [
  '/api/latestProducts',
  '/api/advertiseProducts',
  '/api/categories',
  `/api/category/${categoryId}`,
  `/api/search?category=${categoryId}&includeSold=true`,
  '/api/search?q=privatebook',
  '/api/search?q=privatbook',
  '/api/search/counts?q=privatebook',
];

describe("sellers' and buyers' contact details", () => {
  it.each(viewers)('are in no list, laptop page, search or report list for %s', async (who) => {
    const viewer = people[who];
    const urls = [...lists(), `/api/products/${productId}`, '/api/reports'];
    for (const url of urls) {
      const response = await call('GET', url, viewer);
      if (url === '/api/reports') {
        expect(response.statusCode, url).toBe(who === 'admin' ? 200 : viewer.cookie ? 403 : 401);
      } else {
        expect(response.statusCode, url).toBe(200);
      }
      // Not even the seller's own on their own laptop's page.
      for (const contact of everyContact()) {
        expect(response.body, `${url} for ${who}`).not.toContain(contact);
      }
    }
    // The reported laptop is there for the admin, by name.
    if (who === 'admin') {
      const reports = await call('GET', '/api/reports', viewer);
      expect(reports.body).toContain('Privatebook Pro');
      expect(reports.body).toContain('Sid Seller');
      expect(reports.body).toContain('Otto Buyer');
    }
  });

  it.each(viewers)('are in no page the server draws for %s', async (who) => {
    const viewer = people[who];
    const pages = [
      '/',
      '/search?q=privatebook',
      `/category/${categoryId}`,
      `/laptops/${productId}`,
    ];
    for (const url of pages) {
      const response = await call('GET', url, viewer);
      expect(response.statusCode, url).toBe(200);
      // But the viewer's own email: a member's page carries their session.
      for (const contact of everyContact().filter((contact) => contact !== viewer.email)) {
        expect(response.body, `${url} for ${who}`).not.toContain(contact);
      }
    }
    // The drawn pages do carry their data: it is the laptops, without contacts.
    const laptopPage = await call('GET', `/laptops/${productId}`, viewer);
    expect(laptopPage.body).toContain('catalogue-page-data');
    expect(laptopPage.body).toContain('Privatebook Pro');
  });

  it('are not why lists differ: everyone gets the same answer', async () => {
    for (const url of lists()) {
      const guest = await call('GET', url, people.guest);
      for (const who of viewers) {
        const answer = await call('GET', url, people[who]);
        expect(answer.body, `${url} for ${who}`).toBe(guest.body);
      }
    }
  });

  it('name the seller by account id, so the web app knows its own laptops', async () => {
    const [latest] = (await call('GET', '/api/latestProducts', people.guest)).json<
      { _id: string; sellerId: string }[]
    >();
    expect(latest?._id).toBe(productId);
    expect(latest?.sellerId).toBe(people.seller.id);
  });

  it("are on the booking's order page for its buyer and its seller, each the other's", async () => {
    const asBuyer = (
      await call('GET', `/api/orders/${orderId}`, people.buyer)
    ).json<OrderDetails>();
    expect(asBuyer).toMatchObject({
      viewerIs: 'buyer',
      seller: { name: 'Sid Seller', phone: sellerPhone },
      buyer: { name: 'Bea Buyer', phone: buyerPhone },
      meetingLocation: 'Cafe Lumen',
    });
    const asSeller = (
      await call('GET', `/api/orders/${orderId}`, people.seller)
    ).json<OrderDetails>();
    expect(asSeller).toMatchObject({
      viewerIs: 'seller',
      buyer: { name: 'Bea Buyer', phone: buyerPhone },
      meetingLocation: 'Cafe Lumen',
    });
    for (const who of ['otherBuyer', 'otherSeller', 'admin'] as const) {
      const refused = await call('GET', `/api/orders/${orderId}`, people[who]);
      expect(refused.statusCode, who).toBe(404);
      expect(refused.body).not.toContain(sellerPhone);
    }
  });

  it("are in a seller's own My Products, their phone only, for their edit form", async () => {
    const mine = await call('GET', '/api/myProducts', people.seller);
    expect(mine.statusCode).toBe(200);
    const own = mine.json<OwnProduct[]>().find((product) => product._id === productId);
    expect(own?.mobileNumber).toBe(sellerPhone);
    expect(mine.body).not.toContain(people.seller.email);
    expect((await call('GET', '/api/myProducts', people.otherSeller)).body).not.toContain(
      sellerPhone,
    );
  });
});
