import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import toast from 'react-hot-toast/headless';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { DisputeDetails, DisputeThread } from '@laptops/shared/disputes';
import type { MoneyReport } from '@laptops/shared/money-report';
import { makeDisputeDetails } from '../../../testing/factories.ts';
import { jsonResponse } from '../../../testing/json-response.ts';
import { mockApi, undoMocks, type ApiCall } from '../../../testing/mock-api.ts';
import { renderWithProviders } from '../../../testing/render-with-providers.tsx';
import { DisputePage } from './dispute.tsx';
import { MoneyPage } from './money.tsx';

const thread: DisputeThread = {
  messages: [
    {
      _id: 'm3',
      body: 'It worked when I sold it.',
      image: null,
      from: 'seller',
      sentAt: '2026-11-21T11:00:00Z',
    },
    {
      _id: 'm2',
      body: 'The buyer opened a dispute.',
      image: null,
      from: 'system',
      sentAt: '2026-11-21T10:00:00Z',
    },
    {
      _id: 'm1',
      body: 'Is the battery good?',
      image: null,
      from: 'buyer',
      sentAt: '2026-11-19T10:00:00Z',
    },
  ],
  nextCursor: null,
};

let dispute: DisputeDetails;
let calls: ApiCall[];

beforeEach(() => {
  dispute = makeDisputeDetails();
  calls = mockApi(({ method, url, body }) => {
    if (url.pathname === '/api/admin/disputes/d-1') return jsonResponse(dispute);
    if (url.pathname === '/api/admin/disputes/d-1/thread') return jsonResponse(thread);
    if (url.pathname === '/api/admin/disputes/d-1/settle' && method === 'POST') {
      const { refundAmount, note } = body as { refundAmount: number; note: string };
      dispute = {
        ...dispute,
        state: 'partly-refunded',
        money: { ...dispute.money, held: 0, refunded: refundAmount },
        settled: {
          outcome: 'refund-part',
          at: '2026-11-22T10:00:00Z',
          refunded: refundAmount,
          note,
          by: 'Ada Admin',
        },
      };
      return jsonResponse(dispute);
    }
    if (url.pathname === '/api/admin/disputes')
      return jsonResponse([], 200, { 'x-total-count': '0' });
    return undefined;
  });
});

afterEach(undoMocks);

const renderDispute = () => {
  renderWithProviders(<DisputePage />, {
    path: '/dashboard/disputes/:id',
    at: '/dashboard/disputes/d-1',
  });
  return userEvent.setup();
};

describe('one dispute in the console', () => {
  it('shows the complaint, the evidence, the timeline and the thread, each line by its author', async () => {
    renderDispute();
    expect(await screen.findByRole('heading', { name: 'Dispute: HP EliteBook 840' })).toBeTruthy();
    expect(screen.getByRole('region', { name: 'What the buyer says' }).textContent).toContain(
      'The screen stays black.',
    );
    expect(
      screen.getByRole('link', { name: 'Photo 1 from the buyer (opens the full size)' }),
    ).toBeTruthy();
    expect(screen.getByRole('region', { name: 'Timeline' }).textContent).toContain(
      '4 messages in the thread, 2 since the dispute was opened',
    );
    const lines = within(await screen.findByRole('list', { name: 'The conversation' }))
      .getAllByRole('listitem')
      .map((item) => item.textContent);
    expect(lines[0]).toContain('Bea Buyer (buyer)Is the battery good?');
    expect(lines[2]).toContain('Marcus Lee (seller)It worked when I sold it.');
  });

  it('refunds in part: refuses all of it, shows the split, confirms, then shows the settlement', async () => {
    const user = renderDispute();
    await user.click(await screen.findByRole('radio', { name: 'Refund in part' }));
    await user.type(screen.getByLabelText('Amount to refund, in dollars'), '800');
    await user.type(screen.getByLabelText('Note to the buyer and the seller'), 'A key is missing.');
    await user.click(screen.getByRole('button', { name: 'Settle…' }));
    expect(screen.getByText(/A partial refund must be less than the \$800.00 held/)).toBeTruthy();
    expect(screen.queryByRole('alertdialog')).toBeNull();

    await user.clear(screen.getByLabelText('Amount to refund, in dollars'));
    await user.type(screen.getByLabelText('Amount to refund, in dollars'), '300.50');
    expect(
      screen.getByText(
        'The buyer gets $300.50 back; the seller receives $474.52 (after the fee of $24.98).',
      ),
    ).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Settle…' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Settle this dispute?' });
    expect(dialog.textContent).toContain(
      'Refund $300.50 to the buyer and release $474.52 to the seller.',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Settle' }));

    expect(await screen.findByRole('heading', { name: 'Settled: Partly refunded' })).toBeTruthy();
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
      outcome: 'refund-part',
      refundAmount: 300.5,
      note: 'A key is missing.',
    });
    await waitFor(() =>
      expect(document.activeElement).toBe(
        screen.getByRole('heading', { name: 'Dispute: HP EliteBook 840' }),
      ),
    );
    expect(toast.success).toHaveBeenCalledWith(
      'The dispute is settled. Both people have been told.',
    );
  });
});

describe('the Money page', () => {
  it('says there is no money yet on an empty ledger', async () => {
    const empty: MoneyReport = {
      days: 30,
      by: 'day',
      from: '2026-10-29',
      to: '2026-11-27',
      totals: { sales: 0, fees: 0, refunded: 0, paidOut: 0, held: 0 },
      points: [],
      anyMoney: false,
    };
    mockApi(({ url }) => {
      if (url.pathname === '/api/admin/money') return jsonResponse(empty);
      if (url.pathname === '/api/admin/disputes')
        return jsonResponse([], 200, { 'x-total-count': '0' });
      return undefined;
    });
    renderWithProviders(<MoneyPage />);
    expect(await screen.findByText(/No money has moved yet/)).toBeTruthy();
    expect(await screen.findByText('There are no open disputes.')).toBeTruthy();
  });

  it('draws a chart per series, named and summed up for screen readers', async () => {
    const report: MoneyReport = {
      days: 30,
      by: 'day',
      from: '2026-11-26',
      to: '2026-11-27',
      totals: { sales: 800, fees: 25, refunded: 300.5, paidOut: 0, held: 0 },
      points: [
        { start: '2026-11-26', sales: 800, fees: 0, refunded: 0, paidOut: 0, held: 800 },
        { start: '2026-11-27', sales: 0, fees: 25, refunded: 300.5, paidOut: 0, held: 0 },
      ],
      anyMoney: true,
    };
    mockApi(({ url }) => {
      if (url.pathname === '/api/admin/money') return jsonResponse(report);
      if (url.pathname === '/api/admin/disputes')
        return jsonResponse([], 200, { 'x-total-count': '0' });
      return undefined;
    });
    renderWithProviders(<MoneyPage />);
    const chart = await screen.findByRole('img', { name: 'Refunded by day' });
    expect(chart.getAttribute('aria-describedby')).toBeTruthy();
    expect(document.getElementById(chart.getAttribute('aria-describedby') ?? '')?.textContent).toBe(
      'Refunded from Nov 26, 2026 to Nov 27, 2026: $300.50 in all; highest $300.50 on Nov 27, 2026.',
    );
    expect(screen.getAllByRole('img', { name: /by day$/ })).toHaveLength(5);
    const table = screen.getByRole('table', { name: 'Money by day' });
    expect(within(table).getAllByRole('row')).toHaveLength(3);
  });
});
