import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { DashboardOverview } from '@laptops/shared/dashboard';
import type { UserType } from '@laptops/shared/auth';
import { jsonResponse } from '../../../testing/json-response.ts';
import { mockApi, undoMocks } from '../../../testing/mock-api.ts';
import {
  createTestQueryClient,
  renderWithProviders,
} from '../../../testing/render-with-providers.tsx';
import { DashboardHomeRoute } from './dashboard-home.tsx';

afterEach(undoMocks);

function renderAs(typeOfUser: UserType, overview: DashboardOverview | 'fails') {
  mockApi(({ url }) => {
    if (url.pathname !== '/api/dashboard') return undefined;
    return overview === 'fails'
      ? jsonResponse({ error: { code: 'INTERNAL', message: 'Down' } }, 500)
      : jsonResponse(overview);
  });
  const queryClient = createTestQueryClient();
  queryClient.setQueryData(['session'], {
    id: 'u1',
    name: 'Robin Reed',
    email: 'robin@example.com',
    image: null,
    typeOfUser,
  });
  renderWithProviders(<DashboardHomeRoute />, { queryClient });
}

const tile = (label: string) => screen.getByText(label).closest('a') as HTMLAnchorElement;

describe('DashboardHomeRoute', () => {
  it('shows a buyer their next step and their orders by what each waits for', async () => {
    renderAs('buyer', {
      role: 'buyer',
      toPay: 1,
      toMeet: 2,
      openDisputes: 0,
      completed: 3,
      next: { action: 'pay', orderId: 'o 1', laptop: 'HP EliteBook 840' },
    });
    expect(screen.getByRole('heading', { level: 1, name: 'Welcome, Robin Reed' })).toBeTruthy();
    const next = await screen.findByRole('region', { name: 'Next step' });
    expect(next.textContent).toContain('Pay for the HP EliteBook 840 to take it off the market.');
    expect(within(next).getByRole('link', { name: 'Pay now' }).getAttribute('href')).toBe(
      '/dashboard/payment/o%201',
    );
    expect(tile('To pay').textContent).toBe('1To pay');
    expect(tile('Waiting for the handover').getAttribute('href')).toBe('/dashboard/myorders');
    expect(tile('Completed').textContent).toBe('3Completed');
  });

  it('invites a buyer with no orders to browse', async () => {
    renderAs('buyer', {
      role: 'buyer',
      toPay: 0,
      toMeet: 0,
      openDisputes: 0,
      completed: 0,
      next: null,
    });
    expect(await screen.findByText('You have not ordered a laptop yet.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Browse laptops' }).getAttribute('href')).toBe(
      '/search',
    );
    expect(screen.queryByRole('region', { name: 'Next step' })).toBeNull();
  });

  it('shows a seller their laptops, deals and money, and asks them to set up payouts', async () => {
    renderAs('seller', {
      role: 'seller',
      forSale: 4,
      awaitingPayment: 1,
      toHandOver: 2,
      openDisputes: 0,
      sold: 7,
      money: { held: 300, available: 190, paidOut: 1250.5 },
      payoutsReady: false,
    });
    const money = await screen.findByRole('region', { name: 'Your money' });
    const amount = (term: string) =>
      within(money).getByText(term).parentElement?.querySelector('dd')?.textContent;
    expect(amount('Held until handover')).toBe('$300.00');
    expect(amount('To be paid out')).toBe('$190.00');
    expect(amount('Paid out')).toBe('$1,250.50');
    expect(within(money).getByRole('link', { name: 'Set up payouts' }).getAttribute('href')).toBe(
      '/dashboard/earnings',
    );
    expect(tile('For sale').getAttribute('href')).toBe('/dashboard/myproducts');
    expect(tile('Paid, to hand over').textContent).toBe('2Paid, to hand over');
    expect(screen.getByRole('link', { name: 'Add a laptop' }).getAttribute('href')).toBe(
      '/dashboard/addaproduct',
    );
  });

  it('gives an admin their queues, each a link to act on it', async () => {
    renderAs('admin', {
      role: 'admin',
      openReports: 2,
      sellersToVerify: 1,
      openDisputes: 0,
      openConversationReports: 0,
      openReviewReports: 3,
      photosToVerify: 4,
    });
    expect((await screen.findByText('Reports to review')).closest('a')?.getAttribute('href')).toBe(
      '/dashboard/reportedItems',
    );
    expect(tile('Sellers to verify').textContent).toBe('1Sellers to verify');
    expect(tile('Disputes to settle').getAttribute('href')).toBe('/dashboard/disputes');
    expect(tile('Reported reviews').getAttribute('href')).toBe('/dashboard/review-reports');
    expect(tile('Photos to verify').textContent).toBe('4Photos to verify');
    expect(tile('Photos to verify').getAttribute('href')).toBe('/dashboard/photo-verifications');
    expect(screen.queryByText('Nothing is waiting. Well done.')).toBeNull();
  });

  it('says when the overview could not be loaded, with a retry', async () => {
    renderAs('buyer', 'fails');
    expect((await screen.findByRole('alert', {}, { timeout: 10_000 })).textContent).toContain(
      'Your overview could not be loaded.',
    );
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });
});
