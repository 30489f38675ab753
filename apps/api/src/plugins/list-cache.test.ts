import { gunzipSync } from 'node:zlib';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCategory, createProduct, createUser } from '../db/seed/factories.ts';
import { createTestContext, signIn, type TestContext } from '../test/test-app.ts';
import { postProduct } from '../test/post-product.ts';
import { uploadTestImage } from '../test/upload-helper.ts';
import { etagOf } from './conditional-get.ts';
import { createListCache, sendJsonText, type CachedJson } from './list-cache.ts';

describe('createListCache', () => {
  it('makes a value once per period, shares it between callers, then makes it again', async () => {
    let time = 0;
    let made = 0;
    const cache = createListCache({ ttlMs: 1000, now: () => time });
    const produce = async () => ({ made: ++made });
    const [a, b] = await Promise.all([cache.remember('k', produce), cache.remember('k', produce)]);
    expect([a.json, b.json]).toEqual(['{"made":1}', '{"made":1}']);
    time = 999;
    expect((await cache.remember('k', produce)).json).toBe('{"made":1}');
    time = 1000;
    const remade = await cache.remember('k', produce);
    expect(remade.json).toBe('{"made":2}');
    // The ETag is the answer's own: another answer, another tag.
    expect(remade.etag).toBe(etagOf('{"made":2}'));
    expect(remade.etag).not.toBe(a.etag);
    cache.clear();
    expect((await cache.remember('k', produce)).json).toBe('{"made":3}');
  });

  it('keeps at most maxEntries answers, dropping the oldest', async () => {
    let made = 0;
    const cache = createListCache({ ttlMs: 60_000, maxEntries: 2 });
    const produce = async () => ++made;
    await cache.remember('a', produce);
    await cache.remember('b', produce);
    await cache.remember('c', produce);
    expect((await cache.remember('c', produce)).json).toBe('3');
    expect((await cache.remember('a', produce)).json).toBe('4');
  });

  it('does not keep a failure', async () => {
    const cache = createListCache({ ttlMs: 1000 });
    await expect(cache.remember('k', () => Promise.reject(new Error('down')))).rejects.toThrow();
    expect((await cache.remember('k', async () => [1])).json).toBe('[1]');
  });
});

describe('sendJsonText', () => {
  it('compresses a cached answer once, for every client that accepts gzip', async () => {
    const json = JSON.stringify(Array.from({ length: 200 }, (_, i) => ({ name: `Laptop ${i}` })));
    const cached: CachedJson = { json, etag: etagOf(json), expiresAt: 0, generation: 0 };
    const app = Fastify();
    app.get('/list', (request, reply) => sendJsonText(reply, cached));
    const small: CachedJson = { json: '[1]', etag: etagOf('[1]'), expiresAt: 0, generation: 0 };
    app.get('/small', (request, reply) => sendJsonText(reply, small));
    const ask = (encoding?: string) =>
      app.inject({
        method: 'GET',
        url: '/list',
        headers: encoding ? { 'accept-encoding': encoding } : {},
      });

    const plain = await ask();
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(json);
    expect(cached.gzipped).toBeUndefined();
    // Encoded once, then sent as those bytes to every client.
    const bytes = cached.bytes;
    expect(bytes?.toString()).toBe(json);
    expect((await ask()).body).toBe(json);
    expect(cached.bytes).toBe(bytes);

    const first = await ask('gzip, deflate, br');
    const made = cached.gzipped;
    const second = await ask('gzip');
    expect(cached.gzipped).toBe(made);
    for (const response of [first, second]) {
      expect(response.headers['content-encoding']).toBe('gzip');
      expect(response.headers.vary).toBe('accept-encoding');
      expect(response.headers.etag).toBe(cached.etag);
      expect(gunzipSync(response.rawPayload).toString()).toBe(json);
      expect(response.rawPayload.length).toBeLessThan(json.length / 4);
    }
    // Refused gzip, or a small answer: sent as it is.
    expect((await ask('gzip;q=0, br')).headers['content-encoding']).toBeUndefined();
    const tiny = await app.inject({
      method: 'GET',
      url: '/small',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(tiny.headers['content-encoding']).toBeUndefined();
    expect(tiny.body).toBe('[1]');
    await app.close();
  });
});

describe("Home's lists with the cache on", () => {
  let t: TestContext;
  let seller: Awaited<ReturnType<typeof createUser>>;
  let categoryId: string;

  beforeAll(async () => {
    t = await createTestContext({ LIST_CACHE_MS: '60000' });
    seller = await createUser(t.database.db, { typeOfUser: 'seller' });
    categoryId = (await createCategory(t.database.db)).id;
  });
  afterAll(async () => {
    await t?.close();
  });

  const latestNames = async (cookie?: string) =>
    (
      await t.app.inject({
        method: 'GET',
        url: '/api/latestProducts',
        headers: cookie ? { cookie } : {},
      })
    )
      .json<{ name: string }[]>()
      .map((product) => product.name);

  it('reuses the list until a write comes through the app, which shows at once', async () => {
    const before = await latestNames();
    // Written behind the app's back: not seen while the list is cached.
    await createProduct(t.database.db, { sellerId: seller.id, categoryId, name: 'Quiet insert' });
    expect(await latestNames()).toEqual(before);

    const cookie = await signIn(t.app, seller.email, seller.password);
    const posted = await postProduct(t.app, cookie, {
      name: 'Posted through the app',
      category: categoryId,
    });
    expect(posted.statusCode).toBe(201);
    const after = await latestNames();
    expect(after[0]).toBe('Posted through the app');
    expect(after).toContain('Quiet insert');
  });

  it('caches search pages the same way, through writes that cannot change them', async () => {
    const url = `/api/search?category=${categoryId}&includeSold=true`;
    const names = async () =>
      (await t.app.inject({ method: 'GET', url }))
        .json<{ products: { name: string }[] }>()
        .products.map((product) => product.name);
    const before = await names();
    await createProduct(t.database.db, { sellerId: seller.id, categoryId, name: 'Quiet search' });
    expect(await names()).toEqual(before);
    const bad = await t.app.inject({ method: 'GET', url: `${url}&cursor=forged` });
    expect(bad.statusCode).toBe(400);
    // Writes that cannot change a list leave it cached: a sign-in, a message to the
    // operator, a report, a picture not yet in a listing.
    const buyer = await createUser(t.database.db);
    const cookie = await signIn(t.app, buyer.email, buyer.password);
    const listed = await createProduct(t.database.db, { sellerId: seller.id, categoryId });
    const keeping = [
      await t.app.inject({
        method: 'POST',
        url: '/api/contact',
        payload: { email: buyer.email, subject: 'Hello', message: 'A question.' },
      }),
      await t.app.inject({
        method: 'POST',
        url: '/api/reports',
        headers: { cookie },
        payload: { productId: listed.id, reason: 'wrong_details', reportText: 'Looks wrong' },
      }),
    ];
    expect(keeping.map((response) => response.statusCode)).toEqual([201, 201]);
    await uploadTestImage(t.app, cookie);
    expect(await names()).toEqual(before);
    // A write that can (here a seller's change of name) clears it.
    const sellerCookie = await signIn(t.app, seller.email, seller.password);
    const renamed = await t.app.inject({
      method: 'POST',
      url: '/api/auth/update-user',
      headers: { cookie: sellerCookie },
      payload: { name: 'Renamed seller' },
    });
    expect(renamed.statusCode).toBe(200);
    expect(await names()).toContain('Quiet search');
  });

  it('answers guests and signed-in visitors from one cached copy', async () => {
    const buyer = await createUser(t.database.db);
    const cookie = await signIn(t.app, buyer.email, buyer.password);
    const urls = [
      '/api/latestProducts',
      '/api/advertiseProducts',
      `/api/search?category=${categoryId}&includeSold=true`,
      '/api/search?q=laptop',
    ];
    const ask = (url: string, headers: Record<string, string> = {}) =>
      t.app.inject({ method: 'GET', url, headers });
    const guests = await Promise.all(urls.map((url) => ask(url)));
    // Written behind the app's back: a list made anew for the member would show it.
    await createProduct(t.database.db, {
      sellerId: seller.id,
      categoryId,
      name: 'Laptop after the guest',
      isAdvertised: true,
    });
    for (const [i, url] of urls.entries()) {
      const guest = guests[i]!;
      const member = await ask(url, { cookie });
      expect(member.statusCode, url).toBe(200);
      expect(member.body, url).toBe(guest.body);
      expect(member.headers.etag, url).toBe(guest.headers.etag);
      expect(member.body, url).not.toContain('Laptop after the guest');
    }
    expect(guests[0]?.headers['content-type']).toBe('application/json; charset=utf-8');
  });

  it('sends a list gzipped to browsers, revalidates it, and varies on encoding and cookie', async () => {
    await createProduct(t.database.db, { sellerId: seller.id, categoryId, name: 'Gzipped' });
    const url = `/api/search?category=${categoryId}&includeSold=true&limit=48`;
    const plain = await t.app.inject({ method: 'GET', url });
    const gzipped = await t.app.inject({
      method: 'GET',
      url,
      headers: { 'accept-encoding': 'gzip, deflate, br, zstd' },
    });
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzipped.rawPayload).toString()).toBe(plain.body);
    expect(gzipped.headers.vary).toBe('accept-encoding, Cookie, Authorization');
    expect(gzipped.headers.etag).toBe(plain.headers.etag);
    const unchanged = await t.app.inject({
      method: 'GET',
      url,
      headers: {
        'accept-encoding': 'gzip',
        'if-none-match': String(gzipped.headers.etag),
      },
    });
    expect(unchanged.statusCode).toBe(304);
    expect(unchanged.body).toBe('');
    expect(unchanged.headers['content-encoding']).toBeUndefined();
  });
});
