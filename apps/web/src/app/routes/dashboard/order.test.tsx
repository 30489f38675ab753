import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import toast from 'react-hot-toast/headless';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { OrderDetails } from '@laptops/shared/orders';
import { jsonResponse } from '../../../testing/json-response.ts';
import { mockApi, undoMocks, type ApiCall } from '../../../testing/mock-api.ts';
import { renderWithProviders } from '../../../testing/render-with-providers.tsx';
import { makeDealMoney, makeOrderDetails } from '../../../testing/factories.ts';
import { formatReleaseTime, formatWhen } from '../../../features/orders/components/format-when.ts';
import { OrderPage } from './order.tsx';

let order: OrderDetails;
let calls: ApiCall[];
/** What each action answers: the order as it now stands. */
let after: Partial<Record<'received' | 'seller-cancel' | 'handover', OrderDetails>>;

beforeEach(() => {
  order = makeOrderDetails();
  after = {};
  calls = mockApi(({ method, path }) => {
    if (method === 'GET' && path === '/api/orders/o1') return jsonResponse(order);
    const action = /^\/api\/orders\/o1\/(received|seller-cancel|handover)$/.exec(path)?.[1];
    const answer = action && after[action as keyof typeof after];
    if (method === 'POST' && answer) {
      order = answer;
      return jsonResponse(answer);
    }
    return undefined;
  });
  localStorage.clear();
});
afterEach(undoMocks);

function renderPage() {
  renderWithProviders(<OrderPage />, { path: '/dashboard/orders/:id', at: '/dashboard/orders/o1' });
  return userEvent.setup();
}

const heldAsSeller = () =>
  makeOrderDetails({
    viewerIs: 'seller',
    money: makeDealMoney({ handoverCode: null }),
    canConfirmReceived: false,
    canEnterHandoverCode: true,
    canSellerCancel: true,
  });

const released = (viewerIs: 'buyer' | 'seller', releasedBy: 'buyer' | 'automatic') =>
  makeOrderDetails({
    viewerIs,
    status: 'completed',
    buyer: { name: 'Bea Buyer', phone: null },
    seller: { name: 'Marcus Lee', phone: null },
    meetingLocation: null,
    canConfirmReceived: false,
    money: makeDealMoney({
      held: 0,
      fee: 40,
      sellerReceived: 760,
      releaseDueAt: null,
      completedAt: '2026-11-28T10:00:00.000Z',
      releasedBy,
      handoverCode: null,
    }),
  });

const refundedTo = (viewerIs: 'buyer' | 'seller') =>
  makeOrderDetails({
    viewerIs,
    status: 'refunded',
    canConfirmReceived: false,
    money: makeDealMoney({ held: 0, refunded: 800, releaseDueAt: null, handoverCode: null }),
  });

describe('the order page while the money is held', () => {
  it('tells the buyer what is held, until when, and shows the code and the checklist', async () => {
    renderPage();
    const panel = await screen.findByRole('region', {
      name: 'Your $800.00 is held by us until you have the laptop',
    });
    expect(panel.textContent).toContain('The seller is paid only once you have checked the laptop');
    const until = within(panel).getByText(formatReleaseTime('2026-11-30T15:15:00.000Z'));
    expect(until.getAttribute('datetime')).toBe('2026-11-30T15:15:00.000Z');
    expect(panel.textContent).toContain('the money goes to the seller automatically');

    const code = screen.getByRole('region', { name: 'Your handover code' });
    // Read as six digits; drawn as two groups of three.
    expect(within(code).getByText('4 8 2 9 1 3').className).toContain('sr-only');
    expect(code.textContent).toContain(
      'Show this code to the seller once you have checked the laptop.',
    );
    expect(
      screen.getByRole('group', { name: 'Check the laptop before you show the code' }),
    ).toBeTruthy();
    expect(screen.getByText('Paid, money held')).toBeTruthy();
    // Nothing of the seller's: no fee, no code form, no cancelling the sale.
    expect(screen.queryByText(/Platform fee/)).toBeNull();
    expect(screen.queryByLabelText("Buyer's code")).toBeNull();
    expect(screen.queryByRole('button', { name: 'Cancel the sale' })).toBeNull();
  });

  it('releases the money when the buyer confirms they have the laptop', async () => {
    after.received = released('buyer', 'buyer');
    const user = renderPage();
    await user.click(await screen.findByRole('button', { name: 'I have the laptop' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Release $800.00 to Marcus Lee?' });
    expect(dialog.textContent).toContain('this cannot be undone');
    // Cancel first: nothing is sent.
    await user.click(within(dialog).getByRole('button', { name: 'Not yet' }));
    expect(calls.filter((call) => call.method === 'POST')).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'I have the laptop' }));
    await user.click(
      within(screen.getByRole('alertdialog')).getByRole('button', {
        name: 'Yes, I have the laptop',
      }),
    );
    const done = await screen.findByRole('region', { name: 'Deal complete' });
    expect(done.textContent).toBe(
      `Deal complete$800.00 went to Marcus Lee on ${formatWhen('2026-11-28T10:00:00.000Z')}, when you confirmed you had the laptop.`,
    );
    expect(calls).toContainEqual({ method: 'POST', path: '/api/orders/o1/received' });
    expect(toast.success).toHaveBeenCalledWith('Thank you! The payment has gone to the seller.');
    expect(screen.queryByRole('region', { name: 'Your handover code' })).toBeNull();
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole('heading', { level: 1 })),
    );
  });

  it('tells the seller what they will receive, and offers the code form and cancelling', async () => {
    order = heldAsSeller();
    renderPage();
    const panel = await screen.findByRole('region', {
      name: "The buyer's $800.00 is held by us until the handover",
    });
    expect(panel.textContent).toContain(
      "You receive $760.00 (after our 5% fee) as soon as you enter the buyer's code",
    );
    expect(screen.queryByRole('region', { name: 'Your handover code' })).toBeNull();
    expect(screen.queryByText('482 913')).toBeNull();
    const receipt = screen.getByRole('heading', { name: 'Receipt' }).parentElement as HTMLElement;
    expect(within(receipt).getByText('Platform fee (5%)').nextSibling?.textContent).toBe('−$40.00');
    expect(within(receipt).getByText('You receive').nextSibling?.textContent).toBe('$760.00');
    expect(screen.getByRole('region', { name: "Enter the buyer's code" })).toBeTruthy();
  });

  it('says "the full" amount to a seller who pays no fee', async () => {
    order = { ...heldAsSeller(), money: makeDealMoney({ feePercent: 0, handoverCode: null }) };
    renderPage();
    expect(await screen.findByText(/You receive the full \$800\.00 as soon as/)).toBeTruthy();
    expect(screen.getByText('Platform fee (0%)').nextSibling?.textContent).toBe('None');
  });

  it('cancels the sale after a confirmation that says the buyer is refunded in full', async () => {
    order = heldAsSeller();
    after['seller-cancel'] = refundedTo('seller');
    const user = renderPage();
    await user.click(await screen.findByRole('button', { name: 'Cancel the sale' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Cancel the sale of Dell XPS 13?' });
    expect(dialog.textContent).toContain(
      'The buyer is refunded $800.00 in full, and your laptop goes back on sale.',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Cancel the sale' }));
    expect(await screen.findByRole('region', { name: 'Refunded in full' })).toBeTruthy();
    expect(calls).toContainEqual({ method: 'POST', path: '/api/orders/o1/seller-cancel' });
    expect(toast.success).toHaveBeenCalledWith(
      'The sale is cancelled. The buyer is being refunded in full.',
    );
  });
});

describe('the order page once the deal is over', () => {
  it('tells the seller what was released, when and how', async () => {
    order = released('seller', 'automatic');
    renderPage();
    const panel = await screen.findByRole('region', { name: 'You have been paid' });
    expect(panel.textContent).toContain(
      `$760.00 was released to you on ${formatWhen('2026-11-28T10:00:00.000Z')}, automatically, as the buyer reported no problem in time.`,
    );
    expect(screen.getByText('You received').nextSibling?.textContent).toBe('$760.00');
    expect(screen.getByText('Completed on')).toBeTruthy();
    expect(screen.getByText('Completed')).toBeTruthy();
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('tells the buyer a refund goes back to their card', async () => {
    order = refundedTo('buyer');
    renderPage();
    const panel = await screen.findByRole('region', { name: 'Refunded in full' });
    expect(panel.textContent).toContain('$800.00 goes back to the card you paid with.');
    expect(screen.getByText('Refunded', { selector: 'dt' }).nextSibling?.textContent).toBe(
      '$800.00',
    );
    expect(screen.queryByRole('region', { name: /held by us/ })).toBeNull();
  });

  it('tells the seller nothing is released after a full refund, without a fee line', async () => {
    order = refundedTo('seller');
    renderPage();
    expect(
      await screen.findByText(
        'The buyer was refunded $800.00 in full, so nothing is released to you.',
      ),
    ).toBeTruthy();
    expect(screen.queryByText(/Platform fee/)).toBeNull();
  });
});
