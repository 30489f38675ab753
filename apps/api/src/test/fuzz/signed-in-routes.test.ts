import fs from 'node:fs/promises';
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
  for (const route of fuzzedRoutes.signedIn.filter((route) => route !== 'POST /api/images')) {
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
