import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import toast from 'react-hot-toast/headless';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ConversationReport, ReportedThread } from '@laptops/shared/conversation-safety';
import { jsonResponse } from '../../../testing/json-response.ts';
import { mockApi, undoMocks, type ApiCall } from '../../../testing/mock-api.ts';
import { renderWithProviders } from '../../../testing/render-with-providers.tsx';
import { ReportedConversationPage } from './reported-conversation.tsx';
import { ReportedConversationsPage } from './reported-conversations.tsx';

const reportId = '3a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d';

function makeReport(overrides: Partial<ConversationReport> = {}): ConversationReport {
  return {
    _id: reportId,
    reason: 'scam',
    reportText: 'Wants gift cards.',
    reporterName: 'Ben Buyer',
    reportedName: 'Sara Seller',
    reportedBanned: false,
    laptopName: 'Dell XPS 13',
    createdAt: '2026-11-20T09:15:00.000Z',
    resolved: false,
    resolution: null,
    ...overrides,
  };
}

let reports: ConversationReport[];
let calls: ApiCall[];

function threadOf(report: ConversationReport): ReportedThread {
  return {
    report,
    laptop: { _id: 'p1', name: 'Dell XPS 13', thumbnail: '/t.webp' },
    messages: [
      { _id: 'm3', body: 'Pay me by gift card.', from: 'reported', sentAt: '2026-11-20T09:10:00Z' },
      { _id: 'm2', body: 'Booking made.', from: 'system', sentAt: '2026-11-20T09:05:00Z' },
      { _id: 'm1', body: 'Is it for sale?', from: 'reporter', sentAt: '2026-11-20T09:00:00Z' },
    ],
    nextCursor: null,
  };
}

beforeEach(() => {
  reports = [
    makeReport(),
    makeReport({
      _id: 'r-2',
      reason: 'harassment',
      reportText: '',
      reportedName: 'Otto Other',
      resolved: true,
      resolution: 'messaging_banned',
      reportedBanned: false,
    }),
  ];
  calls = mockApi(({ method, url }) => {
    if (url.pathname === '/api/admin/conversation-reports') {
      const resolved = url.searchParams.get('status') === 'resolved';
      const rows = reports.filter((r) => r.resolved === resolved);
      return jsonResponse(rows, 200, { 'x-total-count': String(rows.length) });
    }
    const match =
      /^\/api\/admin\/conversation-reports\/([^/]+)\/(thread|dismiss|messaging-ban)$/.exec(
        url.pathname,
      );
    const report = reports.find((r) => r._id === match?.[1]);
    if (!match || !report) {
      return jsonResponse({ error: { code: 'NOT_FOUND', message: 'No such report.' } }, 404);
    }
    const update = (changes: Partial<ConversationReport>) => {
      reports = reports.map((r) => (r._id === report._id ? { ...r, ...changes } : r));
      return jsonResponse({ modifiedCount: 1 });
    };
    if (match[2] === 'thread') return jsonResponse(threadOf(report));
    if (match[2] === 'dismiss') return update({ resolved: true, resolution: 'dismissed' });
    if (method === 'PUT') {
      return update({ resolved: true, resolution: 'messaging_banned', reportedBanned: true });
    }
    return update({ reportedBanned: false });
  });
});

afterEach(undoMocks);

describe('the reported conversations list', () => {
  it('shows each report by names, with a link to read that conversation', async () => {
    const { router } = renderWithProviders(<ReportedConversationsPage />, {
      path: '/dashboard/reported-conversations',
      routes: [{ path: '/dashboard/reported-conversations/:id', element: <p>report page</p> }],
    });
    const user = userEvent.setup();
    const table = await screen.findByRole('table', { name: 'Reported conversations: Open' });
    const row = within(table).getByRole('row', { name: /Sara Seller/ });
    expect(row.textContent).toContain('About Dell XPS 13');
    expect(row.textContent).toContain('Scam or fraud');
    expect(row.textContent).toContain('Wants gift cards.');
    expect(row.textContent).toContain('Reported by Ben Buyer');
    await user.click(
      within(row).getByRole('link', {
        name: 'Read the conversation between Ben Buyer and Sara Seller',
      }),
    );
    expect(router.state.location.pathname).toBe(`/dashboard/reported-conversations/${reportId}`);
  });

  it('shows resolved reports with what was decided', async () => {
    renderWithProviders(<ReportedConversationsPage />);
    const user = userEvent.setup();
    await screen.findByRole('table');
    await user.click(screen.getByRole('radio', { name: 'Resolved' }));
    const table = await screen.findByRole('table', { name: 'Reported conversations: Resolved' });
    expect(within(table).getByText('Stopped from messaging, since lifted')).toBeTruthy();
    expect(within(table).getByText('No details given')).toBeTruthy();
  });
});

describe('one reported conversation', () => {
  const renderReport = (id = reportId) => {
    renderWithProviders(<ReportedConversationPage />, {
      path: '/dashboard/reported-conversations/:id',
      at: `/dashboard/reported-conversations/${id}`,
    });
    return userEvent.setup();
  };

  it('shows the report beside its thread, read only, each line under its author', async () => {
    renderReport();
    expect(await screen.findByRole('heading', { name: 'Report on Sara Seller' })).toBeTruthy();
    const report = screen.getByRole('complementary', { name: 'Report' });
    expect(report.textContent).toContain('Scam or fraud');
    expect(report.textContent).toContain('Ben Buyer');
    const thread = screen.getByRole('list', { name: 'The conversation' });
    const lines = within(thread)
      .getAllByRole('listitem')
      .map((item) => item.textContent);
    expect(lines[0]).toContain('Ben Buyer (reported it)Is it for sale?');
    expect(lines[1]).toContain('Laptop ResaleBooking made.');
    expect(lines[2]).toContain('Sara Seller (reported)Pay me by gift card.');
    expect(screen.queryByRole('textbox')).toBeNull();
    expect(calls[0]).toEqual({
      method: 'GET',
      path: `/api/admin/conversation-reports/${reportId}/thread`,
    });
  });

  it('dismisses the report', async () => {
    const user = renderReport();
    await user.click(await screen.findByRole('button', { name: 'Dismiss' }));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('Report dismissed.'));
    expect(calls).toContainEqual({
      method: 'PUT',
      path: `/api/admin/conversation-reports/${reportId}/dismiss`,
    });
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Dismiss' })).toBeNull());
    expect(screen.getByRole('complementary').textContent).toContain('Dismissed');
  });

  it('stops the reported person from messaging after asking, and lets them again', async () => {
    const user = renderReport();
    await user.click(
      await screen.findByRole('button', { name: 'Stop Sara Seller from messaging' }),
    );
    const confirm = screen.getByRole('alertdialog', { name: 'Stop Sara Seller from messaging?' });
    expect(confirm.textContent).toContain('their bookings and orders go on');
    await user.click(within(confirm).getByRole('button', { name: 'Stop messaging' }));
    await waitFor(() =>
      expect(toast.success).toHaveBeenCalledWith('Sara Seller can no longer send messages.'),
    );
    expect(calls).toContainEqual({
      method: 'PUT',
      path: `/api/admin/conversation-reports/${reportId}/messaging-ban`,
    });

    await user.click(await screen.findByRole('button', { name: 'Let Sara Seller message again' }));
    await user.click(
      within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Let them message' }),
    );
    await waitFor(() =>
      expect(toast.success).toHaveBeenCalledWith('Sara Seller can send messages again.'),
    );
    expect(calls).toContainEqual({
      method: 'DELETE',
      path: `/api/admin/conversation-reports/${reportId}/messaging-ban`,
    });
  });

  it('says so when there is no such report', async () => {
    renderReport('9f8e7d6c-5b4a-4c3d-8e2f-1a0b9c8d7e6f');
    expect(await screen.findByRole('heading', { name: 'Report not found' })).toBeTruthy();
    expect(screen.queryByRole('list', { name: 'The conversation' })).toBeNull();
  });
});
