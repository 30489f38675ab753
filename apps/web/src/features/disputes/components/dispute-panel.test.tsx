import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import toast from 'react-hot-toast/headless';
import { afterEach, describe, expect, it } from 'vitest';
import { useQuery } from '@tanstack/react-query';
import { orderDetailsSchema, type OrderDetails } from '@laptops/shared/orders';
import { apiRequest } from '../../../lib/api-client.ts';
import { orderKeys } from '../../../lib/query-keys.ts';
import { makeOrderDetails } from '../../../testing/factories.ts';
import { jsonResponse } from '../../../testing/json-response.ts';
import { mockApi, undoMocks } from '../../../testing/mock-api.ts';
import { renderWithProviders } from '../../../testing/render-with-providers.tsx';
import { DisputePanel } from './dispute-panel.tsx';

afterEach(undoMocks);

/** The panel as the order page draws it: from the order's query (under its key). */
function Page() {
  const order = useQuery({
    queryKey: orderKeys.details('o-paid'),
    queryFn: () => apiRequest('/api/orders/o-paid', orderDetailsSchema),
  });
  return order.data ? <DisputePanel order={order.data} /> : null;
}

const disputed: OrderDetails['dispute'] = {
  reason: 'does-not-work',
  details: 'The screen stays black.',
  photos: [],
  openedAt: '2026-11-21T10:00:00.000Z',
  settled: null,
};

describe('the dispute panel', () => {
  it('lets the buyer open a dispute, checked first, and then shows it', async () => {
    let order = makeOrderDetails({ _id: 'o-paid', canOpenDispute: true });
    const calls = mockApi(({ method, url, body }) => {
      if (url.pathname !== '/api/orders/o-paid' && url.pathname !== '/api/orders/o-paid/dispute')
        return undefined;
      if (method === 'POST') {
        order = { ...order, status: 'disputed', dispute: disputed, canOpenDispute: false };
        expect(body).toEqual({
          reason: 'does-not-work',
          details: 'The screen stays black.',
          photos: [],
        });
        return jsonResponse(order, 201);
      }
      return jsonResponse(order);
    });
    renderWithProviders(<Page />);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Open a dispute' }));
    expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Open a dispute' }));

    await user.click(screen.getByRole('button', { name: 'Open the dispute' }));
    expect(screen.getByText('Please choose what went wrong')).toBeTruthy();
    expect(calls.filter((call) => call.method === 'POST')).toEqual([]);

    await user.click(screen.getByRole('radio', { name: 'Does not work' }));
    await user.type(screen.getByLabelText('Tell us what happened'), 'The screen stays black.');
    await user.click(screen.getByRole('button', { name: 'Open the dispute' }));

    const heading = await screen.findByRole('heading', { name: 'Dispute' });
    await waitFor(() => expect(document.activeElement).toBe(heading));
    expect(toast.success).toHaveBeenCalledWith(
      'Your dispute is open. We keep holding the money until an admin settles it.',
    );
    expect(screen.getByText('Does not work')).toBeTruthy();
  });

  it('shows the seller how a part refund was settled, with the amounts and the note', async () => {
    const order = makeOrderDetails({
      viewerIs: 'seller',
      status: 'partly-refunded',
      canOpenDispute: false,
      money: {
        ...makeOrderDetails().money!,
        held: 0,
        refunded: 300.5,
        fee: 24.98,
        sellerReceived: 474.52,
        handoverCode: null,
      },
      dispute: {
        ...disputed!,
        settled: {
          outcome: 'refund-part',
          at: '2026-11-22T10:00:00.000Z',
          refunded: 300.5,
          note: 'A key is missing.',
        },
      },
    });
    mockApi(({ url }) => (url.pathname === '/api/orders/o-paid' ? jsonResponse(order) : undefined));
    renderWithProviders(<Page />);
    const panel = await screen.findByRole('region', { name: 'Dispute' });
    expect(panel.textContent).toContain('Refunded in part; the rest released to the seller');
    expect(panel.textContent).toContain('Refunded to the buyer$300.50');
    expect(panel.textContent).toContain('$474.52 (after the platform fee of $24.98)');
    expect(panel.textContent).toContain('A key is missing.');
    expect(screen.queryByRole('button', { name: 'Open a dispute' })).toBeNull();
  });
});
