import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AdminActivity } from '@laptops/shared/admin';
import { jsonResponse } from '../../../testing/json-response.ts';
import { renderWithProviders } from '../../../testing/render-with-providers.tsx';
import { ActivityPage } from './activity.tsx';

const entry = (overrides: Partial<AdminActivity>): AdminActivity => ({
  _id: 'a-1',
  action: 'verify-seller',
  adminName: 'Nora Admin',
  adminEmail: 'nora@example.com',
  target: 'marcus@example.com',
  createdAt: '2026-11-20T09:15:00.000Z',
  ...overrides,
});

let calls: string[];
let total: number;

beforeEach(() => {
  calls = [];
  total = 2;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const path = String(input);
      calls.push(path);
      const url = new URL(path, 'http://localhost');
      if (url.pathname !== '/api/admin/activity') return jsonResponse({}, 404);
      const page = url.searchParams.get('page');
      const rows =
        page === '1'
          ? [
              entry({}),
              entry({
                _id: 'a-2',
                action: 'remove-reported-product',
                target: 'Dell XPS 13',
                createdAt: '2026-11-19T18:40:00.000Z',
              }),
            ]
          : [entry({ _id: 'a-3', action: 'delete-buyer', target: 'ava@example.com' })];
      return jsonResponse(rows, 200, { 'x-total-count': String(total) });
    }),
  );
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

function renderPage() {
  renderWithProviders(<ActivityPage />, { path: '/dashboard/activity' });
  return { user: userEvent.setup() };
}

describe('ActivityPage', () => {
  it('lists who did what, on whom and when, in plain words', async () => {
    renderPage();
    expect(screen.getByRole('heading', { level: 1, name: 'Activity' })).toBeTruthy();
    await screen.findByText('verified seller');
    expect(screen.getAllByRole('columnheader').map((th) => th.textContent)).toEqual([
      'When',
      'Admin',
      'Action',
      'On',
    ]);
    const rows = screen.getAllByRole('row').slice(1);
    const first = rows[0] as HTMLTableRowElement;
    expect(within(first).getByText('Nora Admin')).toBeTruthy();
    expect(within(first).getByText('nora@example.com')).toBeTruthy();
    expect(within(first).getByText('marcus@example.com')).toBeTruthy();
    const time = first.querySelector('time');
    expect(time?.getAttribute('dateTime')).toBe('2026-11-20T09:15:00.000Z');
    expect(time?.textContent).toMatch(/2026/);
    expect(
      within(rows[1] as HTMLTableRowElement).getByText('removed reported product'),
    ).toBeTruthy();
    expect(calls).toEqual(['/api/admin/activity?page=1&limit=20']);
  });

  it('pages through the log', async () => {
    total = 21;
    const { user } = renderPage();
    await screen.findByText('verified seller');
    expect(screen.getByText('21 in all')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('deleted buyer')).toBeTruthy();
    expect(calls).toContain('/api/admin/activity?page=2&limit=20');
    expect(screen.getByText('Page 2 of 2')).toBeTruthy();
  });

  it('says no admin has done anything yet when the log is empty', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => jsonResponse([], 200, { 'x-total-count': '0' })),
    );
    renderPage();
    expect(await screen.findByText('No admin actions yet.')).toBeTruthy();
  });
});
