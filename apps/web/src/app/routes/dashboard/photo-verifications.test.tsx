import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import toast from 'react-hot-toast/headless';
import { afterEach, describe, expect, it } from 'vitest';
import type { PhotoVerificationQueueItem } from '@laptops/shared/photo-verification';
import { jsonResponse } from '../../../testing/json-response.ts';
import { mockApi, undoMocks } from '../../../testing/mock-api.ts';
import { renderWithProviders } from '../../../testing/render-with-providers.tsx';
import { PhotoVerificationsPage } from './photo-verifications.tsx';

afterEach(undoMocks);

const verificationId = '5c2d7e3a-1b4f-4c6d-8e9f-0a1b2c3d4e5f';

const waiting: PhotoVerificationQueueItem = {
  verificationId,
  code: 'K7QX4M',
  photoUrl: `/api/photo-verifications/${verificationId}/photo`,
  submittedAt: '2026-11-26T09:00:00.000Z',
  product: {
    _id: 'p-1',
    name: 'HP EliteBook 840 G8',
    model: '840 G8',
    photos: ['/api/images/a.webp', '/api/images/b.webp'],
  },
  seller: { _id: 's-1', name: 'Sam Seller', email: 'sam@example.test' },
};

const decisionPath = `/api/admin/photo-verifications/${verificationId}/decision`;

function serveQueue() {
  let queue = [waiting];
  const calls = mockApi(({ method, url }) => {
    if (url.pathname === '/api/admin/photo-verifications')
      return jsonResponse(queue, 200, { 'x-total-count': String(queue.length) });
    if (method === 'POST' && url.pathname === decisionPath) {
      queue = [];
      return jsonResponse({ modifiedCount: 1 });
    }
    return undefined;
  });
  return calls;
}

describe('the photos to verify', () => {
  it('shows the photo beside the code it should show and the listing photos; approves', async () => {
    const calls = serveQueue();
    renderWithProviders(<PhotoVerificationsPage />);
    const card = await screen.findByRole('article', { name: 'HP EliteBook 840 G8' });
    expect(
      within(card)
        .getByRole('img', { name: 'Verification photo of HP EliteBook 840 G8' })
        .getAttribute('src'),
    ).toBe(waiting.photoUrl);
    expect(within(card).getByLabelText('Code it should show').textContent).toBe('K7QX4M');
    expect(within(card).getAllByRole('img', { name: /listing photo/ })).toHaveLength(2);
    expect(card.textContent).toContain('Model: 840 G8');

    await userEvent
      .setup()
      .click(
        within(card).getByRole('button', { name: 'Approve the photo of HP EliteBook 840 G8' }),
      );
    expect(await screen.findByText('No photos are waiting.')).toBeTruthy();
    expect(calls.find((call) => call.method === 'POST')).toEqual({
      method: 'POST',
      path: decisionPath,
      body: { decision: 'approve' },
    });
    expect(toast.success).toHaveBeenCalledWith('Approved: the listing shows "Photo verified".');
  });

  it('rejects only with a reason, which it sends for the seller', async () => {
    const calls = serveQueue();
    renderWithProviders(<PhotoVerificationsPage />);
    const card = await screen.findByRole('article', { name: 'HP EliteBook 840 G8' });
    const user = userEvent.setup();
    await user.click(
      within(card).getByRole('button', { name: 'Reject the photo of HP EliteBook 840 G8' }),
    );
    await user.click(within(card).getByRole('button', { name: 'Reject photo' }));
    expect(card.textContent).toContain('Say why, so the seller can take a better photo.');
    expect(calls.some((call) => call.method === 'POST')).toBe(false);

    await user.type(
      within(card).getByLabelText('Why? (the seller reads this)'),
      'The code is not in the photo.',
    );
    await user.click(within(card).getByRole('button', { name: 'Reject photo' }));
    expect(await screen.findByText('No photos are waiting.')).toBeTruthy();
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
      decision: 'reject',
      reason: 'The code is not in the photo.',
    });
  });
});
