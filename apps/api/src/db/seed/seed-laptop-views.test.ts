import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { laptopSvg, svgToWebp, type LaptopImageInput } from './seed-images.ts';
import { keyboardSvg, portLayout, portsSvg } from './seed-laptop-views.ts';

const laptop: LaptopImageInput = {
  brand: 'Lenovo',
  model: 'ThinkPad X1 Carbon',
  accent: '#1f6feb',
  variant: 0,
};

const hostile = `<script>alert("x")</script> & 'Co'`;

describe.each([
  ['keyboardSvg', keyboardSvg],
  ['portsSvg', portsSvg],
])('%s', (_name, draw) => {
  it('renders to an 800x600 WebP', async () => {
    const { format, width, height } = await sharp(await svgToWebp(draw(laptop))).metadata();
    expect({ format, width, height }).toEqual({ format: 'webp', width: 800, height: 600 });
  });

  it('is deterministic, and differs from the cover and between variants', () => {
    expect(draw({ ...laptop })).toBe(draw(laptop));
    expect(draw(laptop)).not.toBe(laptopSvg(laptop));
    const svgs = [0, 1, 2, 3].map((variant) => draw({ ...laptop, variant }));
    expect(new Set(svgs).size).toBe(svgs.length);
  });

  it('accepts any variant number', () => {
    for (const variant of [-3, 1.5, 1000, Number.NaN]) {
      expect(draw({ ...laptop, variant })).toMatch(/^<svg /);
    }
  });

  it('escapes the brand, ignores a malformed accent and uses no external resources', () => {
    const svg = draw({ ...laptop, brand: hostile, accent: '"/><script>alert(1)</script>' });
    expect(svg).not.toContain('<script');
    expect(svg).not.toMatch(/<image|href=|@import|url\((?!#)/);
  });
});

it('gives MacBooks USB-C and MagSafe ports only, and others a mix', () => {
  for (const variant of [0, 1, 2, 3]) {
    const apple = portLayout({ ...laptop, brand: 'Apple', variant }).ports;
    expect(apple.every((port) => ['usb-c', 'magsafe', 'jack'].includes(port))).toBe(true);
  }
  const others = [0, 1, 2, 3].flatMap((variant) => portLayout({ ...laptop, variant }).ports);
  expect(others).toContain('usb-a');
  expect(others).toContain('hdmi');
});
