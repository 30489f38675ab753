import { render as renderElement, screen, within } from '@testing-library/react';
import type { ReactElement } from 'react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { Product } from '@laptops/shared/products';
import { ProductGrid } from './product-grid.tsx';

function makeProducts(count: number): Product[] {
  return Array.from({ length: count }, (_, index) => ({
    _id: `00000000-0000-4000-8000-00000000000${index}`,
    name: `Laptop ${index + 1}`,
    image: `/api/images/laptop-${index}.webp`,
    thumbnail: `/api/images/laptop-${index}-thumb.webp`,
    location: 'Boston, MA',
    description: 'Works well.',
    category: 'c1',
    categoryName: 'Dell',
    conditionType: 'Good',
    dateOfPost: '2026-11-20T09:15:00.000Z',
    yearsOfUse: 2,
    originalPrice: 1000,
    resalePrice: 500,
    sellerId: 'u-marcus',
    sellerName: 'Marcus Lee',
    sellerImage: null,
    isVerified: false,
    sellerRating: null,
    status: 'available',
    isSold: false,
    isAdvertise: false,
    wasPrice: null,
    specs: {
      cpuModel: 'Core i7-1250U',
      ramGb: 16,
      storageGb: 512,
      storageType: 'SSD',
      screenInches: 13.4,
      batteryHealth: 90,
    },
  }));
}

const noop = () => {};

/** Cards link to each laptop's page: they are drawn inside a router. */
const render = (element: ReactElement) =>
  renderElement(element, { wrapper: ({ children }) => <MemoryRouter>{children}</MemoryRouter> });

/** Each card's picture of the laptop (the seller has none here). */
function pictures() {
  return screen
    .getAllByRole('article')
    .map((card) => within(card).getByRole('img', { name: card.getAttribute('aria-label') ?? '' }));
}

describe('ProductGrid pictures', () => {
  it('show the small thumbnail in a fixed 4:3 box, lazily, when the grid is further down the page', () => {
    render(<ProductGrid products={makeProducts(4)} onBook={noop} onReport={noop} onAsk={noop} />);
    for (const [index, img] of pictures().entries()) {
      expect(img.getAttribute('src')).toBe(`/api/images/laptop-${index}-thumb.webp`);
      expect(img.getAttribute('width')).toBe('640');
      expect(img.getAttribute('height')).toBe('480');
      expect(img.getAttribute('loading')).toBe('lazy');
      expect(img.getAttribute('decoding')).toBe('async');
      expect(img.getAttribute('fetchpriority')).not.toBe('high');
    }
  });

  it('load the first row at once and the first picture first when the grid leads the page', () => {
    render(
      <ProductGrid
        products={makeProducts(5)}
        onBook={noop}
        onReport={noop}
        onAsk={noop}
        aboveTheFold
      />,
    );
    const [first, ...rest] = pictures();
    expect(first?.getAttribute('loading')).toBe('eager');
    expect(first?.getAttribute('fetchpriority')).toBe('high');
    expect(rest.map((img) => img.getAttribute('loading'))).toEqual([
      'eager',
      'eager',
      'lazy',
      'lazy',
    ]);
    expect(rest.some((img) => img.getAttribute('fetchpriority') === 'high')).toBe(false);
  });

  it('title the cards with the heading level the page asks for', () => {
    const { unmount } = render(
      <ProductGrid products={makeProducts(2)} onBook={noop} onReport={noop} onAsk={noop} />,
    );
    expect(screen.getAllByRole('heading', { level: 3 })).toHaveLength(2);
    unmount();
    render(
      <ProductGrid
        products={makeProducts(2)}
        onBook={noop}
        onReport={noop}
        onAsk={noop}
        headingLevel={2}
      />,
    );
    expect(screen.getAllByRole('heading', { level: 2 })).toHaveLength(2);
  });
});

describe('ProductGrid cards', () => {
  it("link the name to the laptop's page and the seller to their profile, and show its key specs", () => {
    render(<ProductGrid products={makeProducts(1)} onBook={noop} onReport={noop} onAsk={noop} />);
    const card = screen.getByRole('article', { name: 'Laptop 1' });
    const links = within(card).getAllByRole('link');
    expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['Laptop 1', '/laptops/00000000-0000-4000-8000-000000000000'],
      ['Marcus Lee', '/sellers/u-marcus'],
    ]);
    expect(card.textContent?.replace(/\u00a0/g, ' ')).toContain('16 GB RAM · 512 GB SSD · 13.4″');
  });

  it('show a lowered price beside the one it was', () => {
    const [product] = makeProducts(1);
    render(
      <ProductGrid
        products={[{ ...product!, wasPrice: 650 }]}
        onBook={noop}
        onReport={noop}
        onAsk={noop}
      />,
    );
    expect(screen.getByText('$650.00').closest('span')?.textContent).toBe('Was $650.00');
  });
});
