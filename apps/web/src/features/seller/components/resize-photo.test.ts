import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fitWithin, resizePhoto } from './resize-photo.ts';

describe('fitWithin', () => {
  it('scales the long side down to 1600 px and keeps the proportions', () => {
    expect(fitWithin(4032, 3024)).toEqual({ width: 1600, height: 1200 });
    expect(fitWithin(3024, 4032)).toEqual({ width: 1200, height: 1600 });
    expect(fitWithin(4000, 1000)).toEqual({ width: 1600, height: 400 });
  });

  it('leaves a picture that already fits as it is', () => {
    expect(fitWithin(1600, 900)).toEqual({ width: 1600, height: 900 });
    expect(fitWithin(800, 600)).toEqual({ width: 800, height: 600 });
  });

  it('rounds to whole pixels and never to nothing', () => {
    expect(fitWithin(4001, 3001)).toEqual({ width: 1600, height: 1200 });
    expect(fitWithin(100_000, 10)).toEqual({ width: 1600, height: 1 });
  });
});

/** A canvas that records what was drawn and encodes to `encodes` (as the browser would). */
function stubBrowser(bitmap: { width: number; height: number }, encodes: string[]) {
  const drawn: number[][] = [];
  const asked: string[] = [];
  const close = vi.fn();
  vi.stubGlobal(
    'createImageBitmap',
    vi.fn(async () => ({ ...bitmap, close })),
  );
  vi.stubGlobal(
    'OffscreenCanvas',
    class {
      constructor(
        readonly width: number,
        readonly height: number,
      ) {}
      getContext() {
        return {
          fillStyle: '',
          fillRect: () => {},
          drawImage: (_image: unknown, ...box: number[]) => drawn.push(box),
        };
      }
      async convertToBlob({ type }: { type: string }) {
        asked.push(type);
        const given = encodes.includes(type) ? type : 'image/png';
        return new Blob(['small'], { type: given });
      }
    },
  );
  return { drawn, asked, close };
}

const photo = (size: number, name = 'IMG_0001.jpeg', type = 'image/jpeg') => {
  const file = new File(['x'], name, { type });
  Object.defineProperty(file, 'size', { value: size });
  return file;
};

describe('resizePhoto', () => {
  beforeEach(() => vi.unstubAllGlobals());
  afterEach(() => vi.unstubAllGlobals());

  it('makes a large phone photo 1600 px long as WebP', async () => {
    const browser = stubBrowser({ width: 4032, height: 3024 }, ['image/webp', 'image/jpeg']);
    const resized = await resizePhoto(photo(4_000_000));
    expect(browser.drawn).toEqual([[0, 0, 1600, 1200]]);
    expect(resized.type).toBe('image/webp');
    expect(resized.name).toBe('IMG_0001.webp');
    expect(browser.close).toHaveBeenCalled();
  });

  it('falls back to JPEG where the browser cannot encode WebP', async () => {
    const browser = stubBrowser({ width: 3000, height: 4000 }, ['image/jpeg']);
    const resized = await resizePhoto(photo(3_000_000, 'laptop.png', 'image/png'));
    expect(browser.asked).toEqual(['image/webp', 'image/jpeg']);
    expect(resized.type).toBe('image/jpeg');
    expect(resized.name).toBe('laptop.jpg');
  });

  it('keeps a photo that is already small enough', async () => {
    const browser = stubBrowser({ width: 1200, height: 900 }, ['image/webp']);
    const file = photo(300_000);
    expect(await resizePhoto(file)).toBe(file);
    expect(browser.asked).toEqual([]);
  });

  it('refuses a photo too small to show the laptop, naming its size', async () => {
    const browser = stubBrowser({ width: 64, height: 48 }, ['image/webp']);
    await expect(resizePhoto(photo(2_000))).rejects.toThrow(
      'This photo is 64 × 48 pixels. Please use one at least 480 pixels on its shorter side, so buyers can see the laptop up close.',
    );
    expect(browser.close).toHaveBeenCalled();
    stubBrowser({ width: 640, height: 480 }, ['image/webp']);
    const file = photo(50_000);
    expect(await resizePhoto(file)).toBe(file);
  });

  it('keeps the photo when the browser cannot read it', async () => {
    vi.stubGlobal(
      'createImageBitmap',
      vi.fn(async () => {
        throw new Error('unreadable');
      }),
    );
    const file = photo(4_000_000);
    expect(await resizePhoto(file)).toBe(file);
  });
});
