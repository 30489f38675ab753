import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DashboardOverview } from '@laptops/shared/dashboard';
import {
  VERIFICATION_CODE_ALPHABET,
  type PhotoVerification,
  type PhotoVerificationQueueItem,
} from '@laptops/shared/photo-verification';
import type { OwnProduct, ProductDetails } from '@laptops/shared/products';
import { adminActionsLog } from '../../db/schema/admin-actions.ts';
import { photoVerifications } from '../../db/schema/photo-verifications.ts';
import { buyingKit } from '../../test/buying-kit.ts';
import { multipartBody } from '../../test/multipart.ts';
import { createTestContext, type TestContext } from '../../test/test-app.ts';
import { uploadTestImage } from '../../test/upload-helper.ts';

let t: TestContext;
let kit: ReturnType<typeof buyingKit>;

beforeAll(async () => {
  t = await createTestContext();
  kit = buyingKit(t);
});
afterAll(async () => {
  await t?.close();
});

const png = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: '#64748b' } })
    .png()
    .toBuffer();

const upload = async (cookie: string, productId: string, bytes?: Buffer) => {
  const body = multipartBody([
    {
      name: 'image',
      filename: 'photo.png',
      contentType: 'image/png',
      data: bytes ?? (await png(800, 600)),
    },
  ]);
  return t.app.inject({
    method: 'POST',
    url: `/api/myProducts/${productId}/verification/photo`,
    headers: { ...body.headers, cookie },
    payload: body.payload,
  });
};

const askCode = (cookie: string, productId: string) =>
  kit.call('POST', `/api/myProducts/${productId}/verification/code`, cookie);

const stateOf = async (cookie: string, productId: string) => {
  const response = await kit.call('GET', `/api/myProducts/${productId}/verification`, cookie);
  expect(response.statusCode).toBe(200);
  return response.json<PhotoVerification>();
};

const page = async (productId: string) => {
  const response = await kit.call('GET', `/api/products/${productId}`);
  expect(response.statusCode).toBe(200);
  return response.json<ProductDetails>();
};

/** The listing's verification as My products lists it. */
const listedAs = async (cookie: string, productId: string) => {
  const mine = await kit.call('GET', '/api/myProducts', cookie);
  return mine.json<OwnProduct[]>().find((product) => product._id === productId)?.verification;
};

const decide = (cookie: string, verificationId: string, body: object) =>
  kit.call('POST', `/api/admin/photo-verifications/${verificationId}/decision`, cookie, body);

/** A seller's laptop with a code asked for and the photo sent. */
async function waitingForReview() {
  const { seller, product } = await kit.laptop();
  const code = await askCode(seller.cookie, product.id);
  expect(code.statusCode).toBe(201);
  const sent = await upload(seller.cookie, product.id);
  expect(sent.statusCode).toBe(201);
  const verification = sent.json<PhotoVerification>();
  return { seller, product, verification, verificationId: verification.verificationId ?? '' };
}

describe('a verification code', () => {
  it('is made by the server, bound to the listing, and the same until a photo is sent', async () => {
    const { seller, product } = await kit.laptop();
    expect((await stateOf(seller.cookie, product.id)).status).toBe('none');
    expect(await listedAs(seller.cookie, product.id)).toBe('none');

    const first = await askCode(seller.cookie, product.id);
    expect(first.statusCode).toBe(201);
    const view = first.json<PhotoVerification>();
    expect(view.status).toBe('awaiting-photo');
    expect(view.code).toMatch(new RegExp(`^[${VERIFICATION_CODE_ALPHABET}]{6}$`));
    expect(view.instructions).toMatch(/Write this code on paper/);

    // Asking again (a reload) keeps the code already written down.
    const again = await askCode(seller.cookie, product.id);
    expect(again.statusCode).toBe(200);
    expect(again.json<PhotoVerification>().code).toBe(view.code);

    // A code another listing gets is its own.
    const other = await kit.call(
      'POST',
      `/api/myProducts/${(await kit.laptop()).product.id}/verification/code`,
      seller.cookie,
    );
    expect(other.statusCode).toBe(404);
  });

  it('ignores a code the client sends', async () => {
    const { seller, product } = await kit.laptop();
    const response = await kit.call(
      'POST',
      `/api/myProducts/${product.id}/verification/code`,
      seller.cookie,
      { code: 'AAAAAA' },
    );
    expect(response.statusCode).toBe(201);
    expect(response.json<PhotoVerification>().code).not.toBe('AAAAAA');
  });

  it("answers only the listing's seller: another seller gets a 404, a buyer a 403", async () => {
    const { product } = await kit.laptop();
    const stranger = await kit.signedIn('seller');
    const buyer = await kit.signedIn('buyer');
    expect((await askCode(stranger.cookie, product.id)).statusCode).toBe(404);
    expect(
      (await kit.call('GET', `/api/myProducts/${product.id}/verification`, stranger.cookie))
        .statusCode,
    ).toBe(404);
    expect((await upload(stranger.cookie, product.id)).statusCode).toBe(404);
    expect((await askCode(buyer.cookie, product.id)).statusCode).toBe(403);
    const rows = await t.database.db
      .select()
      .from(photoVerifications)
      .where(eq(photoVerifications.productId, product.id));
    expect(rows).toEqual([]);
  });

  it('is limited to 10 an hour per seller', async () => {
    const seller = await kit.signedIn('seller');
    const { product } = await kit.laptop();
    let last = 0;
    for (let i = 0; i < 11; i++) last = (await askCode(seller.cookie, product.id)).statusCode;
    expect(last).toBe(429);
  });
});

describe('the photo', () => {
  it('needs a code first, and the size a listing photo needs', async () => {
    const { seller, product } = await kit.laptop();
    const early = await upload(seller.cookie, product.id);
    expect(early.statusCode).toBe(409);
    expect(early.json<{ error: { code: string } }>().error.code).toBe('NO_VERIFICATION_CODE');

    await askCode(seller.cookie, product.id);
    const small = await upload(seller.cookie, product.id, await png(400, 300));
    expect(small.statusCode).toBe(400);
    expect(small.json<{ error: { message: string } }>().error.message).toMatch(/480/);
    const notImage = await upload(seller.cookie, product.id, Buffer.from('<svg></svg>'));
    expect(notImage.statusCode).toBeGreaterThanOrEqual(400);
    expect(notImage.statusCode).toBeLessThan(500);
    expect((await stateOf(seller.cookie, product.id)).status).toBe('awaiting-photo');
  });

  it('puts the listing in the queue, and is shown to its seller and admins only', async () => {
    const { seller, product, verification, verificationId } = await waitingForReview();
    expect(verification.status).toBe('waiting-for-review');
    expect(verification.photoUrl).toBe(`/api/photo-verifications/${verificationId}/photo`);
    const photoUrl = verification.photoUrl ?? '';

    const mine = await kit.call('GET', photoUrl, seller.cookie);
    expect(mine.statusCode).toBe(200);
    expect(mine.headers['content-type']).toBe('image/webp');
    const admin = await kit.signedIn('admin');
    expect((await kit.call('GET', photoUrl, admin.cookie)).statusCode).toBe(200);
    const buyer = await kit.signedIn('buyer');
    expect((await kit.call('GET', photoUrl, buyer.cookie)).statusCode).toBe(404);
    expect((await kit.call('GET', photoUrl)).statusCode).toBe(401);

    // Its stored key is never served by the public image route.
    const [row] = await t.database.db
      .select({ photoKey: photoVerifications.photoKey })
      .from(photoVerifications)
      .where(eq(photoVerifications.id, verificationId));
    expect(row?.photoKey).toMatch(/^private-/);
    expect((await kit.call('GET', `/api/images/${row?.photoKey}`)).statusCode).toBe(404);

    // A second photo, or a new code, waits for the decision.
    expect((await upload(seller.cookie, product.id)).statusCode).toBe(409);
    expect((await askCode(seller.cookie, product.id)).statusCode).toBe(409);

    const queue = await kit.call('GET', '/api/admin/photo-verifications?limit=100', admin.cookie);
    expect(queue.statusCode).toBe(200);
    const item = queue
      .json<PhotoVerificationQueueItem[]>()
      .find((entry) => entry.verificationId === verificationId);
    expect(item).toMatchObject({
      code: verification.code,
      photoUrl,
      product: { _id: product.id, name: product.name, photos: [product.image] },
      seller: { _id: seller.user.id },
    });
    const overview = await kit.call('GET', '/api/dashboard', admin.cookie);
    expect(overview.json<DashboardOverview & { photosToVerify: number }>().photosToVerify).toBe(
      Number(queue.headers['x-total-count']),
    );
  });
});

describe('the queue', () => {
  it('leaves out the photo of a listing withdrawn since it was sent', async () => {
    const admin = await kit.signedIn('admin');
    const queued = async () => {
      const queue = await kit.call('GET', '/api/admin/photo-verifications?limit=100', admin.cookie);
      expect(queue.statusCode).toBe(200);
      const ids = queue.json<PhotoVerificationQueueItem[]>().map((item) => item.verificationId);
      const overview = await kit.call('GET', '/api/dashboard', admin.cookie);
      return {
        ids,
        total: Number(queue.headers['x-total-count']),
        tile: overview.json<DashboardOverview & { photosToVerify: number }>().photosToVerify,
      };
    };
    const { seller, product, verificationId } = await waitingForReview();
    const before = await queued();
    expect(before.ids).toContain(verificationId);

    const withdrawn = await t.app.inject({
      method: 'DELETE',
      url: `/api/myProducts?id=${product.id}`,
      headers: { cookie: seller.cookie },
    });
    expect(withdrawn.statusCode).toBe(200);
    const after = await queued();
    expect(after.ids).not.toContain(verificationId);
    // The count beside the list and the overview's tile count it out too.
    expect(after.total).toBe(before.total - 1);
    expect(after.tile).toBe(before.tile - 1);
  });
});

describe("an admin's decision", () => {
  it('approves: the laptop page shows the badge, and the log says who', async () => {
    const { seller, product, verificationId } = await waitingForReview();
    expect((await page(product.id)).photoVerified).toBe(false);
    const admin = await kit.signedIn('admin');
    const approved = await decide(admin.cookie, verificationId, { decision: 'approve' });
    expect(approved.statusCode).toBe(200);

    expect((await page(product.id)).photoVerified).toBe(true);
    expect((await stateOf(seller.cookie, product.id)).status).toBe('approved');
    expect(await listedAs(seller.cookie, product.id)).toBe('approved');
    const logged = await t.database.db
      .select()
      .from(adminActionsLog)
      .where(eq(adminActionsLog.adminId, admin.user.id));
    expect(logged).toMatchObject([
      { action: 'approve-verification-photo', target: product.name, details: { verificationId } },
    ]);
    // Decided once.
    expect((await decide(admin.cookie, verificationId, { decision: 'approve' })).statusCode).toBe(
      409,
    );
    expect((await askCode(seller.cookie, product.id)).statusCode).toBe(409);
  });

  it('rejects with a reason the seller reads, and the seller may try again', async () => {
    const { seller, product, verification, verificationId } = await waitingForReview();
    const admin = await kit.signedIn('admin');
    const reason = 'The code is not readable; take it closer, in daylight.';
    const rejected = await decide(admin.cookie, verificationId, { decision: 'reject', reason });
    expect(rejected.statusCode).toBe(200);

    const seen = await stateOf(seller.cookie, product.id);
    expect(seen).toMatchObject({ status: 'rejected', rejectReason: reason });
    expect(await listedAs(seller.cookie, product.id)).toBe('rejected');
    expect((await page(product.id)).photoVerified).toBe(false);
    const [logged] = await t.database.db
      .select()
      .from(adminActionsLog)
      .where(eq(adminActionsLog.adminId, admin.user.id));
    expect(logged).toMatchObject({
      action: 'reject-verification-photo',
      details: { verificationId, reason },
    });

    const retry = await askCode(seller.cookie, product.id);
    expect(retry.statusCode).toBe(201);
    expect(retry.json<PhotoVerification>().verificationId).not.toBe(verificationId);
    expect(retry.json<PhotoVerification>().status).toBe('awaiting-photo');
    // My products follows the latest request.
    expect(await listedAs(seller.cookie, product.id)).toBe('awaiting-photo');
    expect(verification.code).toBeTruthy();
  });

  it('refuses bad input with a 4xx and changes nothing', async () => {
    const { seller, product, verificationId } = await waitingForReview();
    const admin = await kit.signedIn('admin');
    for (const body of [
      { decision: 'reject' },
      { decision: 'reject', reason: '   ' },
      { decision: 'reject', reason: 'x'.repeat(501) },
      { decision: 'maybe' },
      {},
    ]) {
      expect((await decide(admin.cookie, verificationId, body)).statusCode).toBe(400);
    }
    expect(
      (
        await kit.call('POST', '/api/admin/photo-verifications/not-an-id/decision', admin.cookie, {
          decision: 'approve',
        })
      ).statusCode,
    ).toBe(400);
    expect(
      (
        await decide(admin.cookie, '00000000-0000-4000-8000-000000000000', {
          decision: 'approve',
        })
      ).statusCode,
    ).toBe(404);
    // A seller cannot decide their own.
    expect((await decide(seller.cookie, verificationId, { decision: 'approve' })).statusCode).toBe(
      403,
    );
    expect((await stateOf(seller.cookie, product.id)).status).toBe('waiting-for-review');
  });
});

describe('editing an approved listing', () => {
  it('keeps the badge for a new price, and drops it for new photos', async () => {
    const seller = await kit.signedIn('seller');
    const admin = await kit.signedIn('admin');
    const { product } = await kit.laptop();
    // A listing of this seller's with their own uploaded photo, so edits pass the checks.
    const image = await uploadTestImage(t.app, seller.cookie);
    const posted = await t.app.inject({
      method: 'POST',
      url: '/api/products',
      headers: { cookie: seller.cookie },
      payload: {
        name: 'HP EliteBook 840 G8',
        category: product.categoryId,
        image,
        location: 'Austin, TX',
        conditionType: 'Good',
        mobileNumber: '+1 512 555 0100',
        originalPrice: 1000,
        resalePrice: 500,
        yearsOfUse: 1,
        cpuFamily: 'intel-core-i5',
        cpuModel: 'Core i5-1145G7',
        ramGb: 16,
        storageGb: 512,
        storageType: 'SSD',
        screenInches: 14,
        description: 'Verified laptop.',
      },
    });
    expect(posted.statusCode).toBe(201);
    const id = posted.json<{ insertedId: string }>().insertedId;
    await askCode(seller.cookie, id);
    const sent = await upload(seller.cookie, id);
    const verificationId = sent.json<PhotoVerification>().verificationId ?? '';
    await decide(admin.cookie, verificationId, { decision: 'approve' });
    expect((await page(id)).photoVerified).toBe(true);

    const edit = (payload: object) =>
      t.app.inject({
        method: 'PATCH',
        url: `/api/myProducts/${id}`,
        headers: { cookie: seller.cookie },
        payload,
      });
    expect((await edit({ resalePrice: 450, description: 'Cheaper now.' })).statusCode).toBe(200);
    expect((await page(id)).photoVerified).toBe(true);
    // The same photos sent again change nothing.
    expect((await edit({ photos: [image] })).statusCode).toBe(200);
    expect((await page(id)).photoVerified).toBe(true);

    const another = await uploadTestImage(t.app, seller.cookie);
    expect((await edit({ photos: [another, image] })).statusCode).toBe(200);
    expect((await page(id)).photoVerified).toBe(false);
    const state = await stateOf(seller.cookie, id);
    expect(state.status).toBe('lapsed');
    expect((await askCode(seller.cookie, id)).statusCode).toBe(201);
  });
});
