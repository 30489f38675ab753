import sharp from 'sharp';
import { describe, it, expect } from 'vitest';
import {
  avatarSvg,
  categorySvg,
  laptopSvg,
  svgToWebp,
  type LaptopImageInput,
} from './seed-images.ts';

const laptop: LaptopImageInput = {
  brand: 'Lenovo',
  model: 'ThinkPad X1 Carbon',
  accent: '#1f6feb',
  variant: 0,
};

const hostile = `<script>alert("x")</script> & 'Co'`;
const hostileEscaped = '&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &apos;Co&apos;';

async function webpSize(svg: string, options?: { width?: number }) {
  const { format, width, height } = await sharp(await svgToWebp(svg, options)).metadata();
  return { format, width, height };
}

describe('laptopSvg', () => {
  it('renders to an 800x600 WebP', async () => {
    expect(await webpSize(laptopSvg(laptop))).toEqual({ format: 'webp', width: 800, height: 600 });
  });

  it('is deterministic', () => {
    expect(laptopSvg({ ...laptop })).toBe(laptopSvg(laptop));
  });

  it('draws a different image for each variant', async () => {
    const variants = [0, 1, 2, 3, 4, 5];
    const svgs = variants.map((variant) => laptopSvg({ ...laptop, variant }));
    expect(new Set(svgs).size).toBe(variants.length);

    const pixels = await Promise.all(
      svgs.slice(0, 2).map(async (svg) =>
        sharp(await svgToWebp(svg))
          .raw()
          .toBuffer(),
      ),
    );
    expect(pixels[0]?.equals(pixels[1] ?? Buffer.alloc(0))).toBe(false);
  });

  it('accepts any variant number', () => {
    for (const variant of [-3, 1.5, 1000, Number.NaN]) {
      expect(laptopSvg({ ...laptop, variant })).toMatch(/^<svg /);
    }
  });

  it('escapes the brand and still renders', async () => {
    const svg = laptopSvg({ ...laptop, brand: hostile, model: hostile });
    expect(svg).not.toContain('<script');
    expect(svg).toContain(hostileEscaped);
    expect((await webpSize(svg)).format).toBe('webp');
  });

  it('falls back to a default accent rather than injecting a malformed one', () => {
    const svg = laptopSvg({ ...laptop, accent: '"/><script>alert(1)</script>' });
    expect(svg).not.toContain('<script');
    expect(svg).toBe(laptopSvg({ ...laptop, accent: '#1f6feb' }));
  });

  it('uses no external resources', () => {
    const svg =
      laptopSvg(laptop) + categorySvg(laptop) + avatarSvg({ name: 'A B', accent: '#fff' });
    expect(svg).not.toMatch(/<image|href=|@import|url\((?!#)/);
  });
});

describe('categorySvg', () => {
  it('renders to a 600x400 WebP', async () => {
    const svg = categorySvg({ accent: '#12a594' });
    expect(await webpSize(svg)).toEqual({ format: 'webp', width: 600, height: 400 });
  });

  it('draws no text: the tile names the brand under its picture', () => {
    expect(categorySvg({ accent: '#12a594' })).not.toContain('<text');
  });
});

describe('avatarSvg', () => {
  it('renders to a 256x256 WebP', async () => {
    const svg = avatarSvg({ name: 'Ada Lovelace', accent: '#8e4ec6' });
    expect(await webpSize(svg)).toEqual({ format: 'webp', width: 256, height: 256 });
  });

  it('shows the initials of the first and last names', () => {
    expect(avatarSvg({ name: 'ada king lovelace', accent: '#8e4ec6' })).toContain('>AL</text>');
    expect(avatarSvg({ name: 'Plato', accent: '#8e4ec6' })).toContain('>P</text>');
    expect(avatarSvg({ name: '  ', accent: '#8e4ec6' })).toContain('>?</text>');
  });

  it('escapes the initials', () => {
    const svg = avatarSvg({ name: '<script> &x', accent: '#8e4ec6' });
    expect(svg).not.toContain('<script');
    expect(svg).toContain('>&lt;&amp;</text>');
  });
});

describe('svgToWebp', () => {
  it('resizes to the requested width, keeping the aspect ratio', async () => {
    const svg = laptopSvg(laptop);
    expect(await webpSize(svg, { width: 400 })).toEqual({
      format: 'webp',
      width: 400,
      height: 300,
    });
    expect(await webpSize(svg, { width: 1600 })).toEqual({
      format: 'webp',
      width: 1600,
      height: 1200,
    });
  });
});
