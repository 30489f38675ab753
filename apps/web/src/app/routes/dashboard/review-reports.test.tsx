import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import toast from 'react-hot-toast/headless';
import { afterEach, describe, expect, it } from 'vitest';
import type { ReportedReview } from '@laptops/shared/reviews';
import { jsonResponse } from '../../../testing/json-response.ts';
import { mockApi, undoMocks } from '../../../testing/mock-api.ts';
import { renderWithProviders } from '../../../testing/render-with-providers.tsx';
import { ReviewReportsPage } from './review-reports.tsx';

afterEach(undoMocks);

const reviewId = '5c2d7e3a-1b4f-4c6d-8e9f-0a1b2c3d4e5f';

const reported: ReportedReview = {
  reviewId,
  rating: 1,
  body: 'Rude seller who lives at 12 Elm Street.',
  reply: null,
  publishedAt: '2026-11-20T09:00:00.000Z',
  authorRole: 'buyer',
  author: { _id: 'u1', name: 'Emma Buyer', email: 'emma@example.test' },
  subject: { _id: 'u2', name: 'Sam Seller', email: 'sam@example.test' },
  reports: [
    {
      _id: 'r1',
      reporterName: 'Sam Seller',
      reason: 'It gives my home address.',
      createdAt: '2026-11-21T09:00:00.000Z',
    },
  ],
};

describe('the reported reviews', () => {
  it('shows each review with its reasons, and hides one with a note for admins', async () => {
    let queue = [reported];
    const calls = mockApi(({ method, url }) => {
      if (url.pathname === '/api/admin/review-reports')
        return jsonResponse(queue, 200, { 'x-total-count': String(queue.length) });
      if (method === 'POST' && url.pathname === `/api/admin/review-reports/${reviewId}/hide`) {
        queue = [];
        return jsonResponse({ modifiedCount: 1 });
      }
      return undefined;
    });
    renderWithProviders(<ReviewReportsPage />);
    const card = await screen.findByRole('article', { name: 'Emma Buyer about Sam Seller' });
    expect(card.textContent).toContain('Rude seller who lives at 12 Elm Street.');
    expect(card.textContent).toContain('It gives my home address.');
    expect(within(card).getByLabelText('1 out of 5 stars')).toBeTruthy();

    const user = userEvent.setup();
    await user.click(within(card).getByRole('button', { name: 'Hide the review by Emma Buyer' }));
    await user.click(within(card).getByRole('button', { name: 'Hide it' }));
    expect(card.textContent).toContain('Please note why the review is hidden');
    expect(calls.some((call) => call.method === 'POST')).toBe(false);

    await user.type(
      within(card).getByLabelText('Why is it hidden? (admins only)'),
      'Personal address.',
    );
    await user.click(within(card).getByRole('button', { name: 'Hide it' }));
    expect(await screen.findByText('There are no open review reports.')).toBeTruthy();
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
      reason: 'Personal address.',
    });
    expect(toast.success).toHaveBeenCalledWith('The review is hidden.');
  });

  it('dismisses the reports of a review', async () => {
    const calls = mockApi(({ method, url }) => {
      if (url.pathname === '/api/admin/review-reports')
        return jsonResponse([reported], 200, { 'x-total-count': '1' });
      if (method === 'POST' && url.pathname === `/api/admin/review-reports/${reviewId}/dismiss`)
        return jsonResponse({ modifiedCount: 1 });
      return undefined;
    });
    renderWithProviders(<ReviewReportsPage />);
    const user = userEvent.setup();
    await user.click(
      await screen.findByRole('button', {
        name: 'Dismiss the reports of the review by Emma Buyer',
      }),
    );
    await expect
      .poll(() => calls.filter((call) => call.method === 'POST').map((call) => call.path))
      .toEqual([`/api/admin/review-reports/${reviewId}/dismiss`]);
  });
});
