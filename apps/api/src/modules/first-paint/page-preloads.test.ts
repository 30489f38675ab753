import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCategory, createProduct, createUser } from '../../db/seed/factories.ts';
import { createTestContext, signIn, type TestContext } from '../../test/test-app.ts';

// A search or category page's HTML names what the page will ask for first, so the
// browser fetches it while the page's code downloads.

let t: TestContext;
let distDir: string;
let categoryId: string;
let cookie: string;
let newestThumbnail: string;

beforeAll(async () => {
  distDir = await fs.mkdtemp(path.join(os.tmpdir(), 'laptops-dist-'));
  await fs.writeFile(path.join(distDir, 'index.html'), '<!doctype html><head></head>Home');
  await fs.writeFile(
    path.join(distDir, 'loading.html'),
    '<!doctype html><head><title>x</title></head><div id="root">Loading</div>',
  );
  t = await createTestContext({ WEB_DIST_DIR: distDir });
  const db = t.database.db;
  const seller = await createUser(db, { typeOfUser: 'seller' });
  const buyer = await createUser(db, { typeOfUser: 'buyer' });
  categoryId = (await createCategory(db)).id;
  for (const [i, name] of ['Older Preloadbook', 'Newest Preloadbook'].entries()) {
    await createProduct(db, {
      sellerId: seller.id,
      categoryId,
      name,
      image: `/api/images/preload-${i}.webp`,
      dateOfPost: new Date(Date.UTC(2026, 0, 1 + i)),
    });
  }
  newestThumbnail = '/api/images/preload-1-thumb.webp';
  cookie = await signIn(t.app, buyer.email, buyer.password);
});

afterAll(async () => {
  await t?.close();
  await fs.rm(distDir, { recursive: true, force: true });
});

async function page(url: string, headers: Record<string, string> = {}) {
  const response = await t.app.inject({ method: 'GET', url, headers });
  expect(response.statusCode).toBe(200);
  const preloads = [
    ...response.body.matchAll(/<link rel="preload" as="(\w+)"[^>]*href="([^"]+)"/g),
  ];
  return {
    body: response.body,
    fetches: preloads.filter((m) => m[1] === 'fetch').map((m) => m[2]?.replaceAll('&amp;', '&')),
    images: preloads.filter((m) => m[1] === 'image').map((m) => m[2]),
  };
}

describe('a category page', () => {
  it("preloads the session, the brands, the page's own first request and its first picture", async () => {
    const { body, fetches, images } = await page(`/category/${categoryId}`, { cookie });
    const searchPath = `/api/search?category=${categoryId}&sort=newest&includeSold=true`;
    expect(fetches).toEqual(['/api/auth/get-session', '/api/categories', searchPath]);
    expect(images).toEqual([newestThumbnail]);
    expect(body).toContain('<div id="root">Loading</div>');

    // The very request the page makes, answered with that picture first.
    const results = await t.app.inject({ method: 'GET', url: searchPath, headers: { cookie } });
    expect(results.statusCode).toBe(200);
    expect(results.json<{ products: { thumbnail: string }[] }>().products[0]?.thumbnail).toBe(
      newestThumbnail,
    );
  });

  it('preloads the same for a guest: category pages are public, like search', async () => {
    const { fetches, images } = await page(`/category/${categoryId}`);
    const searchPath = `/api/search?category=${categoryId}&sort=newest&includeSold=true`;
    expect(fetches).toEqual(['/api/auth/get-session', '/api/categories', searchPath]);
    expect(images).toEqual([newestThumbnail]);
  });
});

describe('the search page', () => {
  it("preloads the search its URL describes, with the URL's filters in the page's order", async () => {
    const { fetches, images } = await page('/search?maxYears=3&q=preloadbook&junk=1&minPrice=abc');
    expect(fetches).toContain('/api/search?q=preloadbook&maxYears=3&sort=newest');
    expect(images).toEqual([newestThumbnail]);
  });

  it('adds nothing to other pages', async () => {
    for (const url of ['/blogs', '/dashboard/myorders']) {
      const { fetches, images } = await page(url, { cookie });
      expect([url, ...fetches, ...images]).toEqual([url]);
    }
  });
});

describe('Home', () => {
  it('preloads the session and its three lists, for guests and members alike', async () => {
    for (const headers of [{}, { cookie }] as Record<string, string>[]) {
      const { fetches, images } = await page('/', headers);
      expect(fetches).toEqual([
        '/api/auth/get-session',
        '/api/advertiseProducts',
        '/api/categories',
        '/api/latestProducts',
      ]);
      expect(images).toEqual([]);
    }
  });
});
