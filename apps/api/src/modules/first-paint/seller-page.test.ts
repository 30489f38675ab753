import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FirstPageData, SellerPageData } from '@laptops/shared/first-page';
import { reviews } from '../../db/schema/reviews.ts';
import {
  createCategory,
  createPaidOrder,
  createProduct,
  createUser,
} from '../../db/seed/factories.ts';
import { createTestContext, signIn, type TestContext } from '../../test/test-app.ts';

let t: TestContext;
let distDir: string;
const drawn: string[] = [];

/** Stands in for the web build's renderer: says what it drew, with React's hoisted title. */
function drawPage(url: string, data: FirstPageData): string {
  if (!('seller' in data)) return '<p>other page</p>';
  drawn.push(`${url} for ${data.session?.email ?? 'a guest'}`);
  return `<title>ignored</title><h1>${data.seller.name.replaceAll('<', '&lt;')}</h1>`;
}

beforeAll(async () => {
  distDir = await fs.mkdtemp(path.join(os.tmpdir(), 'laptops-dist-'));
  const template =
    '<!doctype html><head><title>Laptop Resale: used laptops</title><meta name="description" content="The site." /></head><div id="root"></div>';
  await fs.writeFile(path.join(distDir, 'index.html'), template);
  await fs.writeFile(
    path.join(distDir, 'loading.html'),
    template.replace('</div>', 'Loading</div>'),
  );
  await fs.writeFile(path.join(distDir, 'page.html'), template);
  t = await createTestContext(
    { WEB_DIST_DIR: distDir, PUBLIC_URL: 'https://laptops.example', LIST_CACHE_MS: '60000' },
    { renderCataloguePage: drawPage },
  );
});

afterAll(async () => {
  await t?.close();
  await fs.rm(distDir, { recursive: true, force: true });
});

/** A verified seller with one laptop for sale and a buyer's 5-star review. */
async function ratedSeller(name: string) {
  const db = t.database.db;
  const seller = await createUser(db, {
    typeOfUser: 'seller',
    name,
    isVerified: true,
    image: '/api/images/sara.webp',
  });
  const category = await createCategory(db);
  await createProduct(db, { sellerId: seller.id, categoryId: category.id, name: 'HP ZBook' });
  const sold = await createProduct(db, { sellerId: seller.id, categoryId: category.id });
  const buyer = await createUser(db, { name: 'Maya Brown' });
  const order = await createPaidOrder(db, {
    productId: sold.id,
    buyerId: buyer.id,
    priceCents: 40_000,
  });
  await db.insert(reviews).values({
    orderId: order.id,
    authorId: buyer.id,
    subjectId: seller.id,
    authorRole: 'buyer',
    rating: 5,
    body: 'Great seller.',
    publishedAt: new Date(Date.now() - 60_000),
  });
  return seller;
}

function pageData(html: string): SellerPageData {
  const json = /<script type="application\/json" id="catalogue-page-data">(.*?)<\/script>/.exec(
    html,
  )?.[1];
  return JSON.parse(json ?? 'null') as SellerPageData;
}

describe("a seller's profile as the server sends it", () => {
  it('is drawn with the profile, titled with their name, described by their record', async () => {
    const seller = await ratedSeller('Sara <Seller>');
    const response = await t.app.inject({ method: 'GET', url: `/sellers/${seller.id}` });
    expect(response.statusCode).toBe(200);
    const html = response.body;
    expect(html).toContain('<h1>Sara &lt;Seller></h1>');
    expect(html).not.toContain('<title>ignored</title>');
    expect(html).toContain('<title>Sara &lt;Seller&gt; · Laptop Resale</title>');
    expect(html).toContain(
      '<meta name="description" content="Sara &lt;Seller&gt; on Laptop Resale: Verified seller, rated 5.0 out of 5 from 1 review, 1 laptop sold, 1 for sale now.',
    );
    expect(html).toContain(
      `<link rel="canonical" href="https://laptops.example/sellers/${seller.id}">`,
    );
    // The app starts from the same answer the API gives.
    const data = pageData(html);
    const api = await t.app.inject({ method: 'GET', url: `/api/sellers/${seller.id}` });
    expect(data).toEqual({ session: null, seller: api.json() });
    expect(data.seller.rating).toEqual({ average: 5, count: 1 });
    expect(data.seller.laptops.map((laptop) => laptop.name)).toEqual(['HP ZBook']);
  });

  it("carries a signed-in visitor's session and is drawn for them", async () => {
    const seller = await ratedSeller('Nina Seller');
    const viewer = await createUser(t.database.db, { email: 'viewer-sp@example.test' });
    const cookie = await signIn(t.app, viewer.email, viewer.password);
    const response = await t.app.inject({
      method: 'GET',
      url: `/sellers/${seller.id}`,
      headers: { cookie },
    });
    expect(response.statusCode).toBe(200);
    expect(pageData(response.body).session).toMatchObject({ email: 'viewer-sp@example.test' });
    expect(drawn).toContain(`/sellers/${seller.id} for viewer-sp@example.test`);
  });

  it("answers 404 with noindex for a buyer's id or an unknown one", async () => {
    const buyer = await createUser(t.database.db);
    for (const id of [buyer.id, 'nobody-here']) {
      const response = await t.app.inject({ method: 'GET', url: `/sellers/${id}` });
      expect(response.statusCode).toBe(404);
      expect(response.body).toContain('<meta name="robots" content="noindex">');
      expect(response.body).toContain('There is no such seller.');
    }
  });
});
