import { count } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { images } from '../../db/schema/images.ts';
import { createUser } from '../../db/seed/factories.ts';
import { multipartBody } from '../../test/multipart.ts';
import { createTestContext, signIn, type TestContext } from '../../test/test-app.ts';

let t: TestContext;
let cookie: string;
beforeAll(async () => {
  t = await createTestContext();
  const user = await createUser(t.database.db);
  cookie = await signIn(t.app, user.email, user.password);
});
afterAll(async () => {
  await t?.close();
});

const storedCount = async () =>
  (await t.database.db.select({ n: count() }).from(images))[0]?.n ?? 0;

function upload(
  data: Buffer | string,
  options: { filename?: string; contentType?: string; field?: string; cookie?: string } = {},
) {
  const body = multipartBody([
    {
      name: options.field ?? 'image',
      filename: options.filename ?? 'photo.jpg',
      contentType: options.contentType ?? 'image/jpeg',
      data,
    },
  ]);
  return t.app.inject({
    method: 'POST',
    url: '/api/images',
    headers: {
      ...body.headers,
      ...(options.cookie === undefined
        ? { cookie }
        : options.cookie
          ? { cookie: options.cookie }
          : {}),
    },
    payload: body.payload,
  });
}

const photo = (format: 'jpeg' | 'png' | 'webp', width = 640, height = 480) =>
  sharp({ create: { width, height, channels: 3, background: { r: 200, g: 90, b: 20 } } })
    .withMetadata({ exif: { IFD0: { Copyright: 'Secret GPS place', Artist: 'Someone' } } })
    .toFormat(format)
    .toBuffer();

describe('POST /api/images', () => {
  it('stores a JPEG as WebP without its metadata and answers { success, data: { url } }', async () => {
    const jpeg = await photo('jpeg');
    expect((await sharp(jpeg).metadata()).exif).toBeDefined();
    const response = await upload(jpeg);
    expect(response.statusCode).toBe(201);
    const body = response.json<{ success: boolean; data: { url: string } }>();
    expect(body.success).toBe(true);
    expect(body.data.url).toMatch(/^\/api\/images\/[0-9a-f-]{36}\.webp$/);

    const served = await t.app.inject({ method: 'GET', url: body.data.url });
    expect(served.statusCode).toBe(200);
    const meta = await sharp(served.rawPayload).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: 640, height: 480 });
    expect(meta.exif).toBeUndefined();
    expect(served.rawPayload.includes(Buffer.from('Secret GPS place'))).toBe(false);
  });

  it('accepts PNG and WebP, and shrinks very large photos', async () => {
    expect(
      (await upload(await photo('png'), { filename: 'a.png', contentType: 'image/png' }))
        .statusCode,
    ).toBe(201);
    const big = await upload(await photo('webp', 4000, 3000), {
      filename: 'a.webp',
      contentType: 'image/webp',
    });
    expect(big.statusCode).toBe(201);
    const served = await t.app.inject({
      method: 'GET',
      url: big.json<{ data: { url: string } }>().data.url,
    });
    expect(await sharp(served.rawPayload).metadata()).toMatchObject({ width: 1600, height: 1200 });
  });

  it('refuses guests', async () => {
    const response = await upload(await photo('jpeg'), { cookie: '' });
    expect(response.statusCode).toBe(401);
  });

  it.each([
    [
      'a text file named like a photo',
      () => Promise.resolve(Buffer.from('hello, I am not an image')),
      400,
      'IMAGE_UNREADABLE',
    ],
    [
      'a truncated JPEG',
      async () => (await photo('jpeg')).subarray(0, 300),
      400,
      'IMAGE_UNREADABLE',
    ],
    [
      'an SVG with a script',
      () =>
        Promise.resolve(
          Buffer.from(
            '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script><rect width="10" height="10"/></svg>',
          ),
        ),
      415,
      'IMAGE_TYPE_UNSUPPORTED',
    ],
    [
      'a GIF',
      () =>
        sharp({ create: { width: 4, height: 4, channels: 3, background: '#000' } })
          .gif()
          .toBuffer(),
      415,
      'IMAGE_TYPE_UNSUPPORTED',
    ],
    [
      'a decompression bomb',
      () =>
        sharp({ create: { width: 10_000, height: 10_000, channels: 3, background: '#fff' } })
          .png({ compressionLevel: 9 })
          .toBuffer(),
      400,
      'IMAGE_TOO_LARGE',
    ],
  ])('refuses %s and stores nothing', async (_name, make, status, code) => {
    const before = await storedCount();
    const response = await upload(await make());
    expect(response.statusCode).toBe(status);
    expect(response.json()).toMatchObject({ error: { code } });
    expect(await storedCount()).toBe(before);
  });

  it('refuses a file over 5 MB, a wrong field name and a non-multipart body', async () => {
    const before = await storedCount();
    const huge = await upload(Buffer.alloc(5 * 1024 * 1024 + 10, 1));
    expect(huge.statusCode).toBe(413);
    const wrongField = await upload(await photo('jpeg'), { field: 'picture' });
    expect(wrongField.statusCode).toBe(400);
    // The image sent as text (no file name), or a text field before it: no image.
    for (const parts of [
      [{ name: 'image', data: 'not a file' }],
      [
        { name: 'caption', data: 'hello' },
        { name: 'image', filename: 'photo.jpg', contentType: 'image/jpeg', data: 'x' },
      ],
    ]) {
      const body = multipartBody(parts);
      const textOnly = await t.app.inject({
        method: 'POST',
        url: '/api/images',
        headers: { ...body.headers, cookie },
        payload: body.payload,
      });
      expect(textOnly.statusCode).toBe(400);
      expect(textOnly.json()).toEqual({
        error: { code: 'IMAGE_MISSING', message: 'Please choose an image file.' },
      });
    }
    const json = await t.app.inject({
      method: 'POST',
      url: '/api/images',
      headers: { cookie },
      payload: { image: 'x' },
    });
    expect(json.statusCode).toBe(415);
    expect(await storedCount()).toBe(before);
  });
});
