import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { SessionUser } from '@laptops/shared/auth';
import type { Product } from '@laptops/shared/products';
import { sessionKeys } from '../../lib/query-keys.ts';
import { ProductCard } from './components/product-card.tsx';

const laptop = {
  _id: '7b1c0a52-3a55-4a8e-9a43-1f2b3c4d5e6f',
  name: 'Dell XPS 13',
  image: '/api/images/xps.webp',
  thumbnail: '/api/images/xps-thumb.webp',
  location: 'Boston, MA',
  description: 'Tiny and light.',
  category: 'c1',
  categoryName: 'Dell',
  conditionType: 'Excellent',
  dateOfPost: '2026-11-20T09:15:00.000Z',
  yearsOfUse: 2,
  originalPrice: 1299,
  resalePrice: 749.5,
  mobileNumber: '+1 617 555 0100',
  sellerName: 'Marcus Lee',
  sellerImage: null,
  sellerEmail: 'marcus@example.com',
  isVerified: false,
  status: 'available',
  isSold: false,
  isAdvertise: false,
} satisfies Product;

const person = (email: string): SessionUser => ({
  id: 'u1',
  name: 'Someone',
  email,
  image: null,
  typeOfUser: 'seller',
});

function renderCard(session: SessionUser | null | undefined) {
  const client = new QueryClient();
  if (session !== undefined) client.setQueryData(sessionKeys.all, session);
  render(
    <QueryClientProvider client={client}>
      <ProductCard product={laptop} onBook={vi.fn()} onReport={vi.fn()} />
    </QueryClientProvider>,
  );
  return client;
}

const menuButton = () => screen.queryByRole('button', { name: 'More options: Dell XPS 13' });

describe("Report on a laptop's card", () => {
  it("is not offered to the laptop's own seller", () => {
    renderCard(person('marcus@example.com'));
    expect(screen.getByRole('article', { name: 'Dell XPS 13' })).toBeTruthy();
    expect(menuButton()).toBeNull();
  });

  it('is offered to anyone else signed in, and to guests', () => {
    renderCard(person('emma@example.com'));
    expect(menuButton()).toBeTruthy();
  });

  it('goes when the seller signs in with the card on screen, and comes back when they leave', () => {
    const client = renderCard(null);
    expect(menuButton()).toBeTruthy();
    act(() => client.setQueryData(sessionKeys.all, person('marcus@example.com')));
    expect(menuButton()).toBeNull();
    act(() => client.setQueryData(sessionKeys.all, null));
    expect(menuButton()).toBeTruthy();
  });
});
