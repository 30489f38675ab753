import { eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { PhotoVerification } from '@laptops/shared/photo-verification';
import { photoVerifications } from '../../db/schema/photo-verifications.ts';
import { products } from '../../db/schema/products.ts';
import { createCategory, createProduct } from '../../db/seed/factories.ts';
import { buyingKit } from '../../test/buying-kit.ts';
import { multipartBody } from '../../test/multipart.ts';
import { createTestContext, serverWithJobs, type TestContext } from '../../test/test-app.ts';
import { deleteExpiredVerificationPhotos } from './verification-photo-sweep.ts';

const DAY_MS = 86_400_000;
const KEEP_DAYS = 90;

let t: TestContext;
let kit: ReturnType<typeof buyingKit>;
/** One seller for every listing here: signing people up is the slow part. */
let seller: { user: { id: string }; cookie: string };
let categoryId: string;
let photo: Buffer;

beforeAll(async () => {
  t = await createTestContext();
  kit = buyingKit(t);
  seller = await kit.signedIn('seller');
  categoryId = (await createCategory(t.database.db)).id;
  photo = await sharp({ create: { width: 800, height: 600, channels: 3, background: '#64748b' } })
    .png()
    .toBuffer();
});
afterAll(async () => {
  await t?.close();
});

const daysAgo = (days: number) => new Date(Date.now() - days * DAY_MS);
const sweep = (storage = t.imageStorage) =>
  deleteExpiredVerificationPhotos({ db: t.database.db, storage }, daysAgo(KEEP_DAYS));

/** A laptop for sale with its verification photo sent, waiting for an admin. */
async function sentPhoto() {
  const product = await createProduct(t.database.db, { sellerId: seller.user.id, categoryId });
  await kit.call('POST', `/api/myProducts/${product.id}/verification/code`, seller.cookie);
  const body = multipartBody([
    { name: 'image', filename: 'photo.png', contentType: 'image/png', data: photo },
  ]);
  const sent = await t.app.inject({
    method: 'POST',
    url: `/api/myProducts/${product.id}/verification/photo`,
    headers: { ...body.headers, cookie: seller.cookie },
    payload: body.payload,
  });
  expect(sent.statusCode).toBe(201);
  const id = sent.json<PhotoVerification>().verificationId ?? '';
  const [row] = await t.database.db
    .select({ key: photoVerifications.photoKey })
    .from(photoVerifications)
    .where(eq(photoVerifications.id, id));
  return { productId: product.id, id, key: row?.key ?? '' };
}

type Sent = Awaited<ReturnType<typeof sentPhoto>>;

const set = (sent: Sent, values: Partial<typeof photoVerifications.$inferInsert>) =>
  t.database.db.update(photoVerifications).set(values).where(eq(photoVerifications.id, sent.id));

/** What the seller reads on their listing, and whether the photo can still be fetched. */
async function seenBySeller(sent: Sent) {
  const state = await kit.call(
    'GET',
    `/api/myProducts/${sent.productId}/verification`,
    seller.cookie,
  );
  const photo = await kit.call('GET', `/api/photo-verifications/${sent.id}/photo`, seller.cookie);
  const view = state.json<PhotoVerification>();
  return { status: view.status, photoUrl: view.photoUrl, photo: photo.statusCode };
}

it('deletes a photo kept past its time once it no longer vouches for a listing for sale, and keeps its record', async () => {
  const rejectedLongAgo = await sentPhoto();
  await set(rejectedLongAgo, { status: 'rejected', decidedAt: daysAgo(KEEP_DAYS + 1) });
  const lapsedLongAgo = await sentPhoto();
  await set(lapsedLongAgo, {
    status: 'lapsed',
    decidedAt: daysAgo(400),
    lapsedAt: daysAgo(KEEP_DAYS + 1),
  });
  const ofListingWithdrawnLongAgo = await sentPhoto();
  await t.database.db
    .update(products)
    .set({ deletedAt: daysAgo(KEEP_DAYS + 1) })
    .where(eq(products.id, ofListingWithdrawnLongAgo.productId));

  const rejectedLately = await sentPhoto();
  await set(rejectedLately, { status: 'rejected', decidedAt: daysAgo(KEEP_DAYS - 1) });
  const lapsedLately = await sentPhoto();
  await set(lapsedLately, { status: 'lapsed', decidedAt: daysAgo(400), lapsedAt: daysAgo(2) });
  // An old approval still vouches for the listing for sale: its badge stands on it.
  const approvedLongAgo = await sentPhoto();
  await set(approvedLongAgo, { status: 'approved', decidedAt: daysAgo(400) });
  const waiting = await sentPhoto();

  expect(await sweep()).toBe(3);

  for (const gone of [rejectedLongAgo, lapsedLongAgo]) {
    expect(await seenBySeller(gone)).toMatchObject({ photoUrl: null, photo: 404 });
    expect(await t.imageStorage.get(gone.key)).toBeUndefined();
  }
  expect((await seenBySeller(rejectedLongAgo)).status).toBe('rejected');
  expect((await seenBySeller(lapsedLongAgo)).status).toBe('lapsed');
  expect(await t.imageStorage.get(ofListingWithdrawnLongAgo.key)).toBeUndefined();
  const [withdrawn] = await t.database.db
    .select()
    .from(photoVerifications)
    .where(eq(photoVerifications.id, ofListingWithdrawnLongAgo.id));
  expect(withdrawn).toMatchObject({ status: 'waiting-for-review', photoKey: null });
  expect(withdrawn?.photoDeletedAt).toBeInstanceOf(Date);

  for (const kept of [rejectedLately, lapsedLately, approvedLongAgo, waiting]) {
    expect((await seenBySeller(kept)).photo).toBe(200);
    expect(await t.imageStorage.get(kept.key)).toBeDefined();
  }

  // Nothing is left to delete twice.
  expect(await sweep()).toBe(0);
});

it('keeps the photo and tries again at the next sweep when its file cannot be deleted', async () => {
  const rejected = await sentPhoto();
  await set(rejected, { status: 'rejected', decidedAt: daysAgo(KEEP_DAYS + 1) });
  const bucketDown = {
    ...t.imageStorage,
    delete: () => Promise.reject(new Error('The bucket is down')),
  };

  await expect(sweep(bucketDown)).rejects.toThrow(/Could not delete verification photos/);
  expect((await seenBySeller(rejected)).photo).toBe(200);

  expect(await sweep()).toBe(1);
  expect((await seenBySeller(rejected)).photo).toBe(404);
});

it("is swept by the server itself, at its start and then on the uploads' period", async () => {
  const rejected = await sentPhoto();
  await set(rejected, { status: 'rejected', decidedAt: daysAgo(31) });

  // The server, on the same database and storage, with its job queue.
  const server = await serverWithJobs(t, {
    UNUSED_UPLOAD_SWEEP_MINUTES: '30',
    VERIFICATION_PHOTO_KEEP_DAYS: '30',
  });
  try {
    await expect
      .poll(async () => (await seenBySeller(rejected)).photo, { timeout: 30_000 })
      .toBe(404);
    const scheduled = await t.database.db.execute(
      sql`select cron from pgboss.schedule where name = 'delete-expired-verification-photos'`,
    );
    expect((scheduled as unknown as { rows: unknown[] }).rows).toEqual([{ cron: '*/30 * * * *' }]);
  } finally {
    await server.close();
  }
});
