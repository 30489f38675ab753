import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Earnings, Payout, PayoutAccount } from '@laptops/shared/payouts';
import { jsonResponse } from '../../../testing/json-response.ts';
import { mockApi, undoMocks, type ApiCall } from '../../../testing/mock-api.ts';
import { renderWithProviders } from '../../../testing/render-with-providers.tsx';
import { EarningsPage } from './earnings.tsx';

let account: PayoutAccount;
let earnings: Earnings;
let payouts: Payout[];
let calls: ApiCall[];
let earningsFail: boolean;

const sale = (overrides: Partial<Earnings['lines'][number]>): Earnings['lines'][number] => ({
  orderId: 'o1',
  date: '2026-11-20T09:15:00.000Z',
  laptop: 'Dell XPS 13',
  price: 500,
  fee: 25,
  refunded: 0,
  receive: 475,
  status: 'paid-out',
  ...overrides,
});

beforeEach(() => {
  earningsFail = false;
  account = { provider: 'stripe', state: 'none', requirements: [], updatedAt: null };
  earnings = {
    balances: { held: 900, available: 190, inTransit: 0, paidOut: 475 },
    lines: [
      sale({
        orderId: 'o2',
        laptop: 'MacBook Pro',
        price: 900,
        fee: 0,
        receive: 0,
        status: 'held',
      }),
      sale({}),
    ],
    totalLines: 2,
  };
  payouts = [
    {
      id: 'p1',
      amount: 475,
      status: 'paid',
      createdAt: '2026-11-21T10:00:00.000Z',
      paidAt: '2026-11-21T10:00:01.000Z',
      failure: null,
    },
  ];
  calls = mockApi(({ method, url }) => {
    if (url.pathname === '/api/payout-account') return jsonResponse(account);
    if (url.pathname === '/api/earnings') {
      return earningsFail
        ? jsonResponse({ error: { code: 'INTERNAL', message: 'The server is down.' } }, 500)
        : jsonResponse(earnings);
    }
    if (url.pathname === '/api/payouts') return jsonResponse(payouts);
    if (method === 'POST' && url.pathname === '/api/payout-account/onboarding') {
      return jsonResponse({ url: 'https://connect.stripe.test/setup/abc' });
    }
    if (method === 'POST' && url.pathname === '/api/payout-account/refresh') {
      account = { ...account, state: 'enabled' };
      return jsonResponse(account);
    }
    return undefined;
  });
});
afterEach(undoMocks);

const balance = (term: string) =>
  screen.getByText(term, { selector: 'dt' }).parentElement?.querySelector('dd')?.textContent;

describe('EarningsPage', () => {
  it('shows the four balances, each sale, the payouts and the CSV download', async () => {
    renderWithProviders(<EarningsPage />);
    expect(screen.getByRole('heading', { level: 1, name: 'Earnings' })).toBeTruthy();
    await screen.findByRole('heading', { name: 'Payouts are not set up' });
    expect(balance('Held')).toBe('$900.00');
    expect(balance('Available')).toBe('$190.00');
    expect(balance('On its way')).toBe('$0.00');
    expect(balance('Paid out')).toBe('$475.00');
    expect(screen.getByText('Yours. Set up payouts to receive it.')).toBeTruthy();

    const sales = screen.getByRole('table', { name: 'Your sales and what you receive for each' });
    expect(
      within(sales)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['Laptop', 'Date', 'Price', 'Fee', 'Refunded', 'You receive', 'Status']);
    const mac = within(sales).getByRole('rowheader', { name: 'MacBook Pro' }).closest('tr');
    expect(within(mac as HTMLElement).getByText('Held until handover')).toBeTruthy();
    const dell = within(sales).getByRole('rowheader', { name: 'Dell XPS 13' }).closest('tr');
    expect(within(dell as HTMLElement).getByText('$475.00')).toBeTruthy();
    expect(within(dell as HTMLElement).getByText('Paid out')).toBeTruthy();

    const paid = await screen.findByRole('table', { name: 'Money sent to your payout account' });
    expect(within(paid).getByText('$475.00')).toBeTruthy();
    expect(within(paid).getByText('Paid')).toBeTruthy();
    const csv = screen.getByRole('link', { name: 'Download all your sales as a CSV file' });
    expect(csv.getAttribute('href')).toBe('/api/earnings/csv');
    expect(csv.hasAttribute('download')).toBe(true);
    expect(screen.queryByText('Test mode')).toBeNull();
  });

  it('sends the seller to Stripe to set up payouts', async () => {
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign });
    renderWithProviders(<EarningsPage />);
    await userEvent.click(await screen.findByRole('button', { name: 'Set up payouts' }));
    await waitFor(() =>
      expect(assign).toHaveBeenCalledWith('https://connect.stripe.test/setup/abc'),
    );
    expect(calls).toContainEqual({ method: 'POST', path: '/api/payout-account/onboarding' });
  });

  it('says what Stripe still needs, with a way to continue', async () => {
    account = { ...account, state: 'needs-info', requirements: ['external_account'] };
    renderWithProviders(<EarningsPage />);
    expect(
      await screen.findByRole('heading', { name: 'Stripe needs more information' }),
    ).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Continue with Stripe' })).toBeTruthy();
  });

  it('asks Stripe afresh when the seller comes back from its form, and says payouts are on', async () => {
    const { router } = renderWithProviders(<EarningsPage />, {
      path: '/dashboard/earnings',
      at: '/dashboard/earnings?onboarding=return',
    });
    expect(await screen.findByRole('heading', { name: 'Payouts are on' })).toBeTruthy();
    expect(calls).toContainEqual({ method: 'POST', path: '/api/payout-account/refresh' });
    expect(router.state.location.search).toBe('');
    expect(screen.queryByRole('button', { name: /payouts/i })).toBeNull();
  });

  it('marks test mode, and shows empty lists in plain words', async () => {
    account = { ...account, provider: 'sandbox' };
    earnings = {
      balances: { held: 0, available: 0, inTransit: 0, paidOut: 0 },
      lines: [],
      totalLines: 0,
    };
    payouts = [];
    renderWithProviders(<EarningsPage />);
    expect(await screen.findByText('Test mode')).toBeTruthy();
    expect(
      screen.getByText('No sales yet. When a buyer pays for one of your laptops, it shows here.'),
    ).toBeTruthy();
    expect(await screen.findByText('No payouts yet.')).toBeTruthy();
    expect(screen.queryByRole('link', { name: /CSV/ })).toBeNull();
  });

  it('shows the payout that the balances show as paid, even when it landed between two polls', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    account = { ...account, state: 'enabled' };
    const due = { held: 0, available: 475, inTransit: 0, paidOut: 0 };
    const paidOut = { held: 0, available: 0, inTransit: 0, paidOut: 475 };
    let earningsCalls = 0;
    let payoutsCalls = 0;
    undoMocks();
    // Both lists are asked every 5 s. The payout lands while the third round is in flight:
    // that round's balances see it and its payouts list does not.
    mockApi(({ url }) => {
      if (url.pathname === '/api/payout-account') return jsonResponse(account);
      if (url.pathname === '/api/earnings') {
        earningsCalls += 1;
        return jsonResponse({ ...earnings, balances: earningsCalls >= 3 ? paidOut : due });
      }
      if (url.pathname === '/api/payouts') {
        payoutsCalls += 1;
        return jsonResponse(payoutsCalls > 3 ? payouts : []);
      }
      return undefined;
    });
    try {
      renderWithProviders(<EarningsPage />);
      expect(await screen.findByText('No payouts yet.')).toBeTruthy();
      await vi.advanceTimersByTimeAsync(5_000);
      await vi.advanceTimersByTimeAsync(5_000);
      await waitFor(() => expect(balance('Paid out')).toBe('$475.00'));
      const paid = await screen.findByRole('table', { name: 'Money sent to your payout account' });
      expect(within(paid).getByText('Paid')).toBeTruthy();
    } finally {
      vi.useRealTimers();
    }
  });

  it('says what happens to a payout Stripe refused', async () => {
    payouts = [
      {
        id: 'p2',
        amount: 380,
        status: 'failed',
        createdAt: '2026-11-22T10:00:00.000Z',
        paidAt: null,
        failure: 'Insufficient funds in Stripe account.',
      },
    ];
    renderWithProviders(<EarningsPage />);
    expect(await screen.findByText('Not sent')).toBeTruthy();
    expect(
      screen.getByText(
        'This payout could not be sent. The money is back in your available balance, and we will send it again.',
      ),
    ).toBeTruthy();
  });

  it('says when the earnings cannot be loaded, and tries again', async () => {
    earningsFail = true;
    renderWithProviders(<EarningsPage />);
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Your earnings could not be loaded. The server is down.');
    earningsFail = false;
    await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: 'Payouts are not set up' })).toBeTruthy();
  });
});
