import { count } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { images } from '../../db/schema/images.ts';
import { createUser } from '../../db/seed/factories.ts';
import { multipartBody } from '../../test/multipart.ts';
import { createTestContext, signIn, type TestContext } from '../../test/test-app.ts';
import { uploadTestImage } from '../../test/upload-helper.ts';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext({ UPLOAD_RATE_LIMIT_PER_USER: '2' });
});
afterAll(async () => {
  await t?.close();
});

it('takes UPLOAD_RATE_LIMIT_PER_USER uploads per user per 10 minutes, then 429 with Retry-After', async () => {
  const user = await createUser(t.database.db);
  const cookie = await signIn(t.app, user.email, user.password);
  await uploadTestImage(t.app, cookie);
  await uploadTestImage(t.app, cookie);
  const stored = (await t.database.db.select({ n: count() }).from(images))[0]?.n;

  const body = multipartBody([
    { name: 'image', filename: 'third.png', contentType: 'image/png', data: 'not read' },
  ]);
  const third = await t.app.inject({
    method: 'POST',
    url: '/api/images',
    headers: { ...body.headers, cookie },
    payload: body.payload,
  });
  expect(third.statusCode).toBe(429);
  expect(third.json()).toEqual({
    error: {
      code: 'TOO_MANY_REQUESTS',
      message: 'You have uploaded many images in a short time. Please wait a few minutes.',
    },
  });
  expect(Number(third.headers['retry-after'])).toBeGreaterThan(500);
  expect((await t.database.db.select({ n: count() }).from(images))[0]?.n).toBe(stored);

  // The limit is each user's own.
  const other = await createUser(t.database.db);
  await expect(
    uploadTestImage(t.app, await signIn(t.app, other.email, other.password)),
  ).resolves.toMatch(/^\/api\/images\//);
});
