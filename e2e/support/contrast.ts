import type { Locator } from '@playwright/test';

/**
 * The contrast ratio (WCAG 2) between an element's text colour and its own background,
 * as the browser computes them. For a solid-coloured control (a button, an alert):
 * axe leaves those inside a modal dialog as "incomplete", as the backdrop overlays them.
 */
export function textContrast(element: Locator): Promise<number> {
  return element.evaluate((node) => {
    const style = getComputedStyle(node);
    // The canvas turns any CSS colour (oklch included) into sRGB bytes.
    const context = document.createElement('canvas').getContext('2d')!;
    const srgb = (color: string) => {
      context.fillStyle = '#fff';
      context.fillRect(0, 0, 1, 1);
      context.fillStyle = color;
      context.fillRect(0, 0, 1, 1);
      return [...context.getImageData(0, 0, 1, 1).data.slice(0, 3)];
    };
    const luminance = (color: string) => {
      const [r, g, b] = srgb(color).map((byte) => {
        const value = byte / 255;
        return value <= 0.03928 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4;
      });
      return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
    };
    const [lighter, darker] = [luminance(style.color), luminance(style.backgroundColor)].sort(
      (a, b) => b - a,
    );
    return (lighter! + 0.05) / (darker! + 0.05);
  });
}
