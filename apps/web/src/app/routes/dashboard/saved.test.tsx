import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Favourite } from '@laptops/shared/favourites';
import { renderWithProviders } from '../../../testing/render-with-providers.tsx';
import { jsonResponse } from '../../../testing/json-response.ts';
import { mockApi, undoMocks, type ApiCall } from '../../../testing/mock-api.ts';
import { makeProduct } from '../../../testing/factories.ts';
import { SavedPage } from './saved.tsx';

const saved = (overrides: Partial<Favourite> & { name: string; id: string; price: number }) => ({
  product: makeProduct({ _id: overrides.id, name: overrides.name, resalePrice: overrides.price }),
  state: overrides.state ?? 'for-sale',
  savedAt: '2026-11-20T10:00:00.000Z',
  savedPrice: overrides.savedPrice ?? overrides.price,
});

let favourites: Favourite[];
let calls: ApiCall[];

beforeEach(() => {
  favourites = [
    saved({ id: 'p-1', name: 'HP EliteBook 840', price: 599, savedPrice: 650 }),
    saved({ id: 'p-2', name: 'HP Spectre x360', price: 900, state: 'sold' }),
    saved({ id: 'p-3', name: 'HP Pavilion 15', price: 400, state: 'removed' }),
    saved({ id: 'p-4', name: 'HP Envy 13', price: 700 }),
  ];
  calls = mockApi(({ method, path }) => {
    if (path === '/api/favourites' && method === 'GET') return jsonResponse({ favourites });
    const match = /^\/api\/favourites\/([^/]+)$/.exec(path);
    if (match?.[1] && method === 'DELETE') {
      favourites = favourites.filter((f) => f.product._id !== match[1]);
      return jsonResponse({ productId: match[1], saved: false });
    }
    return undefined;
  });
});

afterEach(undoMocks);

describe('Saved laptops', () => {
  it('says where each saved laptop stands', async () => {
    renderWithProviders(<SavedPage />, { path: '/dashboard/saved' });
    const dropped = await screen.findByRole('article', { name: 'HP EliteBook 840' });
    expect(dropped.textContent).toContain('Price dropped from $650.00');
    expect(
      within(dropped).getByRole('link', { name: 'HP EliteBook 840' }).getAttribute('href'),
    ).toBe('/laptops/p-1');
    const sold = screen.getByRole('article', { name: 'HP Spectre x360' });
    expect(sold.textContent).toContain('Sold');
    const gone = screen.getByRole('article', { name: 'HP Pavilion 15' });
    expect(gone.textContent).toContain('No longer listed');
    expect(within(gone).queryByRole('link')).toBeNull();
    const same = screen.getByRole('article', { name: 'HP Envy 13' });
    expect(same.textContent).not.toContain('Price dropped');
  });

  it('removes a laptop and puts focus on the heading', async () => {
    renderWithProviders(<SavedPage />, { path: '/dashboard/saved' });
    await userEvent.click(
      await screen.findByRole('button', { name: 'Remove HP Spectre x360 from saved' }),
    );
    await waitFor(() =>
      expect(screen.queryByRole('article', { name: 'HP Spectre x360' })).toBeNull(),
    );
    expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Saved laptops' }));
    expect(calls.filter((call) => call.method === 'DELETE')).toEqual([
      expect.objectContaining({ path: '/api/favourites/p-2' }),
    ]);
  });

  it('points to the search when nothing is saved', async () => {
    favourites = [];
    renderWithProviders(<SavedPage />, { path: '/dashboard/saved' });
    expect(
      await screen.findByRole('heading', { name: 'You have not saved any laptops yet' }),
    ).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Browse laptops' }).getAttribute('href')).toBe(
      '/search',
    );
  });
});
