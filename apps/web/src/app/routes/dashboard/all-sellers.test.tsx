import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import toast from 'react-hot-toast/headless';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { AdminUser } from '@laptops/shared/admin';
import { jsonResponse } from '../../../testing/json-response.ts';
import { mockApi, undoMocks, type ApiCall } from '../../../testing/mock-api.ts';
import { makeAdminUser } from '../../../testing/factories.ts';
import { renderWithProviders } from '../../../testing/render-with-providers.tsx';
import { AllSellersPage } from './all-sellers.tsx';

let sellers: AdminUser[];
let calls: ApiCall[];
let listResponse: (url: URL) => Response;
/** What the verify request waits for before it is answered. */
let verifyGate: Promise<void>;

beforeEach(() => {
  sellers = [
    makeAdminUser(),
    makeAdminUser({
      _id: 'u-2',
      name: 'Priya Shah',
      email: 'priya+shop@example.com',
      isVerified: true,
      image: '/api/images/priya.webp',
    }),
  ];
  verifyGate = Promise.resolve();
  listResponse = () => jsonResponse(sellers, 200, { 'x-total-count': String(sellers.length) });
  calls = mockApi(async ({ method, url }) => {
    if (url.pathname === '/api/allSellers' && method === 'GET') return listResponse(url);
    const email = url.searchParams.get('email') ?? '';
    if (url.pathname === '/api/verifySeller' && method === 'PUT') {
      await verifyGate;
      sellers = sellers.map((s) => (s.email === email ? { ...s, isVerified: true } : s));
      return jsonResponse({ modifiedCount: 1 });
    }
    if (url.pathname === '/api/deleteSeller' && method === 'DELETE') {
      sellers = sellers.filter((s) => s.email !== email);
      return jsonResponse({ deletedCount: 1 });
    }
    return undefined;
  });
});

afterEach(undoMocks);

function renderPage() {
  renderWithProviders(<AllSellersPage />, { path: '/dashboard/allsellers' });
  return { user: userEvent.setup() };
}

const row = (name: string) =>
  screen.getByRole('rowheader', { name }).closest('tr') as HTMLTableRowElement;
const mutations = () => calls.filter((call) => call.method !== 'GET');
const dialog = () => document.querySelector('dialog') as HTMLDialogElement;
/** The confirmation on screen (the page has one for Delete and one for Verify). */
const openDialog = () =>
  [...document.querySelectorAll('dialog')].find((d) => d.open) as HTMLDialogElement;

describe('AllSellersPage', () => {
  it('lists the sellers with their columns, a Verify button or the Verified badge', async () => {
    renderPage();
    expect(screen.getByRole('heading', { level: 1, name: 'All sellers' })).toBeTruthy();
    expect(screen.getByTestId('spinner')).toBeTruthy();
    await screen.findByRole('rowheader', { name: 'Marcus Lee' });

    expect(screen.getAllByRole('columnheader').map((th) => th.textContent)).toEqual([
      '#',
      'Picture',
      'Name',
      'Email',
      'Verification',
      'Action',
    ]);
    expect(calls[0]).toEqual({ method: 'GET', path: '/api/allSellers?page=1&limit=20' });

    const marcus = row('Marcus Lee');
    expect(within(marcus).getByText('1')).toBeTruthy();
    expect(within(marcus).getByText('marcus@example.com')).toBeTruthy();
    expect(within(marcus).getByRole('button', { name: 'Verify: Marcus Lee' })).toBeTruthy();
    expect(within(marcus).queryByText('Verified')).toBeNull();

    const priya = row('Priya Shah');
    expect(within(priya).getByText('2')).toBeTruthy();
    expect(within(priya).getByText('Verified')).toBeTruthy();
    expect(within(priya).queryByRole('button', { name: /^Verify/ })).toBeNull();
    expect(within(priya).getByRole('img', { name: 'Priya Shah' })).toBeTruthy();
    expect(within(priya).getByRole('button', { name: 'Delete: Priya Shah' })).toBeTruthy();
    expect(screen.getByText('2 in all')).toBeTruthy();
  });

  it('asks before verifying, in neutral colours, and sends nothing on Cancel', async () => {
    const { user } = renderPage();
    await screen.findByRole('rowheader', { name: 'Marcus Lee' });
    const verify = screen.getByRole('button', { name: 'Verify: Marcus Lee' });
    // A privileged action: neither the brand colour (buying, selling) nor red (deleting).
    expect(verify.className).not.toMatch(/btn-(primary|error)/);
    await user.click(verify);

    const confirm = openDialog();
    expect(within(confirm).getByRole('heading', { name: 'Verify Marcus Lee?' })).toBeTruthy();
    expect(
      within(confirm).getByText(
        'Buyers will see a "Verified seller" tick next to Marcus Lee\'s name on every listing. This cannot be undone here.',
      ),
    ).toBeTruthy();
    const confirmButton = within(confirm).getByRole('button', { name: 'Verify' });
    expect(confirmButton.className).toContain('btn-neutral');
    expect(confirmButton.className).not.toContain('btn-error');
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(confirm.open).toBe(false));
    expect(mutations()).toEqual([]);
    expect(within(row('Marcus Lee')).queryByText('Verified')).toBeNull();
  });

  it('verifies a seller with PUT /api/verifySeller once confirmed and says so', async () => {
    let answer = () => {};
    verifyGate = new Promise((resolve) => (answer = resolve));
    const { user } = renderPage();
    await screen.findByRole('rowheader', { name: 'Marcus Lee' });
    const verify = screen.getByRole('button', { name: 'Verify: Marcus Lee' });
    await user.click(verify);
    await user.click(within(openDialog()).getByRole('button', { name: 'Verify' }));
    // A browser gives the focus back to the opener when a dialog closes (happy-dom does not).
    verify.focus();
    answer();

    await waitFor(() => expect(within(row('Marcus Lee')).getByText('Verified')).toBeTruthy());
    // The badge takes the place and the focus of the button it replaced.
    expect(document.activeElement).toBe(within(row('Marcus Lee')).getByText('Verified'));
    expect(mutations()).toEqual([
      { method: 'PUT', path: '/api/verifySeller?email=marcus%40example.com' },
    ]);
    expect(toast.success).toHaveBeenCalledWith('Marcus Lee is now a verified seller.');
    expect(screen.queryAllByRole('button', { name: /^Verify/ })).toHaveLength(0);
  });

  it('leaves the focus where the user moved it while the verification was saving', async () => {
    let answer = () => {};
    verifyGate = new Promise((resolve) => (answer = resolve));
    const { user } = renderPage();
    await screen.findByRole('rowheader', { name: 'Marcus Lee' });
    await user.click(screen.getByRole('button', { name: 'Verify: Marcus Lee' }));
    await user.click(within(openDialog()).getByRole('button', { name: 'Verify' }));
    const deletePriya = screen.getByRole('button', { name: 'Delete: Priya Shah' });
    deletePriya.focus();
    answer();
    await waitFor(() => expect(within(row('Marcus Lee')).getByText('Verified')).toBeTruthy());
    expect(document.activeElement).toBe(deletePriya);
  });

  it('asks before deleting a seller and deletes with the email encoded', async () => {
    const { user } = renderPage();
    await screen.findByRole('rowheader', { name: 'Priya Shah' });

    await user.click(screen.getByRole('button', { name: 'Delete: Priya Shah' }));
    expect(dialog().open).toBe(true);
    expect(
      within(dialog()).getByText(
        "Delete Priya Shah's account? They are logged out at once, and their laptops for sale come off the marketplace.",
      ),
    ).toBeTruthy();
    await user.click(within(dialog()).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(dialog().open).toBe(false));
    expect(mutations()).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Delete: Priya Shah' }));
    await user.click(within(dialog()).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.queryByRole('rowheader', { name: 'Priya Shah' })).toBeNull());
    expect(mutations()).toEqual([
      { method: 'DELETE', path: '/api/deleteSeller?email=priya%2Bshop%40example.com' },
    ]);
    expect(toast.success).toHaveBeenCalledWith("Priya Shah's account was deleted.");
    expect(document.activeElement).toBe(screen.getByRole('heading', { level: 1 }));
  });

  it('says there are no sellers yet when there are none', async () => {
    sellers = [];
    renderPage();
    expect(await screen.findByText('No sellers yet.')).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('offers a retry when the list cannot be loaded', async () => {
    let fail = true;
    listResponse = () =>
      fail
        ? jsonResponse({ error: { code: 'FORBIDDEN', message: 'Admins only.' } }, 403)
        : jsonResponse(sellers, 200, { 'x-total-count': '2' });
    const { user } = renderPage();
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('We could not load the sellers. Admins only.');
    fail = false;
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('rowheader', { name: 'Marcus Lee' })).toBeTruthy();
  });
});
