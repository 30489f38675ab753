import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import toast from 'react-hot-toast/headless';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { AdminUser } from '@laptops/shared/admin';
import { jsonResponse } from '../../../testing/json-response.ts';
import { mockApi, undoMocks, type ApiCall } from '../../../testing/mock-api.ts';
import { renderWithProviders } from '../../../testing/render-with-providers.tsx';
import { AllBuyersPage } from './all-buyers.tsx';

/** 45 buyers, 'Buyer 1' to 'Buyer 45'; the stub pages and searches them like the server. */
const everyone: AdminUser[] = Array.from({ length: 45 }, (_, i) => ({
  _id: `b-${i + 1}`,
  name: `Buyer ${i + 1}`,
  email: `buyer${i + 1}@example.com`,
  image: null,
  typeOfUser: 'buyer' as const,
  isVerified: false,
  createdAt: '2026-11-01T10:00:00.000Z',
}));

let buyers: AdminUser[];
let calls: ApiCall[];

beforeEach(() => {
  buyers = [...everyone];
  calls = mockApi(({ method, url }) => {
    if (url.pathname === '/api/allBuyers' && method === 'GET') {
      const page = Number(url.searchParams.get('page') ?? '1');
      const limit = Number(url.searchParams.get('limit') ?? '20');
      const q = (url.searchParams.get('q') ?? '').toLowerCase();
      const found = buyers.filter(
        (b) => !q || b.name.toLowerCase().includes(q) || b.email.includes(q),
      );
      return jsonResponse(found.slice((page - 1) * limit, page * limit), 200, {
        'x-total-count': String(found.length),
      });
    }
    if (url.pathname === '/api/allBuyers' && method === 'DELETE') {
      const email = url.searchParams.get('email');
      buyers = buyers.filter((b) => b.email !== email);
      return jsonResponse({ deletedCount: 1 });
    }
    return undefined;
  });
});

afterEach(undoMocks);

function renderPage() {
  renderWithProviders(<AllBuyersPage />, { path: '/dashboard/allbuyers' });
  return { user: userEvent.setup() };
}

const row = (name: string) =>
  screen.getByRole('rowheader', { name }).closest('tr') as HTMLTableRowElement;
const gets = () => calls.filter((call) => call.method === 'GET').map((call) => call.path);
const dialog = () => document.querySelector('dialog') as HTMLDialogElement;

describe('AllBuyersPage', () => {
  it('pages on the server: Next asks for page=2 and the index continues', async () => {
    const { user } = renderPage();
    expect(screen.getByRole('heading', { level: 1, name: 'All buyers' })).toBeTruthy();
    await screen.findByRole('rowheader', { name: 'Buyer 1' });
    expect(screen.getAllByRole('columnheader').map((th) => th.textContent)).toEqual([
      '#',
      'Picture',
      'Name',
      'Email',
      'Action',
    ]);
    expect(screen.getByText('45 in all')).toBeTruthy();
    expect(screen.getByText('Page 1 of 3')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Previous' })).toHaveProperty('disabled', true);

    await user.click(screen.getByRole('button', { name: 'Next' }));
    await screen.findByRole('rowheader', { name: 'Buyer 21' });
    expect(gets()).toContain('/api/allBuyers?page=2&limit=20');
    expect(within(row('Buyer 21')).getByText('21')).toBeTruthy();
    expect(screen.getByText('Page 2 of 3')).toBeTruthy();
    expect(screen.queryByRole('rowheader', { name: 'Buyer 1' })).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Next' }));
    await screen.findByRole('rowheader', { name: 'Buyer 41' });
    expect(screen.getByText('Page 3 of 3')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Next' })).toHaveProperty('disabled', true);

    await user.click(screen.getByRole('button', { name: 'Previous' }));
    expect(await screen.findByRole('rowheader', { name: 'Buyer 21' })).toBeTruthy();
  });

  it('searches by name or email after typing pauses, back on page 1', async () => {
    const { user } = renderPage();
    await screen.findByRole('rowheader', { name: 'Buyer 1' });
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await screen.findByRole('rowheader', { name: 'Buyer 21' });

    await user.type(screen.getByLabelText('Search by name or email'), 'buyer4');
    await screen.findByRole('rowheader', { name: 'Buyer 45' });
    const searches = gets().filter((path) => path.includes('q='));
    // Debounced: one request for the whole word, not one per keystroke.
    expect(searches).toEqual(['/api/allBuyers?page=1&limit=20&q=buyer4']);
    expect(screen.getByText('7 in all')).toBeTruthy();
    expect(screen.getByText('Page 1 of 1')).toBeTruthy();
    expect(within(row('Buyer 4')).getByText('1')).toBeTruthy();
  });

  it('says that nobody matches when the search finds nobody', async () => {
    const { user } = renderPage();
    await screen.findByRole('rowheader', { name: 'Buyer 1' });
    await user.type(screen.getByLabelText('Search by name or email'), 'nobody here');
    expect(await screen.findByText('Nobody matches "nobody here".')).toBeTruthy();
    expect(gets()).toContain('/api/allBuyers?page=1&limit=20&q=nobody%20here');
  });

  it('deletes a buyer after asking', async () => {
    const { user } = renderPage();
    await screen.findByRole('rowheader', { name: 'Buyer 2' });
    await user.click(screen.getByRole('button', { name: 'Delete: Buyer 2' }));
    expect(
      within(dialog()).getByText(
        "Delete Buyer 2's account? They are logged out at once, and their unpaid bookings are cancelled.",
      ),
    ).toBeTruthy();
    await user.click(within(dialog()).getByRole('button', { name: 'Delete' }));

    await waitFor(() => expect(screen.queryByRole('rowheader', { name: 'Buyer 2' })).toBeNull());
    expect(calls.filter((call) => call.method === 'DELETE')).toEqual([
      { method: 'DELETE', path: '/api/allBuyers?email=buyer2%40example.com' },
    ]);
    expect(toast.success).toHaveBeenCalledWith("Buyer 2's account was deleted.");
    expect(screen.getByText('44 in all')).toBeTruthy();
  });
});
