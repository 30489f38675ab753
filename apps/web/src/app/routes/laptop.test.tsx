import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { ProductDetails } from '@laptops/shared/products';
import { makeProductDetails, makeSessionUser } from '../../testing/factories.ts';
import { jsonResponse } from '../../testing/json-response.ts';
import { sessionKeys } from '../../lib/query-keys.ts';
import { renderWithProviders } from '../../testing/render-with-providers.tsx';
import { LaptopRoute } from './laptop.tsx';

const id = '7b1c0a52-3a55-4a8e-9a43-1f2b3c4d5e6f';

/** The server, answering the laptop's page (or a refusal) and the session. */
function serve(answer: Response | ProductDetails, session: unknown = null) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const path = new URL(String(input), 'http://localhost').pathname;
      if (path === `/api/products/${id}`) {
        return answer instanceof Response ? answer : jsonResponse(answer);
      }
      if (path === '/api/auth/get-session') return jsonResponse(session);
      if (path === '/api/myOrders') return jsonResponse([]);
      if (path === '/api/conversations') return jsonResponse({ conversationId: 'c-9' }, 201);
      return jsonResponse({ error: { code: 'NOT_FOUND', message: 'Not found' } }, 404);
    }),
  );
}

function draw() {
  return renderWithProviders(<LaptopRoute />, {
    path: '/laptops/:id',
    at: `/laptops/${id}`,
    routes: [{ path: '/dashboard/messages/:id', element: <h1>The conversation</h1> }],
  });
}

// Ask the seller loads its call on the first tap; loaded here once, as a browser would
// have it cached, so that its first transform in the test runner outlasts no wait.
beforeAll(() => import('../../features/conversations/api/start-conversation.ts'));

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('LaptopRoute', () => {
  it('says "Photo verified", and what it means, only when an admin approved a photo', async () => {
    serve(makeProductDetails({ photoVerified: true }));
    const { unmount } = draw();
    expect(await screen.findByText('Photo verified')).toBeTruthy();
    expect(screen.getByText(/An admin matched a photo of this laptop/)).toBeTruthy();
    unmount();

    serve(makeProductDetails({ photoVerified: false }));
    draw();
    expect(await screen.findByRole('heading', { level: 1, name: 'Dell XPS 13' })).toBeTruthy();
    expect(screen.queryByText('Photo verified')).toBeNull();
  });

  it('shows the photos, price and saving, grade, specs, description and seller', async () => {
    serve(makeProductDetails({ wasPrice: 799 }));
    draw();
    expect(await screen.findByRole('heading', { level: 1, name: 'Dell XPS 13' })).toBeTruthy();
    expect(screen.getByText('$749.50')).toBeTruthy();
    expect(screen.getByText('$799.00').closest('span')?.textContent).toBe('Was $799.00');
    expect(screen.getByText('42% below the original price')).toBeTruthy();
    expect(screen.getByText(/Looks nearly new, works perfectly/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'What the grades mean' }).getAttribute('href')).toBe(
      '/conditions',
    );

    const specs = screen.getByRole('table', { name: 'Specs' });
    const row = (label: string) =>
      within(specs).getByRole('rowheader', { name: label }).nextSibling?.textContent;
    expect(row('Processor')).toBe('Core i7-1250U (12th gen)');
    expect(row('Memory (RAM)')).toBe('16 GB');
    expect(row('Storage')).toBe('512 GB SSD');
    expect(row('Screen')).toBe('13.4″, 1920 × 1200');
    expect(row('Battery health')).toBe('90%');
    expect(row('Charger included')).toBe('Yes');

    const seller = screen.getByRole('region', { name: 'Seller' });
    expect(seller.textContent).toContain('Marcus Lee');
    expect(seller.textContent).toContain('Member since March 2025 · 4 laptops sold');
    expect(screen.getByRole('button', { name: 'Book now' })).toBeTruthy();
    expect(document.title).toBe('Dell XPS 13 · Laptop Resale');
  });

  it('moves through the photos with the arrows, the arrow keys and the thumbnails', async () => {
    serve(makeProductDetails());
    draw();
    const gallery = await screen.findByRole('region', { name: 'Photos of Dell XPS 13' });
    expect(within(gallery).getByText('1 / 3')).toBeTruthy();
    await userEvent.click(within(gallery).getByRole('button', { name: 'Next photo' }));
    expect(within(gallery).getByText('2 / 3')).toBeTruthy();
    fireEvent.keyDown(within(gallery).getByRole('button', { name: 'Photo 2: open at full size' }), {
      key: 'ArrowRight',
    });
    expect(within(gallery).getByText('3 / 3')).toBeTruthy();
    expect(within(gallery).getByRole('button', { name: 'Next photo' })).toHaveProperty(
      'disabled',
      true,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Show photo 1' }));
    expect(within(gallery).getByText('1 / 3')).toBeTruthy();
    const images = within(gallery).getAllByRole('img');
    expect(images[0]?.getAttribute('srcset')).toBe(
      '/api/images/xps-thumb.webp 640w, /api/images/xps.webp 1600w',
    );
    expect(images[1]?.getAttribute('loading')).toBe('lazy');
  });

  it('offers the buyer who booked it to pay, and the one who paid their order', async () => {
    const buyer = makeSessionUser({ typeOfUser: 'buyer' });
    serve(makeProductDetails({ viewerOrder: { id: 'o-1', paid: false } }), buyer);
    const { unmount } = draw();
    const pay = await screen.findByRole('link', { name: 'Booked: pay now' });
    expect(pay.getAttribute('href')).toBe('/dashboard/payment/o-1');
    unmount();
    serve(
      makeProductDetails({ viewerOrder: { id: 'o-1', paid: true }, isSold: true, status: 'sold' }),
      buyer,
    );
    draw();
    const order = await screen.findByRole('link', {
      name: 'You bought this laptop: see your order',
    });
    expect(order.getAttribute('href')).toBe('/dashboard/orders/o-1');
  });

  it('marks a sold laptop Sold, without Book, and lets its seller edit an unsold one', async () => {
    serve(makeProductDetails({ isSold: true, status: 'sold' }));
    const { unmount } = draw();
    expect(await screen.findByRole('button', { name: 'Sold' })).toHaveProperty('disabled', true);
    expect(screen.queryByRole('button', { name: 'Book now' })).toBeNull();
    // Nothing to be protected in: no buyer protection on a sold laptop or one's own.
    expect(screen.queryByRole('region', { name: 'Buyer protection' })).toBeNull();
    unmount();
    serve(makeProductDetails({ isOwn: true }), makeSessionUser({ typeOfUser: 'seller' }));
    draw();
    const edit = await screen.findByRole('link', { name: 'Edit listing' });
    expect(edit.getAttribute('href')).toBe(`/dashboard/myproducts/${id}/edit`);
    expect(screen.queryByRole('button', { name: 'Report' })).toBeNull();
    expect(screen.queryByRole('region', { name: 'Buyer protection' })).toBeNull();
  });

  it('tells a buyer beside Book how their money is protected, with a link to the rules', async () => {
    serve(makeProductDetails());
    draw();
    const protection = await screen.findByRole('region', { name: 'Buyer protection' });
    expect(protection.textContent).toContain('We hold your payment until you have the laptop');
    expect(protection.textContent).toContain('open a dispute');
    expect(
      within(protection)
        .getByRole('link', { name: 'How buyer protection works' })
        .getAttribute('href'),
    ).toBe('/faq#protection');
  });

  it('says a withdrawn laptop is no longer listed, and an unknown one was not found', async () => {
    serve(jsonResponse({ error: { code: 'PRODUCT_GONE', message: 'Gone' } }, 410));
    const { unmount } = draw();
    expect(
      await screen.findByRole('heading', { name: 'This laptop is no longer listed' }),
    ).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Browse laptops' }).getAttribute('href')).toBe(
      '/search',
    );
    unmount();
    serve(jsonResponse({ error: { code: 'NOT_FOUND', message: 'Not found' } }, 404));
    draw();
    expect(
      await screen.findByRole('heading', { name: 'We could not find this laptop' }),
    ).toBeTruthy();
  });

  it("opens the buyer's conversation with the seller, and offers none on a sold laptop", async () => {
    const buyer = makeSessionUser({ typeOfUser: 'buyer' });
    serve(makeProductDetails({ isSold: true, status: 'sold' }), { user: buyer });
    const { unmount } = draw();
    expect(await screen.findByRole('button', { name: 'Sold' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Ask the seller' })).toBeNull();
    unmount();
    serve(makeProductDetails(), { user: buyer });
    const { router, queryClient } = draw();
    const ask = await screen.findByRole('button', { name: 'Ask the seller' });
    // Once the session is known: before, the button takes a guest to log in.
    await waitFor(() => expect(queryClient.getQueryData(sessionKeys.all)).toMatchObject(buyer));
    await userEvent.click(ask);
    expect(await screen.findByRole('heading', { name: 'The conversation' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/dashboard/messages/c-9');
  });

  it('copies the link when the browser has no share sheet', async () => {
    serve(makeProductDetails());
    const writeText = vi.fn(async () => {});
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    draw();
    await userEvent.click(await screen.findByRole('button', { name: 'Share' }));
    expect(writeText).toHaveBeenCalledWith(`${window.location.origin}/laptops/${id}`);
  });

  it('compares the price with similar sales, saying what the range is from', async () => {
    const range = { low: 854, median: 879, high: 896.5, sales: 6, months: 12 };
    serve(makeProductDetails({ resalePrice: 749, fairPrice: range }));
    const { unmount } = draw();
    expect(await screen.findByText('$130 below similar sales')).toBeTruthy();
    expect(
      screen.getByText(
        'Based on 6 sales of similar laptops in the last 12 months: most sold for $854–$897, half for less than $879.',
      ),
    ).toBeTruthy();
    unmount();

    serve(makeProductDetails({ resalePrice: 940, fairPrice: range }));
    const above = draw();
    expect(await screen.findByText('$61 above similar sales')).toBeTruthy();
    above.unmount();

    serve(makeProductDetails({ resalePrice: 870, fairPrice: range }));
    draw();
    expect(await screen.findByText('In line with similar sales')).toBeTruthy();
  });

  it('says nothing about similar sales without enough of them', async () => {
    serve(makeProductDetails({ fairPrice: null }));
    draw();
    await screen.findByRole('heading', { level: 1, name: 'Dell XPS 13' });
    expect(screen.queryByText(/similar sales/)).toBeNull();
  });
});
