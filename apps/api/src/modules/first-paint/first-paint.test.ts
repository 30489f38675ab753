import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CataloguePageData, FirstPageData } from '@laptops/shared/first-page';
import { createCategory, createProduct, createUser } from '../../db/seed/factories.ts';
import { createTestContext, signIn, type TestContext } from '../../test/test-app.ts';
import { postProduct } from '../../test/post-product.ts';

// Search and category pages are drawn by the server with their first results, and
// their HTML carries the answers they were drawn from. The drawing itself is the web
// client's (apps/web src/first-paint/render-pages.tsx, exercised by the browser tests); here a plain
// stand-in shows what the server hands it and what it does with the markup.

let t: TestContext;
let distDir: string;
let categoryId: string;
let cookie: string;
let buyerEmail: string;
let sellerEmail: string;
let failNextDrawing = false;
const hostile = '</script><script>alert(1)</script> Drawnbook';

function drawPage(url: string, data: FirstPageData): string {
  if (failNextDrawing) {
    failNextDrawing = false;
    throw new Error('cannot draw');
  }
  if ('product' in data) return `<p>${url}|${data.product.name}</p>`;
  if ('seller' in data) return `<p>${url}|${data.seller.name}</p>`;
  const names = data.search.results.products.map((product) => product.name.replaceAll('<', '&lt;'));
  return `<link rel="preload" as="image" href="/hoisted.webp"/><p>${url}|${data.session?.email ?? 'guest'}|${names.join(',')}</p>`;
}

beforeAll(async () => {
  distDir = await fs.mkdtemp(path.join(os.tmpdir(), 'laptops-dist-'));
  await fs.writeFile(path.join(distDir, 'index.html'), '<!doctype html><head></head>Home');
  await fs.writeFile(
    path.join(distDir, 'loading.html'),
    '<!doctype html><head></head><div id="root">Loading</div>',
  );
  await fs.writeFile(
    path.join(distDir, 'page.html'),
    '<!doctype html><head></head><div id="root"></div>',
  );
  t = await createTestContext({ WEB_DIST_DIR: distDir }, { renderCataloguePage: drawPage });
  const db = t.database.db;
  const seller = await createUser(db, { typeOfUser: 'seller' });
  const buyer = await createUser(db, { typeOfUser: 'buyer' });
  categoryId = (await createCategory(db, { name: 'Drawn Brand' })).id;
  await createProduct(db, {
    sellerId: seller.id,
    categoryId,
    name: hostile,
    mobileNumber: '+1 617 555 0142',
  });
  buyerEmail = buyer.email;
  sellerEmail = seller.email;
  cookie = await signIn(t.app, buyer.email, buyer.password);
});

afterAll(async () => {
  await t?.close();
  await fs.rm(distDir, { recursive: true, force: true });
});

async function page(url: string, headers: Record<string, string> = {}) {
  const response = await t.app.inject({ method: 'GET', url, headers });
  expect(response.statusCode).toBe(200);
  const json = /<script type="application\/json" id="catalogue-page-data">(.*?)<\/script>/s.exec(
    response.body,
  )?.[1];
  return {
    body: response.body,
    cacheControl: response.headers['cache-control'],
    vary: response.headers.vary,
    data: json === undefined ? undefined : (JSON.parse(json) as CataloguePageData),
  };
}

describe('a search page', () => {
  it('is drawn with its first results, and carries the answers it was drawn from', async () => {
    const { body, data, cacheControl, vary } = await page('/search?q=drawnbook');
    expect(body).toContain(
      '<div id="root"><p>/search?q=drawnbook|guest|&lt;/script>&lt;script>alert(1)&lt;/script> Drawnbook</p></div>',
    );
    // React's preloads go to the head; the page's own requests are not preloaded, as
    // their answers are in the page.
    expect(body).toMatch(/<link rel="preload" as="image" href="\/hoisted.webp"\/>.*<\/head>/s);
    expect(body).not.toContain('as="fetch"');
    expect(data?.session).toBeNull();
    // The sellers' contact details are in no page.
    for (const contact of ['+1 617 555 0142', sellerEmail]) expect(body).not.toContain(contact);
    expect(data?.categories.map((category) => category.name)).toContain('Drawn Brand');
    expect(data?.search.results.products.map((product) => product.name)).toEqual([hostile]);
    // The key the page's results go under, as the page reads its address.
    expect(data?.search.filters).toEqual(
      expect.objectContaining({ q: 'drawnbook', sort: 'newest' }),
    );
    expect(data?.search.scope).toEqual({ includeSold: false });
    expect(cacheControl).toBe('no-cache');
    // Members get another page at the same address.
    expect(vary).toBe('accept-encoding, cookie');
  });

  it("cannot be broken out of by a listing's name", async () => {
    const { body } = await page('/search?q=drawnbook');
    expect(body).not.toContain('<script>alert(1)');
    expect(body.match(/<\/script>/g)).toHaveLength(1);
  });

  it('falls back to the loading page and preloads when drawing fails', async () => {
    failNextDrawing = true;
    const { body, data } = await page('/search?q=drawnbook');
    expect(body).toContain('<div id="root">Loading</div>');
    expect(body).toContain(
      '<link rel="preload" as="fetch" crossorigin href="/api/search?q=drawnbook',
    );
    expect(data).toBeUndefined();
  });
});

describe('a category page', () => {
  it('is drawn for a member with their session, and kept out of every cache', async () => {
    const { body, data, cacheControl } = await page(`/category/${categoryId}`, { cookie });
    expect(body).toContain(`|${buyerEmail}|`);
    expect(data?.search.filters.category).toBe(categoryId);
    expect(data?.search.scope).toEqual({ includeSold: true });
    expect(data?.session).toEqual(
      expect.objectContaining({ email: buyerEmail, typeOfUser: 'buyer' }),
    );
    // The user, not the session itself: its token stays in the httpOnly cookie.
    expect(Object.keys(data?.session ?? {}).sort()).toEqual(
      ['email', 'id', 'image', 'isVerified', 'name', 'typeOfUser'].sort(),
    );
    expect(body).not.toContain(cookie.split('=')[1]?.split('.')[0] ?? 'no token');
    expect(cacheControl).toBe('private, no-store');
    for (const contact of ['+1 617 555 0142', sellerEmail]) expect(body).not.toContain(contact);
  });

  it('answers HEAD with the headers GET gets', async () => {
    const request = { url: `/category/${categoryId}`, headers: { cookie } };
    const get = await t.app.inject({ method: 'GET', ...request });
    const head = await t.app.inject({ method: 'HEAD', ...request });
    expect(head.statusCode).toBe(200);
    expect(head.body).toBe('');
    for (const name of ['cache-control', 'vary', 'content-type', 'content-length']) {
      expect(head.headers[name], name).toBe(get.headers[name]);
    }
  });

  it("is drawn for a guest too, without the sellers' contact details", async () => {
    const { body, data } = await page(`/category/${categoryId}`);
    expect(body).toContain(`<p>/category/${categoryId}|guest|`);
    expect(data?.session).toBeNull();
    expect(data?.search.filters.category).toBe(categoryId);
    expect(data?.search.results.products.length).toBeGreaterThan(0);
    for (const contact of ['+1 617 555 0142', sellerEmail]) expect(body).not.toContain(contact);
  });
});

it('leaves other pages as the build wrote them', async () => {
  const { body, data } = await page('/blogs', { cookie });
  expect(body).toBe('<!doctype html><head></head><div id="root">Loading</div>');
  expect(data).toBeUndefined();
});

it('goes out undrawn, without waiting, when drawing would pass FIRST_PAINT_DEADLINE_MS', async () => {
  let drawn = 0;
  const hurried = await createTestContext(
    { WEB_DIST_DIR: distDir, FIRST_PAINT_DEADLINE_MS: '0' },
    {
      renderCataloguePage: (url, data) => {
        drawn += 1;
        return drawPage(url, data);
      },
    },
  );
  try {
    const response = await hurried.app.inject({ method: 'GET', url: '/search?q=drawnbook' });
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('<div id="root">Loading</div>');
    expect(response.body).not.toContain('catalogue-page-data');
    expect(drawn).toBe(0);
  } finally {
    await hurried.close();
  }
});

describe('with the list cache on', () => {
  let cached: TestContext;
  let drawn: string[];
  let seller: Awaited<ReturnType<typeof createUser>>;

  beforeAll(async () => {
    drawn = [];
    cached = await createTestContext(
      { WEB_DIST_DIR: distDir, LIST_CACHE_MS: '60000' },
      {
        renderCataloguePage: (url, data) => {
          drawn.push(`${url} for ${data.session?.email ?? 'a guest'}`);
          return drawPage(url, data);
        },
      },
    );
    seller = await createUser(cached.database.db, { typeOfUser: 'seller' });
    await createProduct(cached.database.db, {
      sellerId: seller.id,
      categoryId: (await createCategory(cached.database.db)).id,
      name: 'Cachedbook One',
    });
  });
  afterAll(async () => {
    await cached?.close();
  });

  const get = (url: string, headers: Record<string, string> = {}) =>
    cached.app.inject({ method: 'GET', url, headers });

  it("draws a guest's page once for every guest, until a write comes through the app", async () => {
    const first = await get('/search?q=cachedbook');
    const again = await get('/search?q=cachedbook');
    const gzipped = await get('/search?q=cachedbook', { 'accept-encoding': 'gzip' });
    expect(drawn).toEqual(['/search?q=cachedbook for a guest']);
    expect(first.body).toContain('Cachedbook One');
    expect(again.body).toBe(first.body);
    expect(gunzipSync(gzipped.rawPayload).toString()).toBe(first.body);

    // A member's page is theirs: drawn for each request, and never handed to a guest.
    const cookie = await signIn(cached.app, seller.email, seller.password);
    await get('/search?q=cachedbook', { cookie });
    await get('/search?q=cachedbook', { cookie });
    expect(drawn.filter((line) => line.endsWith(seller.email))).toHaveLength(2);
    expect((await get('/search?q=cachedbook')).body).not.toContain(seller.email);

    const posted = await postProduct(cached.app, cookie, {
      name: 'Cachedbook Two',
      category: (await createCategory(cached.database.db)).id,
    });
    expect(posted.statusCode).toBe(201);
    expect((await get('/search?q=cachedbook')).body).toContain('Cachedbook Two');
  });

  it('keeps a page by its filters: order and extra parameters do not draw it again', async () => {
    const before = drawn.length;
    const pages = [
      await get('/search?q=cachedbook&sort=price_asc'),
      await get('/search?sort=price_asc&q=cachedbook'),
      await get('/search?q=cachedbook&sort=price_asc&utm_source=newsletter&fbclid=abc'),
    ];
    expect(drawn.length - before).toBe(1);
    expect(pages.map((page) => page.body)).toEqual([
      pages[0]?.body,
      pages[0]?.body,
      pages[0]?.body,
    ]);
    // Other filters are another page.
    await get('/search?q=cachedbook&sort=price_desc');
    expect(drawn.length - before).toBe(2);
  });
});
