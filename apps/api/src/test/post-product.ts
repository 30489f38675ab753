import type { App } from '../app.ts';
import { uploadTestImage } from './upload-helper.ts';

/**
 * POST /api/products as the signed-in seller, with a picture uploaded first (or the
 * one given): a listing written through the app, as caches that forget on writes must
 * see it.
 */
export async function postProduct(
  app: App,
  cookie: string,
  { image, ...fields }: { name: string; category: string; image?: string },
) {
  return app.inject({
    method: 'POST',
    url: '/api/products',
    headers: { cookie },
    payload: {
      image: image ?? (await uploadTestImage(app, cookie)),
      location: 'Austin, TX',
      conditionType: 'Good',
      mobileNumber: '+1 512 555 0100',
      originalPrice: 1000,
      resalePrice: 500,
      yearsOfUse: 1,
      cpuFamily: 'intel-core-i5',
      cpuModel: 'Core i5-8350U',
      ramGb: 16,
      storageGb: 512,
      storageType: 'SSD',
      screenInches: 14,
      description: 'Fresh listing.',
      ...fields,
    },
  });
}
