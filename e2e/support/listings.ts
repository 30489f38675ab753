import fs from 'node:fs';
import path from 'node:path';
import {
  expect,
  request as playwrightRequest,
  test,
  type APIRequestContext,
} from '@playwright/test';

const photo = fs.readFileSync(path.join(import.meta.dirname, 'laptop-photo.png'));

/** A demo brand's category id, as the public API lists it. */
export async function categoryIdOf(api: APIRequestContext, brand: string): Promise<string> {
  const categories = (await (await api.get('/api/categories')).json()) as {
    _id: string;
    name: string;
  }[];
  const id = categories.find((category) => category.name === brand)?._id;
  expect(id, `the ${brand} category`).toBeDefined();
  return id ?? '';
}

/** The mobile number every listing made here is given: only its order page shows it. */
export const listingPhone = '+1 402 555 0100';

/** A new seller (own cookie jar) with one new listing, made through the real API. */
export async function sellerWithListing(
  options: {
    name?: string;
    brand?: string;
    price?: number;
    /** How many photos to upload (1 by default). */
    photos?: number;
    /** Specs beyond the required core (which every listing has), or other values for it. */
    specs?: Record<string, unknown>;
  } = {},
) {
  const api = await playwrightRequest.newContext({ baseURL: test.info().project.use.baseURL });
  const seller = {
    name: 'Sid Seller',
    email: `seller-${Date.now()}-${Math.random().toString(16).slice(2, 8)}@example.test`,
    password: 'e2e-pass-1',
  };
  expect(
    (await api.post('/api/auth/sign-up/email', { data: { ...seller, typeOfUser: 'seller' } })).ok(),
  ).toBe(true);
  const photos: string[] = [];
  for (let i = 0; i < (options.photos ?? 1); i += 1) {
    const upload = await api.post('/api/images', {
      multipart: { image: { name: 'l.png', mimeType: 'image/png', buffer: photo } },
    });
    photos.push(((await upload.json()) as { data: { url: string } }).data.url);
  }
  const category = await categoryIdOf(api, options.brand ?? 'Dell');
  const name = options.name ?? `Dell Latitude ${Date.now()}`;
  const posted = await api.post('/api/products', {
    data: {
      name,
      photos,
      location: 'Omaha, NE',
      description: 'Tested and working.',
      category,
      conditionType: 'Good',
      mobileNumber: listingPhone,
      originalPrice: 900,
      resalePrice: options.price ?? 420,
      yearsOfUse: 2,
      cpuFamily: 'intel-core-i5',
      cpuModel: 'Core i5-8350U',
      ramGb: 16,
      storageGb: 512,
      storageType: 'SSD',
      screenInches: 14,
      ...options.specs,
    },
  });
  expect(posted.status()).toBe(201);
  const productId = ((await posted.json()) as { insertedId: string }).insertedId;
  await api.dispose();
  return { seller, name, productId, photos, brand: options.brand ?? 'Dell' };
}
