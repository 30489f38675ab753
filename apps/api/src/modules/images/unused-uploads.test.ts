import { inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { images } from '../../db/schema/images.ts';
import { createCategory, createUser } from '../../db/seed/factories.ts';
import { postProduct } from '../../test/post-product.ts';
import {
  createTestContext,
  serverWithJobs,
  signIn,
  type TestContext,
} from '../../test/test-app.ts';
import { uploadTestImage } from '../../test/upload-helper.ts';
import { disputeKit } from '../disputes/dispute-test-kit.ts';
import { deleteUnusedUploads } from './images.service.ts';

const HOUR_MS = 3_600_000;

let t: TestContext;
beforeAll(async () => {
  // Sweeps hourly, as deployed: these tests sweep when they choose.
  t = await createTestContext();
});
afterAll(async () => {
  await t?.close();
});

const keyOf = (url: string) => url.replace('/api/images/', '');

/** Makes uploads look `hours` old, as if they had been sitting unused since. */
async function age(urls: string[], hours: number) {
  await t.database.db
    .update(images)
    .set({ createdAt: new Date(Date.now() - hours * HOUR_MS) })
    .where(inArray(images.key, urls.map(keyOf)));
}

const status = async (url: string) => (await t.app.inject({ method: 'GET', url })).statusCode;
const thumbnail = (url: string) => url.replace(/\.webp$/, '-thumb.webp');

async function seller() {
  const user = await createUser(t.database.db, { typeOfUser: 'seller' });
  return signIn(t.app, user.email, user.password);
}

const postListing = (cookie: string, image: string, category: string) =>
  postProduct(t.app, cookie, { name: 'ThinkPad T14', category, image });

it('deletes old uploads that nothing uses, with their thumbnails, and keeps every used or recent one', async () => {
  const cookie = await seller();
  const category = await createCategory(t.database.db);
  const [listed, avatar, categoryImage, forgotten, ofDeletedListing, fresh] = await Promise.all(
    Array.from({ length: 6 }, () => uploadTestImage(t.app, cookie)),
  );
  const posted = await postListing(cookie, listed!, category.id);
  expect(posted.statusCode).toBe(201);
  // A photo sent in a conversation (here a buyer's, about the listing).
  const buyer = await createUser(t.database.db);
  const buyerCookie = await signIn(t.app, buyer.email, buyer.password);
  const buyerPhoto = await uploadTestImage(t.app, buyerCookie);
  const asked = await t.app.inject({
    method: 'POST',
    url: '/api/conversations',
    headers: { cookie: buyerCookie },
    payload: { productId: posted.json<{ insertedId: string }>().insertedId },
  });
  const { conversationId } = asked.json<{ conversationId: string }>();
  const sent = await t.app.inject({
    method: 'POST',
    url: `/api/conversations/${conversationId}/messages`,
    headers: { cookie: buyerCookie },
    payload: { image: buyerPhoto },
  });
  expect(sent.statusCode).toBe(201);
  const avatarSet = await t.app.inject({
    method: 'POST',
    url: '/api/auth/update-user',
    headers: { cookie },
    payload: { image: avatar },
  });
  expect(avatarSet.statusCode).toBe(200);
  await createCategory(t.database.db, { image: categoryImage! });
  // A listing nobody booked or reported is deleted outright; its picture then serves nothing.
  const gone = await postListing(cookie, ofDeletedListing!, category.id);
  const goneId = gone.json<{ insertedId: string }>().insertedId;
  const deleted = await t.app.inject({
    method: 'DELETE',
    url: `/api/myProducts?id=${goneId}`,
    headers: { cookie },
  });
  expect(deleted.json()).toEqual({ deletedCount: 1 });
  await age([listed!, avatar!, categoryImage!, forgotten!, ofDeletedListing!, buyerPhoto], 25);
  await age([fresh!], 23);

  const count = await deleteUnusedUploads(
    { db: t.database.db, storage: t.imageStorage },
    new Date(Date.now() - 24 * HOUR_MS),
  );

  expect(count).toBe(2);
  for (const url of [forgotten!, ofDeletedListing!]) {
    expect(await status(url)).toBe(404);
    expect(await status(thumbnail(url))).toBe(404);
  }
  for (const url of [listed!, avatar!, categoryImage!, fresh!, buyerPhoto]) {
    expect(await status(url)).toBe(200);
    expect(await status(thumbnail(url))).toBe(200);
  }
  const rows = await t.database.db
    .select({ key: images.key })
    .from(images)
    .where(inArray(images.key, [forgotten!, ofDeletedListing!, fresh!].map(keyOf)));
  expect(rows.map((row) => row.key)).toEqual([keyOf(fresh!)]);

  // A form sent with a picture that was swept meanwhile is refused, not saved pointing nowhere.
  const late = await postListing(cookie, forgotten!, category.id);
  expect(late.statusCode).toBe(400);
});

it('keeps the picture of a withdrawn listing: its orders still show it', async () => {
  const cookie = await seller();
  const category = await createCategory(t.database.db);
  const image = await uploadTestImage(t.app, cookie);
  const posted = await postListing(cookie, image, category.id);
  const id = posted.json<{ insertedId: string }>().insertedId;
  const buyer = await createUser(t.database.db);
  const booked = await t.app.inject({
    method: 'POST',
    url: '/api/myOrders',
    headers: { cookie: await signIn(t.app, buyer.email, buyer.password) },
    payload: { productId: id, buyerPhone: '+1 512 555 0101', meetingLocation: 'Austin, TX' },
  });
  expect(booked.statusCode).toBe(201);
  // Booked, so deleting it withdraws it instead.
  const withdrawn = await t.app.inject({
    method: 'DELETE',
    url: `/api/myProducts?id=${id}`,
    headers: { cookie },
  });
  expect(withdrawn.json()).toEqual({ deletedCount: 1 });
  await age([image], 48);

  await deleteUnusedUploads(
    { db: t.database.db, storage: t.imageStorage },
    new Date(Date.now() - 24 * HOUR_MS),
  );

  expect(await status(image)).toBe(200);
});

it('keeps an upload whose files could not be deleted (storage down) for the next sweep', async () => {
  const image = await uploadTestImage(t.app, await seller());
  await age([image], 25);
  const before = new Date(Date.now() - 24 * HOUR_MS);
  const storageDown = {
    ...t.imageStorage,
    delete: async () => {
      throw new Error('storage unreachable');
    },
  };

  await expect(
    deleteUnusedUploads({ db: t.database.db, storage: storageDown }, before),
  ).rejects.toThrow(/Could not delete unused images/);
  expect(await status(image)).toBe(200);

  expect(await deleteUnusedUploads({ db: t.database.db, storage: t.imageStorage }, before)).toBe(1);
  expect(await status(image)).toBe(404);
});

it('sweeps as a queued job: once as the server starts, then every UNUSED_UPLOAD_SWEEP_MINUTES', async () => {
  const user = await createUser(t.database.db);
  const image = await uploadTestImage(t.app, await signIn(t.app, user.email, user.password));
  await age([image], 25);
  expect(await status(image)).toBe(200);

  // The server, on the same database and storage, with its job queue.
  const server = await serverWithJobs(t, { UNUSED_UPLOAD_SWEEP_MINUTES: '30' });
  try {
    await expect.poll(() => status(image), { timeout: 30_000 }).toBe(404);
    const scheduled = await t.database.db.execute(
      sql`select cron from pgboss.schedule where name = 'delete-unused-uploads'`,
    );
    expect((scheduled as unknown as { rows: unknown[] }).rows).toEqual([{ cron: '*/30 * * * *' }]);
  } finally {
    await server.close();
  }
});

it("keeps a dispute's evidence photos", async () => {
  const kit = disputeKit(t);
  const { buyer, orderId } = await kit.paidDeal();
  const evidence = await uploadTestImage(t.app, buyer.cookie);
  const unused = await uploadTestImage(t.app, buyer.cookie);
  const opened = await kit.openDispute(buyer.cookie, orderId, { photos: [evidence] });
  expect(opened.statusCode).toBe(201);
  await age([evidence, unused], 48);

  await deleteUnusedUploads(
    { db: t.database.db, storage: t.imageStorage },
    new Date(Date.now() - 24 * HOUR_MS),
  );
  expect(await status(evidence)).toBe(200);
  expect(await status(thumbnail(evidence))).toBe(200);
  expect(await status(unused)).toBe(404);
});
