import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { MyBuyer } from '@laptops/shared/products';
import { renderWithProviders } from '../../../testing/render-with-providers.tsx';
import { jsonResponse } from '../../../testing/json-response.ts';
import { MyBuyersPage } from './my-buyers.tsx';

const booking = (overrides: Partial<MyBuyer>): MyBuyer => ({
  _id: 'o1',
  buyerName: 'Ada Lovelace',
  productId: 'p1',
  productName: 'Dell XPS 13',
  price: 749.5,
  paid: false,
  status: 'unpaid',
  bookedAt: '2026-11-20T09:15:00.000Z',
  ...overrides,
});

let buyers: MyBuyer[];

beforeEach(() => {
  buyers = [
    booking({ _id: 'o1', paid: true, status: 'paid' }),
    booking({
      _id: 'o2',
      buyerName: 'Grace Hopper',
      productName: 'HP EliteBook 840',
    }),
    booking({
      _id: 'o3',
      buyerName: 'Alan Turing',
      productName: 'HP ProBook 450',
      paid: true,
      status: 'completed',
    }),
    booking({
      _id: 'o4',
      buyerName: 'Edsger Dijkstra',
      productName: 'HP Envy 13',
      paid: true,
      status: 'refunded',
    }),
  ];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) =>
      String(input) === '/api/myBuyers'
        ? jsonResponse(buyers)
        : jsonResponse({ error: { code: 'NOT_FOUND', message: 'Not found' } }, 404),
    ),
  );
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

function renderPage() {
  renderWithProviders(<MyBuyersPage />);
}

describe('MyBuyersPage', () => {
  it('lists who booked which laptop, the price and where it stands; each leads to its order page', async () => {
    renderPage();
    expect(screen.getByRole('heading', { level: 1, name: 'My buyers' })).toBeTruthy();
    const ada = (await screen.findByRole('rowheader', { name: 'Ada Lovelace' })).closest('tr');
    expect(screen.getAllByRole('columnheader').map((th) => th.textContent)).toEqual([
      'Buyer',
      'Laptop',
      'Price',
      'Status',
    ]);
    expect(within(ada as HTMLElement).getByText('Dell XPS 13')).toBeTruthy();
    expect(within(ada as HTMLElement).getByText('$749.50')).toBeTruthy();
    expect(within(ada as HTMLElement).getByText('Paid, money held')).toBeTruthy();
    const grace = screen.getByRole('rowheader', { name: 'Grace Hopper' }).closest('tr');
    expect(within(grace as HTMLElement).getByText('HP EliteBook 840')).toBeTruthy();
    expect(within(grace as HTMLElement).getByText('Not paid yet')).toBeTruthy();
    const details = within(grace as HTMLElement).getByRole('link', {
      name: 'Booking details: HP EliteBook 840, booked by Grace Hopper',
    });
    expect(details.getAttribute('href')).toBe('/dashboard/orders/o2');
    const alan = screen.getByRole('rowheader', { name: 'Alan Turing' }).closest('tr');
    expect(within(alan as HTMLElement).getByText('Completed').title).toBe(
      'The payment was released to you.',
    );
    const edsger = screen.getByRole('rowheader', { name: 'Edsger Dijkstra' }).closest('tr');
    expect(within(edsger as HTMLElement).getByText('Refunded')).toBeTruthy();
  });

  it('says nobody has booked yet when there are no bookings', async () => {
    buyers = [];
    renderPage();
    expect(await screen.findByText('Nobody has booked your laptops yet.')).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
  });
});
