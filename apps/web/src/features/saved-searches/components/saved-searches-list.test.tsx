import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import toast from 'react-hot-toast/headless';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { SavedSearch } from '@laptops/shared/saved-searches';
import { jsonResponse } from '../../../testing/json-response.ts';
import { mockApi, undoMocks, type ApiCall } from '../../../testing/mock-api.ts';
import { renderWithProviders } from '../../../testing/render-with-providers.tsx';
import { SavedSearchesList } from './saved-searches-list.tsx';

const thinkpad: SavedSearch = {
  id: 's-1',
  filters: { q: 'thinkpad', category: 'c-lenovo', maxPrice: '500', ramMin: '16' },
  categoryName: 'Lenovo',
  frequency: 'instant',
  emailsOff: false,
  createdAt: '2026-11-20T10:00:00.000Z',
};
const macbook: SavedSearch = {
  id: 's-2',
  filters: { q: 'macbook air', cpu: 'apple-m2', storageMin: '1024' },
  categoryName: null,
  frequency: 'daily',
  emailsOff: true,
  createdAt: '2026-11-21T10:00:00.000Z',
};

let searches: SavedSearch[];
let calls: ApiCall[];
beforeEach(() => {
  searches = [thinkpad, macbook];
  calls = mockApi(({ url, method, body }) => {
    if (url.pathname === '/api/saved-searches' && method === 'GET') {
      return jsonResponse({ savedSearches: searches, max: 20 });
    }
    const id = url.pathname.split('/').pop();
    if (method === 'PATCH') {
      searches = searches.map((s) =>
        s.id === id ? { ...s, ...(body as object), emailsOff: false } : s,
      );
      return jsonResponse(searches.find((s) => s.id === id));
    }
    if (method === 'DELETE') {
      searches = searches.filter((s) => s.id !== id);
      return new Response(null, { status: 204 });
    }
    return undefined;
  });
});
afterEach(undoMocks);

function renderPage() {
  const { router } = renderWithProviders(<SavedSearchesList />, {
    path: '/dashboard/saved-searches',
    routes: [{ path: '/search', element: <p>Search page</p> }],
  });
  return { router, user: userEvent.setup() };
}

const card = (name: string) =>
  screen.getByRole('heading', { level: 2, name }).closest('li') as HTMLLIElement;

describe('SavedSearchesList', () => {
  it('describes each search in words, with a link that runs it', async () => {
    const { router, user } = renderPage();
    expect(screen.getByRole('heading', { level: 1, name: 'Saved searches' })).toBeTruthy();
    await screen.findByRole('heading', {
      level: 2,
      name: '“thinkpad” · Lenovo · under $500 · 16 GB+ RAM',
    });
    const mac = card('“macbook air” · 1 TB+ storage · Apple M2');
    expect(within(mac).getByText(/Emails off: you unsubscribed/)).toBeTruthy();
    // Emails off: neither frequency is on.
    for (const radio of within(mac).getAllByRole('radio')) {
      expect(radio.getAttribute('aria-checked')).toBe('false');
    }
    const thinkpadCard = card('“thinkpad” · Lenovo · under $500 · 16 GB+ RAM');
    expect(
      within(thinkpadCard).getByRole('radio', { name: 'Instantly' }).getAttribute('aria-checked'),
    ).toBe('true');
    await user.click(within(thinkpadCard).getByRole('link', { name: 'See results' }));
    expect(router.state.location.pathname).toBe('/search');
    expect(router.state.location.search).toBe(
      '?q=thinkpad&category=c-lenovo&maxPrice=500&ramMin=16',
    );
  });

  it('changes how often a search emails, which turns its emails back on', async () => {
    const { user } = renderPage();
    await screen.findByRole('heading', {
      level: 2,
      name: '“macbook air” · 1 TB+ storage · Apple M2',
    });
    const mac = card('“macbook air” · 1 TB+ storage · Apple M2');
    await user.click(within(mac).getByRole('radio', { name: 'Instantly' }));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('Saved. Emails are on.'));
    expect(calls.filter((call) => call.method === 'PATCH')).toEqual([
      { method: 'PATCH', path: '/api/saved-searches/s-2', body: { frequency: 'instant' } },
    ]);
    await waitFor(() =>
      expect(
        within(card('“macbook air” · 1 TB+ storage · Apple M2'))
          .getByRole('radio', { name: 'Instantly' })
          .getAttribute('aria-checked'),
      ).toBe('true'),
    );
    expect(screen.queryByText(/Emails off/)).toBeNull();
  });

  it('deletes a search once confirmed', async () => {
    const { user } = renderPage();
    await screen.findByRole('heading', {
      level: 2,
      name: '“macbook air” · 1 TB+ storage · Apple M2',
    });
    const thinkpadCard = card('“thinkpad” · Lenovo · under $500 · 16 GB+ RAM');
    await user.click(
      within(thinkpadCard).getByRole('button', {
        name: 'Delete “thinkpad” · Lenovo · under $500 · 16 GB+ RAM',
      }),
    );
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete this saved search?' });
    // Cancel first: nothing is deleted.
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(calls.some((call) => call.method === 'DELETE')).toBe(false);

    await user.click(
      within(thinkpadCard).getByRole('button', {
        name: 'Delete “thinkpad” · Lenovo · under $500 · 16 GB+ RAM',
      }),
    );
    await user.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Delete' }),
    );
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('Saved search deleted.'));
    expect(calls.filter((call) => call.method === 'DELETE')).toEqual([
      { method: 'DELETE', path: '/api/saved-searches/s-1' },
    ]);
    await waitFor(() =>
      expect(
        screen.queryByRole('heading', {
          level: 2,
          name: '“thinkpad” · Lenovo · under $500 · 16 GB+ RAM',
        }),
      ).toBeNull(),
    );
  });

  it('shows the way to the search page when there are none', async () => {
    searches = [];
    const { router, user } = renderPage();
    await screen.findByText('You have no saved searches yet.');
    await user.click(screen.getByRole('link', { name: 'Search laptops' }));
    expect(router.state.location.pathname).toBe('/search');
  });
});
