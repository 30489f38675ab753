import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { Product } from '@laptops/shared/products';
import { renderWithProviders } from '../../../testing/render-with-providers.tsx';
import { makeProduct } from '../../../testing/factories.ts';
import { ProductCard } from './product-card.tsx';

/** A laptop whose seller has a picture. */
const laptop = (overrides: Partial<Product> = {}) =>
  makeProduct({ sellerImage: '/api/images/marcus.webp', ...overrides });

function renderCard(product: Product, bookingId?: string) {
  const onBook = vi.fn();
  const onReport = vi.fn();
  const onAsk = vi.fn();
  renderWithProviders(
    <ProductCard
      product={product}
      onBook={onBook}
      onReport={onReport}
      onAsk={onAsk}
      bookingId={bookingId}
    />,
    { path: '*' },
  );
  return { onBook, onReport, onAsk, card: screen.getByRole('article') };
}

describe('ProductCard', () => {
  it('shows the whole name (the browser cuts it to two lines), and no description, date or place', () => {
    const name = 'Lenovo ThinkPad X1 Carbon Gen 10 with a very long name indeed';
    const { card } = renderCard(laptop({ name, description: 'Tiny and light.' }));
    expect(within(card).getByRole('heading').textContent).toBe(name);
    expect(card.textContent).not.toMatch(/Tiny and light|2026-11-20|Boston|Posted|Years of use/);
  });

  it('shows the key specs in one line: processor, memory, storage and screen', () => {
    const { card } = renderCard(laptop());
    expect(within(card).getByText(/Core i7-1250U/).textContent).toBe(
      'Specs: Core i7-1250U · 16\u00a0GB\u00a0RAM · 512\u00a0GB\u00a0SSD · 13.4″',
    );
  });

  it('shows the price, the price new struck through, what it saves, the grade and the seller', () => {
    const { card } = renderCard(laptop());
    expect(card.textContent).toContain('Resale price: $749.50');
    const priceNew = within(card).getByText(/\$1,299\.00/);
    expect(priceNew.closest('s')).toBeTruthy();
    expect(priceNew.closest('span')?.textContent).toBe('Original price: $1,299.00 new');
    expect(within(card).getByText('Save $549.50')).toBeTruthy();
    expect(within(card).getByText('Excellent').textContent).toBe('Condition: Excellent');
    expect(within(card).getByRole('link', { name: 'Marcus Lee' })).toBeTruthy();
    expect(within(card).queryByRole('img', { name: 'Verified seller' })).toBeNull();
  });

  it('shows the price before a drop, and no saving on a laptop that costs what it did new', () => {
    const { card } = renderCard(laptop({ resalePrice: 1299, wasPrice: 1399 }));
    expect(within(card).getByText('Was').textContent).toBe('Was $1,399.00');
    expect(card.textContent).not.toContain('Save $');
  });

  it("shows the seller's rating compactly, and nothing before their first review", () => {
    const { card } = renderCard(laptop({ sellerRating: { average: 4.75, count: 12 } }));
    expect(within(card).getByText(/★ 4\.8 \(12\)/).textContent).toBe('Seller rating: ★ 4.8 (12)');
    expect(within(card).getByRole('link', { name: 'Marcus Lee' }).getAttribute('href')).toBe(
      '/sellers/u-marcus',
    );
  });

  it('shows no rating for a seller without reviews', () => {
    const { card } = renderCard(laptop());
    expect(card.textContent).not.toContain('★');
    expect(card.textContent).not.toContain('Seller rating');
  });

  it('shows the verified tick for a verified seller', () => {
    const { card } = renderCard(laptop({ isVerified: true }));
    expect(within(card).getByRole('img', { name: 'Verified seller' })).toBeTruthy();
  });

  it('shows no phone number, and no word of one', () => {
    const { card } = renderCard(laptop());
    expect(card.textContent).not.toMatch(/mobile|phone|log in/i);
  });

  it("offers 'Book' for an available product", async () => {
    const product = laptop();
    const { card, onBook } = renderCard(product);
    await userEvent.click(within(card).getByRole('button', { name: 'Book' }));
    expect(onBook).toHaveBeenCalledWith(product);
    expect(within(card).queryByRole('button', { name: 'Sold' })).toBeNull();
  });

  it("offers the buyer who booked it 'Booked — Pay now', which leads to paying", () => {
    const { card, onBook } = renderCard(laptop(), 'order-7');
    const pay = within(card).getByRole('link', { name: 'Booked: Pay now, Dell XPS 13' });
    expect(pay.textContent).toBe('Booked — Pay now');
    expect(pay.getAttribute('href')).toBe('/dashboard/payment/order-7');
    expect(within(card).queryByRole('button', { name: 'Book' })).toBeNull();
    expect(onBook).not.toHaveBeenCalled();
  });

  it("replaces 'Book' with a disabled 'Sold' when sold", () => {
    const { card } = renderCard(laptop({ status: 'sold', isSold: true }));
    const button = within(card).getByRole('button', { name: 'Sold' });
    expect((button as HTMLButtonElement).disabled).toBe(true);
    expect(within(card).queryByRole('button', { name: 'Book' })).toBeNull();
  });

  it("offers 'Ask the seller' and 'Report this laptop' in the card's menu, which closes on Escape", async () => {
    const product = laptop();
    const { card, onReport, onAsk } = renderCard(product);
    const menuButton = within(card).getByRole('button', { name: /More options/ });
    await userEvent.click(menuButton);
    expect(menuButton.getAttribute('aria-expanded')).toBe('true');
    await userEvent.keyboard('{Escape}');
    expect(within(card).queryByRole('menu')).toBeNull();

    await userEvent.click(menuButton);
    await userEvent.click(within(card).getByRole('menuitem', { name: 'Report this laptop' }));
    expect(onReport).toHaveBeenCalledWith(product);
    expect(within(card).queryByRole('menu')).toBeNull();

    await userEvent.click(menuButton);
    await userEvent.click(within(card).getByRole('menuitem', { name: 'Ask the seller' }));
    expect(onAsk).toHaveBeenCalledWith(product);
    expect(within(card).queryByRole('menu')).toBeNull();
  });

  it("offers only 'Report this laptop' on a sold laptop: its seller takes no more questions", async () => {
    const { card } = renderCard(laptop({ isSold: true }));
    await userEvent.click(within(card).getByRole('button', { name: /More options/ }));
    expect(
      within(card)
        .getAllByRole('menuitem')
        .map((item) => item.textContent),
    ).toEqual(['Report this laptop']);
  });
});
