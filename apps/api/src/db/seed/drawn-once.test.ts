import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { drawnOnce } from './drawn-once.ts';

describe('drawnOnce', () => {
  it('draws a picture and its thumbnail once, then reads them from the cache', async () => {
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="800" height="600"><rect width="800" height="600" fill="#${Math.floor(
      Math.random() * 0xffffff,
    )
      .toString(16)
      .padStart(6, '0')}"/></svg>`;
    const before = new Set(
      await fs.readdir(path.join(os.tmpdir(), 'laptops-demo-pictures')).catch(() => []),
    );
    const first = await drawnOnce(svg);
    expect((await sharp(first.webp).metadata()).format).toBe('webp');
    expect((await sharp(first.thumbnail).metadata()).width).toBe(640);
    // Kept on disk (other seeds may be adding theirs meanwhile: look for these bytes).
    const dir = path.join(os.tmpdir(), 'laptops-demo-pictures');
    const added = (await fs.readdir(dir)).filter((name) => !before.has(name));
    const contents = await Promise.all(added.map((name) => fs.readFile(path.join(dir, name))));
    expect(contents.some((bytes) => bytes.equals(first.webp))).toBe(true);
    expect(contents.some((bytes) => bytes.equals(first.thumbnail))).toBe(true);

    const again = await drawnOnce(svg);
    expect(again.webp.equals(first.webp)).toBe(true);
    expect(again.thumbnail.equals(first.thumbnail)).toBe(true);
  });
});
