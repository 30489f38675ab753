/**
 * The front cache over real HTTP: a guest's copy of Home's lists and the categories is
 * sent again before the router, to guests and signed-in visitors, byte for byte and
 * header for header what Fastify sent; nothing made for a signed-in visitor is kept,
 * and other variants and anything after a write still get the truth.
 */
import { gunzipSync } from 'node:zlib';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCategory, createProduct, createUser } from '../db/seed/factories.ts';
import { createLogger } from '../lib/logger.ts';
import { postProduct } from '../test/post-product.ts';
import { createTestContext, signIn, type TestContext } from '../test/test-app.ts';
import { createFrontCache, frontCachePlugin, serverWithFrontCache } from './front-cache.ts';
import { listCachePlugin, sendJsonText } from './list-cache.ts';

type LogLine = { reqId: string; url: string; statusCode: number; frontCache?: true; msg: string };

describe('Home lists and categories for guests', () => {
  let t: TestContext;
  let base: string;
  const lines: LogLine[] = [];
  let seller: Awaited<ReturnType<typeof createUser>>;
  let categoryId: string;

  beforeAll(async () => {
    const { logger } = createLogger({
      format: 'json',
      level: 'info',
      destination: { write: (line: string) => lines.push(JSON.parse(line) as LogLine) },
    });
    t = await createTestContext({ LIST_CACHE_MS: '60000' }, { logger });
    seller = await createUser(t.database.db, { typeOfUser: 'seller' });
    categoryId = (await createCategory(t.database.db)).id;
    for (let i = 0; i < 6; i++) {
      await createProduct(t.database.db, { sellerId: seller.id, categoryId, name: `Laptop ${i}` });
    }
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const address = t.app.server.address();
    base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  });
  afterAll(async () => {
    await t?.close();
  });

  /** Whether the last request for `path` was answered before the router. */
  const answeredInFront = (path: string) =>
    lines.filter((line) => line.url === path && line.msg === 'request completed').at(-1)
      ?.frontCache === true;
  const headersOf = (response: Response) => {
    const { date: _date, ...rest } = Object.fromEntries(response.headers);
    return rest;
  };

  it('sends the second guest the first one’s answer, exactly, without routing it', async () => {
    for (const path of ['/api/latestProducts', '/api/advertiseProducts', '/api/categories']) {
      const first = await fetch(`${base}${path}`);
      const firstBody = Buffer.from(await first.arrayBuffer());
      expect(answeredInFront(path)).toBe(false);
      const second = await fetch(`${base}${path}`);
      const secondBody = Buffer.from(await second.arrayBuffer());
      expect(answeredInFront(path)).toBe(true);
      expect(second.status).toBe(200);
      expect(secondBody.equals(firstBody)).toBe(true);
      expect(headersOf(second)).toEqual(headersOf(first));
      // What every JSON answer carries: the security headers, the ETag and its Vary.
      expect(second.headers.get('content-security-policy')).toContain("default-src 'none'");
      expect(second.headers.get('etag')).toMatch(/^W\/".+"$/);
      expect(second.headers.get('vary')).toContain('Cookie');
    }
  });

  it('answers 304 to a guest who has the same list, and 200 to one who has another', async () => {
    const path = '/api/latestProducts';
    const etag = (await fetch(`${base}${path}`)).headers.get('etag') ?? '';
    const unchanged = await fetch(`${base}${path}`, { headers: { 'if-none-match': etag } });
    expect(answeredInFront(path)).toBe(true);
    expect(unchanged.status).toBe(304);
    expect(await unchanged.text()).toBe('');
    expect(unchanged.headers.get('etag')).toBe(etag);
    const other = await fetch(`${base}${path}`, { headers: { 'if-none-match': 'W/"old"' } });
    expect(other.status).toBe(200);
    expect(((await other.json()) as unknown[]).length).toBeGreaterThan(0);
  });

  it('keeps gzip for clients that take it and plain JSON for the rest', async () => {
    const path = '/api/latestProducts';
    const raw = async (encoding: string) => {
      // node:http rather than fetch, which would decompress the body itself.
      const { request } = await import('node:http');
      return new Promise<{ encoding?: string; body: Buffer }>((resolve, reject) => {
        request(`${base}${path}`, { headers: { 'accept-encoding': encoding } }, (response) => {
          const chunks: Buffer[] = [];
          response.on('data', (chunk: Buffer) => chunks.push(chunk));
          response.on('end', () =>
            resolve({
              encoding: response.headers['content-encoding'],
              body: Buffer.concat(chunks),
            }),
          );
        })
          .on('error', reject)
          .end();
      });
    };
    const zipped = [await raw('gzip, br'), await raw('gzip, br')];
    const plain = [await raw('identity'), await raw('identity')];
    expect(answeredInFront(path)).toBe(true);
    expect(zipped.map((answer) => answer.encoding)).toEqual(['gzip', 'gzip']);
    expect(plain.map((answer) => answer.encoding)).toEqual([undefined, undefined]);
    expect(gunzipSync(zipped[1]!.body).toString()).toBe(plain[1]!.body.toString());
  });

  it('sends a signed-in visitor the guests’ copy, and keeps nothing made for them', async () => {
    const path = '/api/latestProducts';
    const cookie = await signIn(t.app, seller.email, seller.password);
    // A write through the app empties the caches.
    const posted = await postProduct(t.app, cookie, { name: 'Emptied', category: categoryId });
    expect(posted.statusCode).toBe(201);
    // The first to ask is signed in: routed, and what was sent them is not kept.
    const member = await fetch(`${base}${path}`, { headers: { cookie } });
    const memberBody = Buffer.from(await member.arrayBuffer());
    expect(answeredInFront(path)).toBe(false);
    await fetch(`${base}${path}`, { headers: { cookie } });
    expect(answeredInFront(path)).toBe(false);
    // A guest's answer is kept, and it is exactly what the member was sent.
    const guest = await fetch(`${base}${path}`);
    expect(answeredInFront(path)).toBe(false);
    expect(Buffer.from(await guest.arrayBuffer()).equals(memberBody)).toBe(true);
    expect(headersOf(guest)).toEqual(headersOf(member));
    const fromFront = await fetch(`${base}${path}`, { headers: { cookie } });
    expect(answeredInFront(path)).toBe(true);
    expect(Buffer.from(await fromFront.arrayBuffer()).equals(memberBody)).toBe(true);
    expect(headersOf(fromFront)).toEqual(headersOf(member));
  });

  it('shows a listing posted through the app to the next guest at once', async () => {
    const path = '/api/latestProducts';
    await fetch(`${base}${path}`);
    await fetch(`${base}${path}`);
    expect(answeredInFront(path)).toBe(true);
    const cookie = await signIn(t.app, seller.email, seller.password);
    const posted = await postProduct(t.app, cookie, {
      name: 'Fresh listing',
      category: categoryId,
    });
    expect(posted.statusCode).toBe(201);
    const names = ((await (await fetch(`${base}${path}`)).json()) as { name: string }[]).map(
      (product) => product.name,
    );
    expect(names[0]).toBe('Fresh listing');
  });

  it('routes a list asked for with a query string, and keeps no copy of it', async () => {
    const path = '/api/categories?view=1';
    await fetch(`${base}${path}`);
    const again = await fetch(`${base}${path}`);
    expect(again.status).toBe(200);
    expect(answeredInFront(path)).toBe(false);
  });
});

describe('a list being made while a write clears the caches', () => {
  it('is sent to its own request but not kept, so the next guest gets the new list', async () => {
    const frontCache = createFrontCache({});
    const app = Fastify({ serverFactory: serverWithFrontCache(frontCache) });
    await app.register(listCachePlugin, { ttlMs: 60_000, frontCache });
    await app.register(frontCachePlugin, { frontCache });
    let version = 1;
    let release = () => {};
    let gate = Promise.resolve();
    app.get('/list', { config: { frontCache: true } }, async (_request, reply) =>
      sendJsonText(
        reply,
        await app.listCache.remember('list', async () => {
          const seen = version;
          await gate;
          return { version: seen };
        }),
      ),
    );
    app.post('/write', async () => {
      version++;
      return {};
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address();
    const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
    try {
      gate = new Promise((resolve) => (release = resolve));
      const slow = fetch(`${base}/list`);
      // The list is being made from version 1 when the write lands.
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect((await fetch(`${base}/write`, { method: 'POST' })).status).toBe(200);
      release();
      expect(await (await slow).json()).toEqual({ version: 1 });
      expect(frontCache.size).toBe(0);
      expect(await (await fetch(`${base}/list`)).json()).toEqual({ version: 2 });
      expect(await (await fetch(`${base}/list`)).json()).toEqual({ version: 2 });
      expect(frontCache.size).toBe(1);
    } finally {
      await app.close();
    }
  });
});
