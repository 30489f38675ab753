import { act, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { SessionUser } from '@laptops/shared/auth';
import { makeProduct, makeSessionUser } from '../../testing/factories.ts';
import {
  createTestQueryClient,
  renderWithProviders,
} from '../../testing/render-with-providers.tsx';
import { sessionKeys } from '../../lib/query-keys.ts';
import { ProductCard } from './components/product-card.tsx';

/** Marcus's laptop: its seller is the account u-marcus. */
const laptop = makeProduct({ sellerId: 'u-marcus' });

const person = (id: string) =>
  makeSessionUser({ id, name: 'Someone', email: `${id}@example.com`, typeOfUser: 'seller' });

function renderCard(session: SessionUser | null | undefined) {
  const client = createTestQueryClient();
  if (session !== undefined) client.setQueryData(sessionKeys.all, session);
  renderWithProviders(
    <ProductCard product={laptop} onBook={vi.fn()} onReport={vi.fn()} onAsk={vi.fn()} />,
    {
      queryClient: client,
    },
  );
  return client;
}

const menuButton = () => screen.queryByRole('button', { name: 'More options: Dell XPS 13' });

describe("Report on a laptop's card", () => {
  it("is not offered to the laptop's own seller, known by their account", () => {
    renderCard(person('u-marcus'));
    expect(screen.getByRole('article', { name: 'Dell XPS 13' })).toBeTruthy();
    expect(menuButton()).toBeNull();
  });

  it('is offered to anyone else signed in, and to guests', () => {
    renderCard(person('u-emma'));
    expect(menuButton()).toBeTruthy();
  });

  it('goes when the seller signs in with the card on screen, and comes back when they leave', () => {
    const client = renderCard(null);
    expect(menuButton()).toBeTruthy();
    act(() => client.setQueryData(sessionKeys.all, person('u-marcus')));
    expect(menuButton()).toBeNull();
    act(() => client.setQueryData(sessionKeys.all, null));
    expect(menuButton()).toBeTruthy();
  });
});
