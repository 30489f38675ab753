import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { SessionUser } from '@laptops/shared/auth';
import { firstRequestPaths } from '@laptops/shared/first-requests';
import { makeProduct, makeSessionUser } from '../../testing/factories.ts';
import { jsonResponse } from '../../testing/json-response.ts';
import { mockApi, undoMocks } from '../../testing/mock-api.ts';
import { renderWithProviders } from '../../testing/render-with-providers.tsx';
import { HomeRoute } from './home.tsx';

afterEach(undoMocks);

const latest = [
  makeProduct({ _id: 'p1', name: 'Dell XPS 13' }),
  makeProduct({ _id: 'p2', name: 'ThinkPad T14' }),
];

/**
 * Serves Home's lists to `user` (null: a guest). The latest laptops wait until the
 * returned function is called, as on a slow connection.
 */
function serveHome(user: SessionUser | null) {
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  mockApi(async ({ url }) => {
    switch (url.pathname) {
      case firstRequestPaths.session:
        return jsonResponse(user && { user });
      case firstRequestPaths.advertisedProducts:
        return jsonResponse([makeProduct({ _id: 'p3', name: 'MacBook Air M2' })]);
      case firstRequestPaths.categories:
        return jsonResponse([{ _id: 'c1', name: 'Dell', image: '/api/images/dell.webp' }]);
      case firstRequestPaths.latestProducts:
        await held;
        return jsonResponse(latest);
      default:
        // Saved laptops, bookings: none.
        return jsonResponse([]);
    }
  });
  return release;
}

const placeholders = () => document.querySelectorAll('[aria-hidden="true"] > li.skeleton');

describe('Home', () => {
  it('shows grey cards and tiles where the lists will be until they arrive, then the lists', async () => {
    const release = serveHome(null);
    renderWithProviders(<HomeRoute />);
    expect(screen.getByRole('status').textContent).toBe('Loading');
    // Under the sections' own titles: 6 advertised and 9 latest cards, 7 brand tiles.
    expect(screen.getByRole('heading', { name: 'Latest laptops' })).toBeTruthy();
    expect(placeholders()).toHaveLength(6 + 7 + 9);
    expect(screen.queryAllByRole('article')).toHaveLength(0);

    release();
    const section = await screen.findByRole('region', { name: 'Latest laptops' });
    expect(await within(section).findAllByRole('article')).toHaveLength(2);
    expect(placeholders()).toHaveLength(0);
    expect(screen.queryByRole('status')).toBeNull();
    expect(
      within(section).getByRole('link', { name: 'See all laptops' }).getAttribute('href'),
    ).toBe('/search');
  });

  it('offers a guest Browse laptops (every laptop) and Sell yours (sign up as a seller)', async () => {
    serveHome(null)();
    renderWithProviders(<HomeRoute />);
    await screen.findAllByRole('article');
    expect(screen.getByRole('link', { name: 'Browse laptops' }).getAttribute('href')).toBe(
      '/search',
    );
    expect(screen.getByRole('link', { name: 'Sell yours' }).getAttribute('href')).toBe(
      '/signup?as=seller',
    );
  });

  it('takes a seller from Sell yours to Add a laptop', async () => {
    serveHome(makeSessionUser({ typeOfUser: 'seller' }))();
    renderWithProviders(<HomeRoute />);
    await screen.findAllByRole('article');
    expect((await screen.findByRole('link', { name: 'Sell yours' })).getAttribute('href')).toBe(
      '/dashboard/addaproduct',
    );
  });

  it('does not offer a buyer to sell: their account cannot', async () => {
    serveHome(makeSessionUser({ typeOfUser: 'buyer' }))();
    renderWithProviders(<HomeRoute />);
    await screen.findAllByRole('article');
    // Offered until the session says who it is, as to a guest.
    await waitFor(() => expect(screen.queryByRole('link', { name: 'Sell yours' })).toBeNull());
    expect(screen.getByRole('link', { name: 'Browse laptops' })).toBeTruthy();
  });
});
