import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { toThumbnailWebp } from '../../modules/images/process-image.ts';
import { svgToWebp } from './seed-images.ts';

/**
 * Where drawn demo pictures are kept between seeds on this machine. Drawing one (an
 * SVG rasterised and encoded) takes about half a second; the demo has some 150, and
 * every fresh start seeds them (npm start's first run, the browser tests, Lighthouse,
 * the server tests). The same drawing always gives the same bytes, so it is drawn once.
 */
const cacheDir = path.join(os.tmpdir(), 'laptops-demo-pictures');

/** A drawing as WebP and its card thumbnail, from the cache when it was drawn before. */
export async function drawnOnce(svg: string): Promise<{ webp: Buffer; thumbnail: Buffer }> {
  const hash = createHash('sha256').update(sharp.versions.vips).update(svg).digest('hex');
  const webpFile = path.join(cacheDir, `${hash}.webp`);
  const thumbnailFile = path.join(cacheDir, `${hash}-thumb.webp`);
  try {
    const [webp, thumbnail] = await Promise.all([
      fs.readFile(webpFile),
      fs.readFile(thumbnailFile),
    ]);
    return { webp, thumbnail };
  } catch {
    // Not drawn yet (or the cache is gone): draw it.
  }
  const webp = await svgToWebp(svg);
  const thumbnail = await toThumbnailWebp(webp);
  try {
    await fs.mkdir(cacheDir, { recursive: true });
    // Written aside and renamed: a seed running at the same time never reads half a file.
    for (const [file, bytes] of [
      [webpFile, webp],
      [thumbnailFile, thumbnail],
    ] as const) {
      const partial = `${file}.${process.pid}.${Math.random().toString(36).slice(2)}`;
      await fs.writeFile(partial, bytes);
      await fs.rename(partial, file);
    }
  } catch {
    // A cache that cannot be written only costs the next seed the drawing.
  }
  return { webp, thumbnail };
}
