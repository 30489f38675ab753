import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import toast from 'react-hot-toast/headless';
import { afterEach, describe, expect, it } from 'vitest';
import type { SessionUser } from '@laptops/shared/auth';
import { defaultFilters, type SearchFilters } from '@laptops/shared/search-filters';
import { jsonResponse } from '../../../testing/json-response.ts';
import { makeSessionUser } from '../../../testing/factories.ts';
import { mockApi, undoMocks, type ApiCall } from '../../../testing/mock-api.ts';
import { renderWithProviders } from '../../../testing/render-with-providers.tsx';
import { SaveSearchButton } from './save-search-button.tsx';

afterEach(undoMocks);

const lenovo = { _id: '7f1d3c52-8f0b-4b9e-9a55-0c7a8f4f2a10', name: 'Lenovo', image: '' };
const search: SearchFilters = {
  ...defaultFilters,
  q: 'thinkpad',
  category: lenovo._id,
  maxPrice: '500',
  ramMin: '16',
  sort: 'price_asc',
};

function setUp(
  session: SessionUser | null,
  save: () => Response = () => jsonResponse({}, 201),
): ApiCall[] {
  return mockApi(({ path, method }) => {
    if (path === '/api/auth/get-session') return jsonResponse(session && { user: session });
    if (path === '/api/categories') return jsonResponse([lenovo]);
    if (path === '/api/saved-searches' && method === 'POST') return save();
    return undefined;
  });
}

function renderButton(filters: SearchFilters = search) {
  const { router } = renderWithProviders(<SaveSearchButton filters={filters} />, {
    path: '/search',
    at: '/search?q=thinkpad',
    routes: [{ path: '/login', element: <p>Log in page</p> }],
  });
  return { router, user: userEvent.setup() };
}

describe('SaveSearchButton', () => {
  it('saves the search as the page has it, with the chosen frequency', async () => {
    const calls = setUp(makeSessionUser({ typeOfUser: 'buyer' }), () =>
      jsonResponse(
        {
          id: 's-1',
          filters: { q: 'thinkpad', category: lenovo._id, maxPrice: '500', ramMin: '16' },
          categoryName: 'Lenovo',
          frequency: 'daily',
          emailsOff: false,
          createdAt: '2026-11-27T10:00:00.000Z',
        },
        201,
      ),
    );
    const { user } = renderButton();
    await user.click(await screen.findByRole('button', { name: 'Save this search' }));

    const dialog = await screen.findByRole('dialog', { name: 'Save this search' });
    // The search in words, the brand's name once the categories are in.
    await within(dialog).findByText('“thinkpad” · Lenovo · under $500 · 16 GB+ RAM');
    const instantly = within(dialog).getByRole('radio', { name: 'Instantly' });
    expect((instantly as HTMLInputElement).checked).toBe(true);
    expect(document.activeElement).toBe(instantly);
    await user.click(within(dialog).getByRole('radio', { name: 'Daily digest' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save search' }));

    await waitFor(() =>
      expect(toast.success).toHaveBeenCalledWith(
        'Search saved. We will email you about new matches.',
      ),
    );
    // The page's filters, without its order of results, and nothing else.
    expect(calls.filter((call) => call.method === 'POST')).toEqual([
      {
        method: 'POST',
        path: '/api/saved-searches',
        body: {
          filters: { q: 'thinkpad', category: lenovo._id, maxPrice: '500', ramMin: '16' },
          frequency: 'daily',
        },
      },
    ]);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('says why the server refused, with a link to the saved searches', async () => {
    setUp(makeSessionUser({ typeOfUser: 'seller' }), () =>
      jsonResponse(
        { error: { code: 'DUPLICATE', message: 'You have already saved this search.' } },
        409,
      ),
    );
    const { user } = renderButton();
    await user.click(await screen.findByRole('button', { name: 'Save this search' }));
    const dialog = await screen.findByRole('dialog', { name: 'Save this search' });
    await user.click(within(dialog).getByRole('button', { name: 'Save search' }));
    const alert = await within(dialog).findByRole('alert');
    expect(alert.textContent).toContain('You have already saved this search.');
    expect(
      within(alert).getByRole('link', { name: 'Manage saved searches' }).getAttribute('href'),
    ).toBe('/dashboard/saved-searches');
    // Still open: they may cancel.
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('asks a guest to log in first', async () => {
    const calls = setUp(null);
    const { router, user } = renderButton();
    await user.click(await screen.findByRole('button', { name: 'Save this search' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect((router.state.location.state as { from: { search: string } }).from.search).toBe(
      '?q=thinkpad',
    );
    expect(calls.some((call) => call.method === 'POST')).toBe(false);
  });

  it('is not offered for a search of everything', async () => {
    setUp(makeSessionUser({ typeOfUser: 'buyer' }));
    renderButton({ ...defaultFilters, sort: 'price_desc' });
    expect(screen.queryByRole('button', { name: 'Save this search' })).toBeNull();
  });

  it('is not offered to admins, once the session says so', async () => {
    setUp(makeSessionUser({ typeOfUser: 'admin' }));
    renderButton();
    await waitFor(() =>
      expect(screen.queryByRole('button', { name: 'Save this search' })).toBeNull(),
    );
  });
});
