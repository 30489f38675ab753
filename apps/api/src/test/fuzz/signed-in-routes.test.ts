import fs from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import fc from 'fast-check';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { apiErrorSchema } from '@laptops/shared/errors';
import { multipartBody } from '../multipart.ts';
import { createTestContext, type TestContext } from '../test-app.ts';
import { createFuzzMarketplace, type FuzzMarketplace } from './fuzz-fixtures.ts';
import { databaseFingerprint, fuzzRoute, fuzzRuns, fuzzTimeoutMs } from './fuzz-route.ts';
import { nastyString } from './fuzz-values.ts';
import { fuzzedRoutes, splitRoute } from './route-groups.ts';

let t: TestContext;
let market: FuzzMarketplace;
let png: Buffer;
beforeAll(async () => {
  t = await createTestContext();
  market = await createFuzzMarketplace(t);
  png = await sharp({ create: { width: 32, height: 24, channels: 3, background: '#123456' } })
    .png()
    .toBuffer();
});
afterAll(async () => {
  await t?.close();
});

describe('fuzzing the routes for any signed-in user (as a buyer)', () => {
  // Uploads and the event stream have their own runs below.
  const ownRuns = ['POST /api/images', 'GET /api/live'];
  for (const route of fuzzedRoutes.signedIn.filter((route) => !ownRuns.includes(route))) {
    it(
      route,
      async () => {
        await fuzzRoute({
          app: t.app,
          db: t.database.db,
          ...splitRoute(route),
          cookie: market.buyer.cookie,
          hints: {
            email: fc.oneof(fc.constant(market.buyer.email), market.anyEmail),
            productId: fc.oneof(fc.constantFrom(...market.products.map((p) => p.id)), fc.uuid()),
            id: fc.oneof(fc.constantFrom(...market.conversations), market.anyId),
          },
        });
      },
      fuzzTimeoutMs,
    );
  }
});

const printable = fc.string({
  unit: fc.constantFrom(...'abcXYZ019 ._-"\';<>/\\%'.split('')),
  maxLength: 30,
});

/** Multipart bodies: real, cut short, not images, several parts, odd names and types. */
const uploadArb = fc.record({
  parts: fc.array(
    fc.record({
      name: fc.oneof({ weight: 4, arbitrary: fc.constant('image') }, printable),
      filename: fc.oneof(
        fc.constantFrom('laptop.png', 'laptop.jpg', 'x.svg', '../../etc/passwd.png', ''),
        printable,
      ),
      contentType: fc.constantFrom(
        'image/png',
        'image/jpeg',
        'image/svg+xml',
        'text/html',
        'application/octet-stream',
        'image/png; charset=<script>',
      ),
      data: fc.oneof(
        { weight: 3, arbitrary: fc.constant('png' as const) },
        fc.integer({ min: 1, max: 400 }).map((cut) => ({ cut })),
        fc.uint8Array({ maxLength: 2000 }).map((bytes) => Buffer.from(bytes)),
        fc.constant(
          '<svg xmlns="http://www.w3.org/2000/svg"><script>window.__xss=1</script></svg>',
        ),
        nastyString,
      ),
    }),
    { maxLength: 3 },
  ),
  framing: fc.constantFrom('ok', 'ok', 'ok', 'no-boundary', 'wrong-boundary', 'cut-short'),
});

async function storedFiles(): Promise<string> {
  const dir = path.join(t.dataDir, 'images');
  return (await fs.readdir(dir).catch(() => [])).sort().join(',');
}

describe('fuzzing POST /api/images (as a buyer)', () => {
  it(
    'answers every upload below 500, and a refused one stores nothing',
    async () => {
      const fingerprint = await databaseFingerprint(t.database.db);
      let before = `${await fingerprint()} ${await storedFiles()}`;
      await fc.assert(
        fc.asyncProperty(uploadArb, async ({ parts, framing }) => {
          const body = multipartBody(
            parts.map((part) => ({
              ...part,
              data:
                part.data === 'png'
                  ? png
                  : typeof part.data === 'object' && 'cut' in part.data
                    ? png.subarray(0, part.data.cut)
                    : part.data,
            })),
          );
          let payload = body.payload;
          let contentType = body.headers['content-type']!;
          if (framing === 'no-boundary') contentType = 'multipart/form-data';
          if (framing === 'wrong-boundary') contentType = 'multipart/form-data; boundary=nope';
          if (framing === 'cut-short') payload = payload.subarray(0, payload.length / 2);
          const response = await t.app.inject({
            method: 'POST',
            url: '/api/images',
            headers: { 'content-type': contentType, cookie: market.buyer.cookie },
            payload,
          });
          const status = response.statusCode;
          const where = `${JSON.stringify({ parts: parts.map((p) => ({ ...p, data: String(p.data).slice(0, 40) })), framing })} -> ${status} ${response.body.slice(0, 300)}`;
          const previous = before;
          before = `${await fingerprint()} ${await storedFiles()}`;
          if (status >= 500) throw new Error(`server error: ${where}`);
          if (status < 400) return;
          if (!apiErrorSchema.safeParse(JSON.parse(response.body)).success) {
            throw new Error(`refusal without the JSON error body: ${where}`);
          }
          if (before !== previous) throw new Error(`a refused upload stored something: ${where}`);
        }),
        { numRuns: fuzzRuns },
      );
    },
    fuzzTimeoutMs,
  );
});

/** Opens the stream with odd resume ids; the status and type, then hangs up. */
async function openLive(query: string, lastEventId: string | undefined) {
  if (!t.app.server.listening) await t.app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = t.app.server.address() as AddressInfo;
  return new Promise<{ status: number; type: string; body: string }>((resolve, reject) => {
    const headers: Record<string, string> = { cookie: market.buyer.cookie };
    if (lastEventId !== undefined) headers['last-event-id'] = lastEventId;
    const request = http.get(
      { host: '127.0.0.1', port, path: `/api/live${query}`, headers, agent: false },
      (response) => {
        const type = response.headers['content-type'] ?? '';
        const status = response.statusCode ?? 0;
        if (type.startsWith('text/event-stream')) {
          response.destroy();
          resolve({ status, type, body: '' });
          return;
        }
        let body = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (body += chunk));
        response.on('end', () => resolve({ status, type, body }));
      },
    );
    request.on('error', reject);
  });
}

/** Header values Node can send: printable text of any length. */
const headerText = fc.string({ maxLength: 60 }).map((text) => text.replace(/[^\x20-\x7e]/g, ''));

describe('fuzzing GET /api/live (as a buyer)', () => {
  it(
    'opens the stream or refuses with a JSON 400, whatever resume id is sent',
    async () => {
      await fc.assert(
        fc.asyncProperty(
          fc.oneof(
            fc.constant(''),
            fc.uuid().map((id) => `?lastEventId=${id}`),
            nastyString.map((text) => `?lastEventId=${encodeURIComponent(text.slice(0, 200))}`),
          ),
          fc.option(fc.oneof(fc.uuid(), headerText), { nil: undefined }),
          async (query, lastEventId) => {
            const answer = await openLive(query, lastEventId);
            const where = `${query.slice(0, 200)} / ${String(lastEventId)} -> ${answer.status} ${answer.body.slice(0, 200)}`;
            if (answer.status === 200 && answer.type.startsWith('text/event-stream')) return;
            if (answer.status !== 400) throw new Error(`unexpected answer: ${where}`);
            if (!apiErrorSchema.safeParse(JSON.parse(answer.body)).success) {
              throw new Error(`refusal without the JSON error body: ${where}`);
            }
          },
        ),
        { numRuns: fuzzRuns },
      );
    },
    fuzzTimeoutMs,
  );
});
