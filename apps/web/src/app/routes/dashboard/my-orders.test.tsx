import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import toast from 'react-hot-toast/headless';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Order } from '@laptops/shared/orders';
import { renderWithProviders } from '../../../testing/render-with-providers.tsx';
import { jsonResponse } from '../../../testing/json-response.ts';
import { mockApi, undoMocks, type ApiCall } from '../../../testing/mock-api.ts';
import { makeOrder } from '../../../testing/factories.ts';
import { MyOrdersPage } from './my-orders.tsx';

const unpaid = makeOrder();
const paid = makeOrder({
  _id: 'o-paid',
  productName: 'Lenovo ThinkPad T14',
  price: 1049,
  paid: true,
  status: 'paid',
  transactionId: 'pi_sandbox_123',
});
const sold = makeOrder({
  _id: 'o-sold',
  productName: 'HP EliteBook 840',
  status: 'sold-to-another',
});
const completed = makeOrder({
  _id: 'o-completed',
  productName: 'HP ProBook 450',
  paid: true,
  status: 'completed',
});
const refunded = makeOrder({
  _id: 'o-refunded',
  productName: 'HP Envy 13',
  paid: true,
  status: 'refunded',
});
const withdrawn = makeOrder({
  _id: 'o-withdrawn',
  productName: 'Acer Swift 3',
  status: 'withdrawn',
});

let orders: Order[];
let calls: ApiCall[];
let listResponse: () => Response;
let deleteResponse: (id: string) => Response;

beforeEach(() => {
  orders = [unpaid, paid, sold, withdrawn, completed, refunded];
  listResponse = () => jsonResponse(orders);
  deleteResponse = (id) => {
    orders = orders.filter((order) => order._id !== id);
    return jsonResponse({ deletedCount: 1 });
  };
  calls = mockApi(({ method, path }) => {
    if (path === '/api/myOrders' && method === 'GET') return listResponse();
    const match = /^\/api\/myOrders\/([^/]+)$/.exec(path);
    if (match?.[1] && method === 'DELETE') return deleteResponse(decodeURIComponent(match[1]));
    return undefined;
  });
});

afterEach(undoMocks);

function renderPage() {
  const { router } = renderWithProviders(<MyOrdersPage />, {
    path: '/dashboard/myorders',
    routes: [
      { path: '/dashboard/payment/:id', element: <p>payment page</p> },
      { path: '/dashboard/orders/:id', element: <p>order page</p> },
    ],
  });
  return { user: userEvent.setup(), router };
}

const row = (productName: string) => {
  const header = screen.getByRole('rowheader', { name: new RegExp(productName) });
  return header.closest('tr') as HTMLTableRowElement;
};

describe('MyOrdersPage', () => {
  it('lists the laptop, seller, price and what each status allows', async () => {
    renderPage();
    expect(screen.getByRole('heading', { level: 1, name: 'My orders' })).toBeTruthy();
    expect(screen.getByRole('status')).toBeTruthy();
    await screen.findByRole('table');

    const headers = screen.getAllByRole('columnheader').map((cell) => cell.textContent);
    expect(headers).toEqual(['Laptop', 'Seller', 'Price', 'Status']);

    const unpaidRow = within(row('Dell XPS 13'));
    expect(unpaidRow.getByText('Marcus Lee')).toBeTruthy();
    expect(unpaidRow.getByText('$749.50')).toBeTruthy();
    const pay = unpaidRow.getByRole('link', { name: 'Pay now: Dell XPS 13' });
    expect(pay.textContent).toBe('Pay now');
    expect(pay.getAttribute('href')).toBe('/dashboard/payment/o-unpaid');
    expect(unpaidRow.getByRole('button', { name: 'Cancel booking: Dell XPS 13' })).toBeTruthy();

    const paidRow = within(row('Lenovo ThinkPad T14'));
    expect(paidRow.getByText('Paid, money held').title).toBe(
      'We hold your payment until you have the laptop.',
    );
    expect(paidRow.queryByRole('link', { name: /Pay/ })).toBeNull();
    expect(paidRow.queryByRole('button')).toBeNull();

    const soldRow = within(row('HP EliteBook 840'));
    expect(soldRow.getByText('Sold')).toBeTruthy();
    expect(soldRow.queryByRole('link', { name: /Pay/ })).toBeNull();
    expect(soldRow.getByRole('button', { name: 'Cancel booking: HP EliteBook 840' })).toBeTruthy();

    const withdrawnRow = within(row('Acer Swift 3'));
    expect(withdrawnRow.getByText('Withdrawn')).toBeTruthy();
    expect(withdrawnRow.queryByRole('link', { name: /Pay/ })).toBeNull();

    // Once paid, a deal is never cancelled from here, whatever became of its money.
    for (const [name, label] of [
      ['HP ProBook 450', 'Completed'],
      ['HP Envy 13', 'Refunded'],
    ] as const) {
      const finished = within(row(name));
      expect(finished.getByText(label)).toBeTruthy();
      expect(finished.queryByRole('button')).toBeNull();
      expect(finished.queryByRole('link', { name: /Pay/ })).toBeNull();
    }
  });

  it("'Pay now' opens the payment page of that order", async () => {
    const { user, router } = renderPage();
    await user.click(await screen.findByRole('link', { name: 'Pay now: Dell XPS 13' }));
    expect(await screen.findByText('payment page')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/dashboard/payment/o-unpaid');
  });

  it("each laptop's name opens its order page", async () => {
    const { user, router } = renderPage();
    await user.click(
      await screen.findByRole('link', { name: 'Booking details: Lenovo ThinkPad T14' }),
    );
    expect(await screen.findByText('order page')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/dashboard/orders/o-paid');
  });

  it('asks before cancelling, and keeps the booking when told to', async () => {
    const { user } = renderPage();
    await user.click(await screen.findByRole('button', { name: 'Cancel booking: Dell XPS 13' }));

    const confirm = screen.getByRole('alertdialog');
    expect(within(confirm).getByText('Cancel your booking of Dell XPS 13?')).toBeTruthy();
    await user.click(within(confirm).getByRole('button', { name: 'Keep booking' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(calls.filter((call) => call.method === 'DELETE')).toEqual([]);
    expect(row('Dell XPS 13')).toBeTruthy();
  });

  it('cancels after the confirmation: DELETE, says so, the row goes', async () => {
    const { user } = renderPage();
    await user.click(await screen.findByRole('button', { name: 'Cancel booking: Dell XPS 13' }));
    await user.click(
      within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Cancel booking' }),
    );

    await waitFor(() =>
      expect(toast.success).toHaveBeenCalledWith('Your booking has been cancelled.'),
    );
    expect(calls).toContainEqual({ method: 'DELETE', path: '/api/myOrders/o-unpaid' });
    await waitFor(() =>
      expect(screen.queryByRole('rowheader', { name: /Dell XPS 13/ })).toBeNull(),
    );
    expect(screen.getByRole('heading', { level: 1 })).toBe(document.activeElement);
  });

  it("shows the server's refusal when a booking cannot be cancelled", async () => {
    deleteResponse = () =>
      jsonResponse(
        { error: { code: 'ORDER_PAID', message: 'A paid order cannot be deleted.' } },
        409,
      );
    const { user } = renderPage();
    await user.click(
      await screen.findByRole('button', { name: 'Cancel booking: HP EliteBook 840' }),
    );
    await user.click(
      within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Cancel booking' }),
    );
    await waitFor(() =>
      expect(toast.error).toHaveBeenCalledWith('A paid order cannot be deleted.'),
    );
    expect(row('HP EliteBook 840')).toBeTruthy();
  });

  it('says there are no orders yet, and leads to the laptops', async () => {
    orders = [];
    renderPage();
    expect(await screen.findByText('You have not booked any laptops yet.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Browse laptops' }).getAttribute('href')).toBe(
      '/search',
    );
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('offers a retry when the list fails to load', async () => {
    listResponse = () =>
      jsonResponse({ error: { code: 'BOOM', message: 'Database unavailable.' } }, 503);
    const { user } = renderPage();
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('We could not load your orders.');
    expect(alert.textContent).toContain('Database unavailable.');

    listResponse = () => jsonResponse(orders);
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('table')).toBeTruthy();
  });
});
