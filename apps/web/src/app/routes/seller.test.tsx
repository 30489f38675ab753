import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import toast from 'react-hot-toast/headless';
import { afterEach, describe, expect, it } from 'vitest';
import type { SellerProfile, SellerReview } from '@laptops/shared/sellers';
import { makeProduct } from '../../testing/factories.ts';
import { jsonResponse } from '../../testing/json-response.ts';
import { mockApi, undoMocks, type ApiRequest } from '../../testing/mock-api.ts';
import { renderWithProviders } from '../../testing/render-with-providers.tsx';
import { SellerRoute } from './seller.tsx';

const id = 'u-marcus';

const review = (overrides: Partial<SellerReview> = {}): SellerReview => ({
  id: '0b6c2f3e-6a51-4b9e-8f0a-2d9c1e4b5a01',
  rating: 5,
  body: 'Met on time, laptop exactly as described.',
  authorName: 'Noah',
  publishedAt: '2026-11-12T10:00:00.000Z',
  reply: 'Thanks Noah, enjoy it!',
  repliedAt: '2026-11-12T16:00:00.000Z',
  ...overrides,
});

const profile = (overrides: Partial<SellerProfile> = {}): SellerProfile => ({
  id,
  name: 'Marcus Lee',
  image: '/api/images/marcus.webp',
  isVerified: true,
  memberSince: '2025-03-04T10:00:00.000Z',
  rating: { average: 4.8, count: 12 },
  laptopsSold: 14,
  replyTime: 'hours',
  topSeller: true,
  laptops: [makeProduct({ name: 'Dell XPS 13', sellerRating: { average: 4.8, count: 12 } })],
  laptopsForSale: 1,
  reviews: {
    reviews: [
      review(),
      review({
        id: '0b6c2f3e-6a51-4b9e-8f0a-2d9c1e4b5a02',
        rating: 4,
        authorName: 'Emma',
        body: 'Good, the battery is a little weak.',
        reply: null,
        repliedAt: null,
      }),
    ],
    nextCursor: 'next-page',
  },
  ...overrides,
});

function serve(
  seller: SellerProfile | Response,
  extra?: (request: ApiRequest) => Response | undefined,
) {
  return mockApi((request) => {
    if (request.url.pathname === `/api/sellers/${id}`) {
      return seller instanceof Response ? seller : jsonResponse(seller);
    }
    if (request.url.pathname === `/api/sellers/${id}/reviews`) {
      return jsonResponse({
        reviews: [
          review({
            id: '0b6c2f3e-6a51-4b9e-8f0a-2d9c1e4b5a03',
            authorName: 'Ava',
            body: 'Third one.',
          }),
        ],
        nextCursor: null,
      });
    }
    if (request.url.pathname === '/api/auth/get-session') return jsonResponse(null);
    return extra?.(request);
  });
}

function draw() {
  return renderWithProviders(<SellerRoute />, { path: '/sellers/:id', at: `/sellers/${id}` });
}

afterEach(undoMocks);

describe('SellerRoute', () => {
  it('shows the seller, their badges, rating and record, laptops and reviews', async () => {
    serve(profile());
    draw();
    expect(await screen.findByRole('heading', { level: 1, name: 'Marcus Lee' })).toBeTruthy();
    expect(screen.getByText('Verified seller')).toBeTruthy();
    expect(screen.getByRole('img', { name: 'Rated 4.8 out of 5 from 12 reviews' })).toBeTruthy();
    expect(screen.getByText('Member since March 2025')).toBeTruthy();
    expect(screen.getByText('14 laptops sold')).toBeTruthy();
    expect(screen.getByText('Usually replies within a few hours')).toBeTruthy();
    // The Top seller badge links to its published rules.
    expect(screen.getByRole('link', { name: /Top seller/ }).getAttribute('href')).toBe(
      '/faq#top-seller',
    );
    // What verified means, one tap away.
    await userEvent.click(screen.getByText('What does verified mean?'));
    expect(screen.getByText(/One of our admins has checked this seller/)).toBeTruthy();

    const laptops = screen.getByRole('region', { name: 'Laptops for sale' });
    expect(within(laptops).getByRole('article', { name: 'Dell XPS 13' })).toBeTruthy();
    expect(within(laptops).getByText('★ 4.8 (12)')).toBeTruthy();

    const reviews = screen.getByRole('region', { name: /Reviews/ });
    const noah = within(reviews).getByRole('article', { name: 'Noah' });
    expect(within(noah).getByRole('img', { name: '5 out of 5 stars' })).toBeTruthy();
    expect(within(noah).getByText('Nov 12, 2026')).toBeTruthy();
    expect(within(noah).getByText('Reply from Marcus Lee')).toBeTruthy();
    expect(within(noah).getByText('Thanks Noah, enjoy it!')).toBeTruthy();
    const emma = within(reviews).getByRole('article', { name: 'Emma' });
    expect(within(emma).queryByText(/Reply from/)).toBeNull();

    // The next page comes after the first, from the cursor.
    await userEvent.click(screen.getByRole('button', { name: 'Show more reviews' }));
    expect(await within(reviews).findByRole('article', { name: 'Ava' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Show more reviews' })).toBeNull();
  });

  it('says so when there are no reviews and no laptops, and shows no rating', async () => {
    serve(
      profile({
        rating: null,
        topSeller: false,
        isVerified: false,
        replyTime: null,
        laptops: [],
        laptopsForSale: 0,
        reviews: { reviews: [], nextCursor: null },
      }),
    );
    draw();
    expect(await screen.findByText('No reviews yet')).toBeTruthy();
    expect(screen.getByText('No ratings yet')).toBeTruthy();
    expect(screen.getByText('No laptops for sale right now.')).toBeTruthy();
    expect(screen.queryByText('Verified seller')).toBeNull();
    expect(screen.queryByText(/Top seller/)).toBeNull();
    expect(screen.queryByText(/Usually replies/)).toBeNull();
  });

  it('reports a review with a reason, and thanks the reporter', async () => {
    const calls = serve(profile(), (request) =>
      request.method === 'POST' ? jsonResponse({ reported: true }, 201) : undefined,
    );
    draw();
    await userEvent.click(await screen.findByRole('button', { name: 'Report Noah’s review' }));
    const dialog = screen.getByRole('dialog', { name: 'Report this review' });
    await userEvent.type(within(dialog).getByLabelText('What is wrong with it?'), 'Too short');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send report' }));
    expect(within(dialog).getByText('Please write at least 10 characters.')).toBeTruthy();
    await userEvent.type(
      within(dialog).getByLabelText('What is wrong with it?'),
      ' and it names my street',
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send report' }));
    await waitFor(() =>
      expect(toast.success).toHaveBeenCalledWith('Thanks, an admin will look at it.'),
    );
    expect(calls).toContainEqual({
      method: 'POST',
      path: '/api/reviews/0b6c2f3e-6a51-4b9e-8f0a-2d9c1e4b5a01/report',
      body: { reason: 'Too short and it names my street' },
    });
  });

  it('asks a guest to log in when the report is refused with 401', async () => {
    serve(profile(), (request) =>
      request.method === 'POST'
        ? jsonResponse({ error: { code: 'UNAUTHENTICATED', message: 'Please log in.' } }, 401)
        : undefined,
    );
    draw();
    await userEvent.click(await screen.findByRole('button', { name: 'Report Emma’s review' }));
    const dialog = screen.getByRole('dialog', { name: 'Report this review' });
    await userEvent.type(
      within(dialog).getByLabelText('What is wrong with it?'),
      'It is not about this seller.',
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send report' }));
    expect(await within(dialog).findByText('Please log in to report a review.')).toBeTruthy();
    expect(within(dialog).getByRole('link', { name: 'Log in' }).getAttribute('href')).toBe(
      '/login',
    );
  });

  it('says there is no such seller for a 404', async () => {
    serve(jsonResponse({ error: { code: 'NOT_FOUND', message: 'There is no such seller.' } }, 404));
    draw();
    expect(
      await screen.findByRole('heading', { level: 1, name: 'There is no such seller' }),
    ).toBeTruthy();
  });
});
