import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import toast from 'react-hot-toast/headless';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Report } from '@laptops/shared/reports';
import { jsonResponse } from '../../../testing/json-response.ts';
import { mockApi, undoMocks, type ApiCall } from '../../../testing/mock-api.ts';
import { makeReport } from '../../../testing/factories.ts';
import { renderWithProviders } from '../../../testing/render-with-providers.tsx';
import { ReportsPage } from './reported-items.tsx';

let reports: Report[];
let calls: ApiCall[];

beforeEach(() => {
  reports = [
    makeReport(),
    makeReport({
      _id: 'r-2',
      productId: '0c2d7e1f-1111-4a8e-9a43-1f2b3c4d5e6f',
      productName: 'HP EliteBook 840',
      productThumbnail: '/api/images/hp-thumb.webp',
      productPrice: 420,
      productState: 'sold',
      sellerName: 'Priya Nair',
      reason: 'scam',
      reportText: 'Asks for a deposit by wire.\nTwice.',
    }),
    makeReport({
      _id: 'r-4',
      productId: '0d3e8f2a-2222-4a8e-9a43-1f2b3c4d5e6f',
      productName: 'Lenovo Yoga 7',
      productState: 'removed',
      reason: 'already_sold',
      reportText: '',
    }),
    makeReport({
      _id: 'r-3',
      productName: 'Acer Swift 3',
      resolved: true,
      resolution: 'dismissed',
    }),
  ];
  calls = mockApi(({ method, url }) => {
    if (url.pathname === '/api/reports' && method === 'GET') {
      const resolved = url.searchParams.get('status') === 'resolved';
      const rows = reports.filter((r) => r.resolved === resolved);
      return jsonResponse(rows, 200, { 'x-total-count': String(rows.length) });
    }
    const dismiss = /^\/api\/reports\/([^/]+)\/dismiss$/.exec(url.pathname);
    if (dismiss && method === 'PUT') {
      reports = reports.map((r) =>
        r._id === dismiss[1] ? { ...r, resolved: true, resolution: 'dismissed' } : r,
      );
      return jsonResponse({ modifiedCount: 1 });
    }
    const remove = /^\/api\/reports\/([^/]+)$/.exec(url.pathname);
    if (remove && method === 'DELETE') {
      reports = reports.map((r) =>
        r._id === remove[1] ? { ...r, resolved: true, resolution: 'product_removed' } : r,
      );
      return jsonResponse({ deletedCount: 1 });
    }
    return undefined;
  });
});

afterEach(undoMocks);

function renderPage() {
  renderWithProviders(<ReportsPage />, { path: '/dashboard/reportedItems' });
  return { user: userEvent.setup() };
}

const row = (name: string) =>
  screen.getByRole('rowheader', { name }).closest('tr') as HTMLTableRowElement;
const mutations = () => calls.filter((call) => call.method !== 'GET');
const dialog = () => document.querySelector('dialog') as HTMLDialogElement;

describe('ReportsPage', () => {
  it('lists the open reports, each with the laptop as it is now, its seller, the reason and the reporter', async () => {
    renderPage();
    expect(screen.getByRole('heading', { level: 1, name: 'Reports' })).toBeTruthy();
    await screen.findByRole('rowheader', { name: 'Dell XPS 13' });
    expect(calls[0]).toEqual({
      method: 'GET',
      path: '/api/reports?page=1&limit=20&status=open',
    });
    expect(screen.getByRole('table', { name: 'Reported laptops: Open' })).toBeTruthy();
    expect(screen.getAllByRole('columnheader').map((th) => th.textContent)).toEqual([
      'Laptop',
      'Listing',
      'Seller',
      'Report',
      'Action',
    ]);

    const dell = row('Dell XPS 13');
    expect(dell.querySelector('img')?.getAttribute('src')).toBe('/api/images/xps-thumb.webp');
    // The link to the laptop's page.
    expect(within(dell).getByRole('link', { name: 'Dell XPS 13' }).getAttribute('href')).toBe(
      '/laptops/7b1c0a52-3a55-4a8e-9a43-1f2b3c4d5e6f',
    );
    expect(within(dell).getByText('$649.99')).toBeTruthy();
    expect(within(dell).getByText('For sale')).toBeTruthy();
    expect(within(dell).getByText('Marcus Lee')).toBeTruthy();
    expect(within(dell).getByText('Wrong details')).toBeTruthy();
    expect(within(dell).getByText('The photos are of another laptop.')).toBeTruthy();
    expect(within(dell).getByText('Reported by Ava Stone')).toBeTruthy();
    // People by name only: no contact details in the list.
    expect(dell.textContent).not.toContain('@');
    const when = dell.querySelector('time');
    expect(when?.getAttribute('dateTime')).toBe('2026-11-20T09:15:00.000Z');
    expect(when?.textContent).toMatch(/^Nov (19|20), 2026, \d{1,2}:\d{2}\s[AP]M$/);
    expect(within(dell).getByRole('button', { name: 'Remove laptop: Dell XPS 13' })).toBeTruthy();
    expect(
      within(dell).getByRole('button', { name: 'Dismiss the report on Dell XPS 13' }),
    ).toBeTruthy();
    // The raw product id is not what an admin reads.
    expect(within(dell).queryByText(/7b1c0a52/)).toBeNull();

    const hp = row('HP EliteBook 840');
    expect(within(hp).getByText('Sold')).toBeTruthy();
    expect(within(hp).getByText('$420.00')).toBeTruthy();
    expect(within(hp).getByText('Scam or fraud')).toBeTruthy();
    expect(within(hp).getByText(/Asks for a deposit by wire/).textContent).toBe(
      'Asks for a deposit by wire.\nTwice.',
    );

    // A removed laptop is shown nowhere: its name links to nothing.
    const yoga = row('Lenovo Yoga 7');
    expect(within(yoga).getByText('Removed')).toBeTruthy();
    expect(within(yoga).queryByRole('link')).toBeNull();
    expect(within(yoga).getByText('Already sold')).toBeTruthy();
    expect(within(yoga).getByText('No details given')).toBeTruthy();

    expect(screen.queryByRole('rowheader', { name: 'Acer Swift 3' })).toBeNull();
    expect(screen.getByRole('radio', { name: 'Open' })).toHaveProperty('checked', true);
  });

  it('asks before removing the laptop, sends nothing on cancel, then DELETEs the report', async () => {
    const { user } = renderPage();
    await screen.findByRole('rowheader', { name: 'Dell XPS 13' });

    await user.click(screen.getByRole('button', { name: 'Remove laptop: Dell XPS 13' }));
    expect(dialog().open).toBe(true);
    expect(within(dialog()).getByText('Remove Dell XPS 13?')).toBeTruthy();
    expect(
      within(dialog()).getByText(
        'Dell XPS 13 comes off the marketplace and every open report about it is closed. This cannot be undone.',
      ),
    ).toBeTruthy();
    await user.click(within(dialog()).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(dialog().open).toBe(false));
    expect(mutations()).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Remove laptop: Dell XPS 13' }));
    await user.click(within(dialog()).getByRole('button', { name: 'Remove' }));
    await waitFor(() =>
      expect(screen.queryByRole('rowheader', { name: 'Dell XPS 13' })).toBeNull(),
    );
    expect(mutations()).toEqual([{ method: 'DELETE', path: '/api/reports/r-1' }]);
    expect(toast.success).toHaveBeenCalledWith('The laptop was removed from the marketplace.');
  });

  it('dismisses a report with PUT .../dismiss and the row leaves the open list', async () => {
    const { user } = renderPage();
    await screen.findByRole('rowheader', { name: 'HP EliteBook 840' });
    await user.click(
      screen.getByRole('button', { name: 'Dismiss the report on HP EliteBook 840' }),
    );

    await waitFor(() =>
      expect(screen.queryByRole('rowheader', { name: 'HP EliteBook 840' })).toBeNull(),
    );
    expect(mutations()).toEqual([{ method: 'PUT', path: '/api/reports/r-2/dismiss' }]);
    expect(toast.success).toHaveBeenCalledWith('Report dismissed. The laptop stays listed.');
    expect(dialog().open).toBe(false);
  });

  it('shows resolved reports with their resolution and no buttons', async () => {
    const { user } = renderPage();
    await screen.findByRole('rowheader', { name: 'Dell XPS 13' });
    await user.click(screen.getByRole('radio', { name: 'Resolved' }));

    await screen.findByRole('rowheader', { name: 'Acer Swift 3' });
    expect(calls.map((call) => call.path)).toContain(
      '/api/reports?page=1&limit=20&status=resolved',
    );
    const acer = row('Acer Swift 3');
    expect(within(acer).getByText('Dismissed')).toBeTruthy();
    expect(within(acer).queryAllByRole('button')).toHaveLength(0);
  });

  it('says so when there are no open reports, and when none has been resolved', async () => {
    reports = [];
    const { user } = renderPage();
    expect(await screen.findByText('There are no open reports.')).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
    await user.click(screen.getByRole('radio', { name: 'Resolved' }));
    expect(await screen.findByText('No reports have been resolved yet.')).toBeTruthy();
  });
});
