import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import type { OrderReview, OrderReviews } from '@laptops/shared/reviews';
import { jsonResponse } from '../../../testing/json-response.ts';
import { mockApi, undoMocks } from '../../../testing/mock-api.ts';
import { renderWithProviders } from '../../../testing/render-with-providers.tsx';
import { OrderReviewsPanel } from './order-reviews.tsx';

afterEach(undoMocks);

const DAY_MS = 24 * 60 * 60 * 1000;
const closes = new Date(Date.now() + 9.5 * DAY_MS).toISOString();

const review = (overrides: Partial<OrderReview> = {}): OrderReview => ({
  _id: '0b7c1a52-6f57-4d3c-9a53-0d3e5f1b0a11',
  authorRole: 'seller',
  authorName: 'Sam Seller',
  subjectName: 'Emma Buyer',
  rating: 4,
  body: 'Friendly buyer, paid on time.',
  createdAt: '2026-11-20T10:00:00.000Z',
  publishedAt: '2026-11-21T10:00:00.000Z',
  published: true,
  hidden: false,
  reply: null,
  repliedAt: null,
  ...overrides,
});

const state = (overrides: Partial<OrderReviews> = {}): OrderReviews => ({
  viewerRole: 'buyer',
  otherName: 'Sam Seller',
  completed: true,
  windowClosesAt: closes,
  canWrite: true,
  mine: null,
  theyWrote: false,
  theirs: null,
  canReply: false,
  ...overrides,
});

describe('the reviews of a completed deal on its order page', () => {
  it('nudges the buyer whose seller wrote, and sends stars chosen with the keyboard', async () => {
    let current = state({ theyWrote: true });
    const calls = mockApi(({ method, url, body }) => {
      if (url.pathname !== '/api/orders/o-1/reviews') return undefined;
      if (method === 'POST') {
        current = state({
          canWrite: false,
          theyWrote: true,
          mine: review({
            authorRole: 'buyer',
            authorName: 'Emma Buyer',
            subjectName: 'Sam Seller',
            rating: (body as { rating: number }).rating,
            body: (body as { body: string }).body,
            published: false,
            publishedAt: closes,
          }),
        });
        return jsonResponse(current, 201);
      }
      return jsonResponse(current);
    });
    renderWithProviders(<OrderReviewsPanel orderId="o-1" />);
    const card = await screen.findByRole('region', { name: 'Review the seller' });
    expect(card.textContent).toContain('10 days left to write it.');
    expect(within(card).getByRole('status').textContent).toBe(
      'Sam Seller has reviewed you. Write yours to see it.',
    );

    const user = userEvent.setup();
    await user.click(within(card).getByRole('button', { name: 'Publish my review' }));
    expect(card.textContent).toContain('Please choose from 1 to 5 stars');
    expect(calls.filter((call) => call.method === 'POST')).toEqual([]);

    within(card).getByRole('radio', { name: '1 star' }).focus();
    await user.keyboard(' ');
    await user.keyboard('{ArrowRight}{ArrowRight}');
    expect(within(card).getByRole<HTMLInputElement>('radio', { name: '3 stars' }).checked).toBe(
      true,
    );
    await user.type(within(card).getByLabelText('Your review'), '  Laptop as described.  ');
    await user.click(within(card).getByRole('button', { name: 'Publish my review' }));

    const sealed = await screen.findByText(/Your review is sealed until Sam Seller writes theirs/);
    expect(sealed.textContent).toMatch(/or until .+\d{4}\.$/);
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
      rating: 3,
      body: 'Laptop as described.',
    });
    expect(screen.getByRole('img', { name: '3 out of 5 stars' })).toBeTruthy();
    expect(screen.queryByRole('radio')).toBeNull();
  });

  it('shows both published reviews, and lets the reviewed person reply once', async () => {
    let current = state({
      canWrite: false,
      theyWrote: true,
      mine: review({
        _id: 'mine',
        authorRole: 'buyer',
        authorName: 'Emma Buyer',
        subjectName: 'Sam Seller',
        body: 'Honest seller.',
        reply: 'Thanks!',
        repliedAt: '2026-11-22T10:00:00.000Z',
      }),
      theirs: review(),
      canReply: true,
    });
    mockApi(({ method, url, body }) => {
      if (url.pathname === '/api/reviews/0b7c1a52-6f57-4d3c-9a53-0d3e5f1b0a11/reply') {
        expect(method).toBe('POST');
        current = {
          ...current,
          theirs: review({ reply: (body as { reply: string }).reply, repliedAt: closes }),
          canReply: false,
        };
        return jsonResponse(current);
      }
      if (url.pathname === '/api/orders/o-2/reviews') return jsonResponse(current);
      return undefined;
    });
    renderWithProviders(<OrderReviewsPanel orderId="o-2" />);
    const theirs = await screen.findByRole('article', { name: 'Sam Seller’s review of you' });
    expect(theirs.textContent).toContain('Friendly buyer, paid on time.');
    const mine = screen.getByRole('article', { name: 'Your review of Sam Seller' });
    expect(mine.textContent).toContain('Reply from Sam Seller');
    expect(within(mine).queryByLabelText('Reply to this review')).toBeNull();

    const user = userEvent.setup();
    await user.type(within(theirs).getByLabelText('Reply to this review'), 'Thank you, Sam.');
    await user.click(within(theirs).getByRole('button', { name: 'Publish my reply' }));
    expect(await within(theirs).findByText('Reply from Emma Buyer')).toBeTruthy();
    expect(within(theirs).queryByLabelText('Reply to this review')).toBeNull();
  });

  it('draws nothing before the deal completes', async () => {
    const calls = mockApi(({ url }) =>
      url.pathname === '/api/orders/o-3/reviews'
        ? jsonResponse(state({ completed: false, canWrite: false, windowClosesAt: null }))
        : undefined,
    );
    const { container } = renderWithProviders(<OrderReviewsPanel orderId="o-3" />);
    await expect.poll(() => calls.length).toBe(1);
    expect(container.querySelector('section')).toBeNull();
  });
});
