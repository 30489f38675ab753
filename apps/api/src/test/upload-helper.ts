import sharp from 'sharp';
import type { App } from '../app.ts';
import { multipartBody } from './multipart.ts';

/** Uploads a real PNG, as large as a listing photo must be, as the signed-in user and returns its URL. */
export async function uploadTestImage(app: App, cookie: string): Promise<string> {
  const png = await sharp({
    create: { width: 640, height: 480, channels: 3, background: '#3b82f6' },
  })
    .png()
    .toBuffer();
  const body = multipartBody([
    { name: 'image', filename: 'laptop.png', contentType: 'image/png', data: png },
  ]);
  const response = await app.inject({
    method: 'POST',
    url: '/api/images',
    headers: { ...body.headers, cookie },
    payload: body.payload,
  });
  if (response.statusCode !== 201) throw new Error(`upload failed: ${response.body}`);
  return response.json<{ data: { url: string } }>().data.url;
}
