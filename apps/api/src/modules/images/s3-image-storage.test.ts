import fs from 'node:fs';
import path from 'node:path';
import { GetObjectCommand, HeadObjectCommand, S3Client } from '@aws-sdk/client-s3';
import sharp from 'sharp';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { images } from '../../db/schema/images.ts';
import { createUser } from '../../db/seed/factories.ts';
import { startS3Server } from '../../test/s3-server.ts';
import { multipartBody } from '../../test/multipart.ts';
import { createTestContext, signIn } from '../../test/test-app.ts';
import { uploadTestImage } from '../../test/upload-helper.ts';
import { createImageStorage } from './image-storage.ts';
import { createS3ImageStorage } from './s3-image-storage.ts';

const smallPng = () =>
  sharp({ create: { width: 64, height: 48, channels: 3, background: '#3b82f6' } })
    .png()
    .toBuffer();

let s3: Awaited<ReturnType<typeof startS3Server>>;
let storage: ReturnType<typeof createS3ImageStorage>;
/** A separate client reads the bucket directly, to see what really landed there. */
let inspector: S3Client;

beforeAll(async () => {
  s3 = await startS3Server();
  storage = createS3ImageStorage(s3.config);
  inspector = new S3Client({
    endpoint: s3.config.endpoint,
    region: s3.config.region,
    credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
    forcePathStyle: true,
  });
});
afterAll(async () => {
  storage?.close();
  inspector?.destroy();
  await s3?.close();
});

it('puts an image into the bucket as WebP and gets the same bytes back', async () => {
  const bytes = Buffer.from('RIFF....WEBPVP8 fake image bytes');
  await storage.put('abc-123.webp', bytes);

  expect(await storage.get('abc-123.webp')).toEqual(bytes);
  const head = await inspector.send(
    new HeadObjectCommand({ Bucket: s3.config.bucket, Key: 'abc-123.webp' }),
  );
  expect(head.ContentType).toBe('image/webp');
  expect(head.ContentLength).toBe(bytes.length);
  const object = await inspector.send(
    new GetObjectCommand({ Bucket: s3.config.bucket, Key: 'abc-123.webp' }),
  );
  expect(Buffer.from(await object.Body!.transformToByteArray())).toEqual(bytes);
});

it('answers undefined for an image that is not there', async () => {
  expect(await storage.get('never-stored.webp')).toBeUndefined();
});

it('overwrites nothing else: each key keeps its own bytes', async () => {
  await Promise.all(
    Array.from({ length: 10 }, (_, i) => storage.put(`many-${i}.webp`, Buffer.from(`image ${i}`))),
  );
  const back = await Promise.all(
    Array.from({ length: 10 }, (_, i) => storage.get(`many-${i}.webp`)),
  );
  expect(back.map((b) => b?.toString())).toEqual(
    Array.from({ length: 10 }, (_, i) => `image ${i}`),
  );
});

it('fails loudly, as unavailable (503) with the cause, when the bucket or the credentials are wrong', async () => {
  const noBucket = createS3ImageStorage({ ...s3.config, bucket: 'no-such-bucket' });
  // s3rver knows access keys but does not check V4 signatures, so a wrong key id it is.
  const wrongKey = createS3ImageStorage({ ...s3.config, accessKeyId: 'NOT-A-KEY' });
  try {
    await expect(noBucket.put('x.webp', Buffer.from('x'))).rejects.toMatchObject({
      statusCode: 503,
      cause: { name: 'NoSuchBucket' },
    });
    await expect(noBucket.get('x.webp')).rejects.toMatchObject({
      statusCode: 503,
      cause: { name: 'NoSuchBucket' },
    });
    await expect(wrongKey.put('x.webp', Buffer.from('x'))).rejects.toMatchObject({
      statusCode: 503,
      cause: { name: 'InvalidAccessKeyId' },
    });
  } finally {
    noBucket.close();
    wrongKey.close();
  }
});

it('answers 503 with the JSON error body, and stores nothing, while the bucket is unreachable', async () => {
  const down = await startS3Server();
  const unreachable = createS3ImageStorage(down.config);
  await down.close();
  const t = await createTestContext({}, { imageStorage: unreachable });
  try {
    const user = await createUser(t.database.db, { typeOfUser: 'seller' });
    const cookie = await signIn(t.app, user.email, user.password);
    const body = multipartBody([
      { name: 'image', filename: 'laptop.png', contentType: 'image/png', data: await smallPng() },
    ]);
    const upload = await t.app.inject({
      method: 'POST',
      url: '/api/images',
      headers: { ...body.headers, cookie },
      payload: body.payload,
    });
    expect(upload.statusCode).toBe(503);
    expect(upload.json()).toMatchObject({ error: { code: expect.any(String) } });
    expect(await t.database.db.select().from(images)).toEqual([]);
    const served = await t.app.inject({ method: 'GET', url: '/api/images/abc.webp' });
    expect(served.statusCode).toBe(503);
    expect(served.json()).toMatchObject({ error: { code: expect.any(String) } });
  } finally {
    unreachable.close();
    await t.close();
  }
});

it('is the storage chosen when S3 is configured, and local disk otherwise', async () => {
  const chosen = createImageStorage({ dataDir: '/nonexistent', s3: s3.config });
  try {
    await chosen.put('chosen.webp', Buffer.from('in the bucket'));
    expect((await storage.get('chosen.webp'))?.toString()).toBe('in the bucket');
  } finally {
    chosen.close();
  }
});

it('stores an upload through the API in the bucket and serves it back at the same URL', async () => {
  const t = await createTestContext({}, { imageStorage: storage });
  try {
    const user = await createUser(t.database.db, { typeOfUser: 'seller' });
    const url = await uploadTestImage(t.app, await signIn(t.app, user.email, user.password));
    expect(url).toMatch(/^\/api\/images\/[a-z0-9-]+\.webp$/);
    const key = url.replace('/api/images/', '');

    const object = await inspector.send(
      new GetObjectCommand({ Bucket: s3.config.bucket, Key: key }),
    );
    const inBucket = Buffer.from(await object.Body!.transformToByteArray());
    const served = await t.app.inject({ method: 'GET', url });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
    expect(served.rawPayload).toEqual(inBucket);
    const thumbnail = await t.app.inject({
      method: 'GET',
      url: url.replace('.webp', '-thumb.webp'),
    });
    expect(thumbnail.statusCode).toBe(200);
    // Nothing went to the local disk.
    expect(fs.existsSync(path.join(t.dataDir, 'images'))).toBe(false);

    const missing = await t.app.inject({ method: 'GET', url: '/api/images/not-uploaded.webp' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ error: { code: 'NOT_FOUND' } });
  } finally {
    await t.close();
  }
});

it('deletes an image from the bucket, and deleting one that is not there is no error', async () => {
  await storage.put('to-delete.webp', Buffer.from('RIFF....WEBP'));
  await storage.delete('to-delete.webp');

  expect(await storage.get('to-delete.webp')).toBeUndefined();
  await expect(storage.delete('to-delete.webp')).resolves.toBeUndefined();
});
