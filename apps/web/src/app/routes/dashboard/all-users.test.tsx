import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import toast from 'react-hot-toast/headless';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { AdminUser } from '@laptops/shared/admin';
import { jsonResponse } from '../../../testing/json-response.ts';
import { mockApi, undoMocks, type ApiCall } from '../../../testing/mock-api.ts';
import { makeAdminUser } from '../../../testing/factories.ts';
import { renderWithProviders } from '../../../testing/render-with-providers.tsx';
import { AllUsersPage } from './all-users.tsx';

let users: AdminUser[];
let calls: ApiCall[];
let deleteResponse: (email: string) => Response;

beforeEach(() => {
  users = [
    makeAdminUser(),
    makeAdminUser({ _id: 'u-2', name: 'Ava Brown', email: 'ava@example.com', typeOfUser: 'buyer' }),
    makeAdminUser({
      _id: 'u-3',
      name: 'Nora Admin',
      email: 'nora@example.com',
      typeOfUser: 'admin',
    }),
  ];
  deleteResponse = (email) => {
    users = users.filter((u) => u.email !== email);
    return jsonResponse({ deletedCount: 1 });
  };
  calls = mockApi(({ method, url }) => {
    const email = url.searchParams.get('email') ?? '';
    if (url.pathname === '/api/allUsers' && method === 'GET') {
      return jsonResponse(users, 200, { 'x-total-count': String(users.length) });
    }
    if (url.pathname === '/api/makeAdmin' && method === 'PUT') {
      users = users.map((u) => (u.email === email ? { ...u, typeOfUser: 'admin' } : u));
      return jsonResponse({ modifiedCount: 1 });
    }
    if (url.pathname === '/api/deleteUser' && method === 'DELETE') return deleteResponse(email);
    return undefined;
  });
});

afterEach(undoMocks);

function renderPage(viewerId?: string) {
  renderWithProviders(<AllUsersPage viewerId={viewerId} />, { path: '/dashboard/allusers' });
  return { user: userEvent.setup() };
}

const row = (name: string) =>
  screen.getByRole('rowheader', { name }).closest('tr') as HTMLTableRowElement;
const mutations = () => calls.filter((call) => call.method !== 'GET');
const dialog = () => document.querySelector('dialog') as HTMLDialogElement;

describe('AllUsersPage', () => {
  it('offers no Delete on the row of the admin looking at the list', async () => {
    renderPage('u-3');
    await screen.findByRole('rowheader', { name: 'Nora Admin' });
    expect(within(row('Nora Admin')).queryByRole('button', { name: /^Delete/ })).toBeNull();
    expect(
      within(row('Marcus Lee')).getByRole('button', { name: 'Delete: Marcus Lee' }),
    ).toBeTruthy();
  });

  it('shows the user type and offers Make Admin only to buyers and sellers', async () => {
    renderPage();
    expect(screen.getByRole('heading', { level: 1, name: 'All users' })).toBeTruthy();
    await screen.findByRole('rowheader', { name: 'Marcus Lee' });

    expect(screen.getAllByRole('columnheader').map((th) => th.textContent)).toEqual([
      '#',
      'Picture',
      'Name',
      'Email',
      'Account type',
      'Action',
    ]);
    expect(within(row('Marcus Lee')).getByText('Seller')).toBeTruthy();
    expect(within(row('Ava Brown')).getByText('Buyer')).toBeTruthy();
    expect(within(row('Nora Admin')).getByText('Admin')).toBeTruthy();

    expect(
      screen
        .getAllByRole('button', { name: /^Make admin/ })
        .map((b) => b.getAttribute('aria-label')),
    ).toEqual(['Make admin: Marcus Lee', 'Make admin: Ava Brown']);
    expect(within(row('Nora Admin')).queryByRole('button', { name: /^Make admin/ })).toBeNull();
    expect(
      within(row('Nora Admin')).getByRole('button', { name: 'Delete: Nora Admin' }),
    ).toBeTruthy();
  });

  it('asks before making an admin, in neutral colours, and sends nothing on Cancel', async () => {
    const { user } = renderPage();
    await screen.findByRole('rowheader', { name: 'Ava Brown' });
    const makeAdmin = screen.getByRole('button', { name: 'Make admin: Ava Brown' });
    // A privileged action: neither the brand colour (buying, selling) nor red (deleting).
    expect(makeAdmin.className).not.toMatch(/btn-(primary|error)/);
    await user.click(makeAdmin);

    const confirm = screen
      .getAllByRole('alertdialog', { hidden: true })
      .find((d) => (d as HTMLDialogElement).open) as HTMLDialogElement;
    expect(within(confirm).getByRole('heading', { name: 'Make Ava Brown an admin?' })).toBeTruthy();
    expect(
      within(confirm).getByText(
        'Ava Brown will be able to verify sellers, delete accounts and remove listings. An admin cannot be made a buyer or seller again.',
      ),
    ).toBeTruthy();
    const confirmButton = within(confirm).getByRole('button', { name: 'Make admin' });
    expect(confirmButton.className).toContain('btn-neutral');
    expect(confirmButton.className).not.toContain('btn-error');
    // Cancel has the focus first, so a stray Enter grants nothing.
    expect(document.activeElement).toBe(within(confirm).getByRole('button', { name: 'Cancel' }));

    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(confirm.open).toBe(false));
    expect(mutations()).toEqual([]);
    expect(within(row('Ava Brown')).getByText('Buyer')).toBeTruthy();
  });

  it('makes a buyer an admin after a confirmation, then the button is gone', async () => {
    const { user } = renderPage();
    await screen.findByRole('rowheader', { name: 'Ava Brown' });
    await user.click(screen.getByRole('button', { name: 'Make admin: Ava Brown' }));
    const confirm = screen
      .getAllByRole('alertdialog', { hidden: true })
      .find((d) => (d as HTMLDialogElement).open) as HTMLDialogElement;
    expect(within(confirm).getByText(/Make Ava Brown an admin\?/)).toBeTruthy();
    expect(mutations()).toEqual([]);
    await user.click(within(confirm).getByRole('button', { name: 'Make admin' }));

    await waitFor(() =>
      expect(screen.queryByRole('button', { name: 'Make admin: Ava Brown' })).toBeNull(),
    );
    expect(mutations()).toEqual([
      { method: 'PUT', path: '/api/makeAdmin?email=ava%40example.com' },
    ]);
    expect(toast.success).toHaveBeenCalledWith('Ava Brown is now an admin.');
    expect(within(row('Ava Brown')).getByText('Admin')).toBeTruthy();
  });

  it('asks before deleting an account and sends nothing on cancel', async () => {
    const { user } = renderPage();
    await screen.findByRole('rowheader', { name: 'Ava Brown' });

    await user.click(screen.getByRole('button', { name: 'Delete: Ava Brown' }));
    expect(dialog().open).toBe(true);
    expect(
      within(dialog()).getByText(
        "Delete Ava Brown's account? They are logged out at once, their laptops for sale come off the marketplace and their unpaid bookings are cancelled.",
      ),
    ).toBeTruthy();
    await user.click(within(dialog()).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(dialog().open).toBe(false));

    await user.click(screen.getByRole('button', { name: 'Delete: Ava Brown' }));
    fireEvent(dialog(), new Event('cancel', { cancelable: true }));
    await waitFor(() => expect(dialog().open).toBe(false));

    expect(mutations()).toEqual([]);
    expect(screen.getByRole('rowheader', { name: 'Ava Brown' })).toBeTruthy();
  });

  it('deletes after the confirmation', async () => {
    const { user } = renderPage();
    await screen.findByRole('rowheader', { name: 'Ava Brown' });
    await user.click(screen.getByRole('button', { name: 'Delete: Ava Brown' }));
    await user.click(within(dialog()).getByRole('button', { name: 'Delete' }));

    await waitFor(() => expect(screen.queryByRole('rowheader', { name: 'Ava Brown' })).toBeNull());
    expect(mutations()).toEqual([
      { method: 'DELETE', path: '/api/deleteUser?email=ava%40example.com' },
    ]);
    expect(toast.success).toHaveBeenCalledWith("Ava Brown's account was deleted.");
  });

  it("shows the server's refusal (409) as an error toast and keeps the row", async () => {
    deleteResponse = () =>
      jsonResponse(
        { error: { code: 'LAST_ADMIN', message: 'The last admin cannot be removed.' } },
        409,
      );
    const { user } = renderPage();
    await screen.findByRole('rowheader', { name: 'Nora Admin' });
    await user.click(screen.getByRole('button', { name: 'Delete: Nora Admin' }));
    await user.click(within(dialog()).getByRole('button', { name: 'Delete' }));

    await waitFor(() =>
      expect(toast.error).toHaveBeenCalledWith('The last admin cannot be removed.'),
    );
    expect(toast.success).not.toHaveBeenCalled();
    expect(dialog().open).toBe(false);
    expect(screen.getByRole('rowheader', { name: 'Nora Admin' })).toBeTruthy();
  });
});
