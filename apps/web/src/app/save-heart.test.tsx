import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import toast from 'react-hot-toast/headless';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { SessionUser } from '@laptops/shared/auth';
import { ProductGrid } from '../features/products/components/product-grid.tsx';
import { sessionKeys } from '../lib/query-keys.ts';
import { makeProduct, makeSessionUser } from '../testing/factories.ts';
import { jsonResponse } from '../testing/json-response.ts';
import { mockApi, undoMocks, type ApiCall } from '../testing/mock-api.ts';
import { createTestQueryClient, renderWithProviders } from '../testing/render-with-providers.tsx';
import { useProductActions } from './use-product-actions.tsx';

const xps = makeProduct({ _id: 'p-xps', name: 'Dell XPS 13', sellerId: 'u-marcus' });
const hp = makeProduct({ _id: 'p-hp', name: 'HP EliteBook 840', sellerId: 'u-marcus' });
const buyer = makeSessionUser({ id: 'u-bea', typeOfUser: 'buyer' });

/** Cards as Home, a category and a search draw them, with their hearts. */
function Cards() {
  const actions = useProductActions();
  return (
    <ProductGrid
      products={[xps, hp]}
      onBook={actions.onBook}
      onReport={actions.onReport}
      onAsk={actions.onAsk}
      onSave={actions.onSave}
      isSaved={actions.isSaved}
    />
  );
}

let session: SessionUser | null;
let savedIds: string[];
let saveAnswer: () => Response;
let calls: ApiCall[];

beforeEach(() => {
  sessionStorage.clear();
  session = null;
  savedIds = ['p-hp'];
  saveAnswer = () => jsonResponse({ productId: 'p-xps', saved: true });
  calls = mockApi(({ method, path }) => {
    if (path === '/api/auth/get-session') return jsonResponse(session && { user: session });
    if (path === '/api/myOrders') return jsonResponse([]);
    if (path === '/api/favourites/ids') return jsonResponse({ productIds: savedIds });
    const match = /^\/api\/favourites\/([^/]+)$/.exec(path);
    if (match?.[1]) {
      if (method === 'PUT') savedIds = [...savedIds, match[1]];
      if (method === 'DELETE') savedIds = savedIds.filter((id) => id !== match[1]);
      return saveAnswer();
    }
    return undefined;
  });
});

afterEach(undoMocks);

function drawCards() {
  const queryClient = createTestQueryClient();
  queryClient.setQueryData(sessionKeys.all, session);
  return renderWithProviders(<Cards />, {
    path: '/search',
    queryClient,
    routes: [{ path: '/login', element: <h1>Log in</h1> }],
  });
}

const heartOf = (name: string) =>
  within(screen.getByRole('article', { name })).getAllByRole('button')[0]!;
const writes = () => calls.filter((call) => call.path.startsWith('/api/favourites/p-'));

describe("a card's heart", () => {
  it('shows which laptops a buyer saved, and saves and removes with a tap or a key', async () => {
    session = buyer;
    drawCards();
    const saved = await screen.findByRole('button', {
      name: 'Remove HP EliteBook 840 from saved',
    });
    expect(saved.getAttribute('aria-pressed')).toBe('true');
    const save = screen.getByRole('button', { name: 'Save Dell XPS 13' });
    expect(save.getAttribute('aria-pressed')).toBe('false');

    await userEvent.click(save);
    const pressed = await screen.findByRole('button', { name: 'Remove Dell XPS 13 from saved' });
    expect(pressed.getAttribute('aria-pressed')).toBe('true');

    // The keyboard: focus the heart and press Enter.
    saved.focus();
    await userEvent.keyboard('{Enter}');
    await waitFor(() =>
      expect(heartOf('HP EliteBook 840').getAttribute('aria-pressed')).toBe('false'),
    );
    expect(writes().map(({ method, path }) => `${method} ${path}`)).toEqual([
      'PUT /api/favourites/p-xps',
      'DELETE /api/favourites/p-hp',
    ]);
  });

  it('goes back and says why when the server refuses', async () => {
    session = buyer;
    saveAnswer = () => {
      savedIds = ['p-hp'];
      return jsonResponse(
        {
          error: {
            code: 'PRODUCT_SOLD',
            message: 'This laptop has been sold, so it cannot be saved.',
          },
        },
        409,
      );
    };
    drawCards();
    await userEvent.click(await screen.findByRole('button', { name: 'Save Dell XPS 13' }));
    await waitFor(() =>
      expect(toast.error).toHaveBeenCalledWith('This laptop has been sold, so it cannot be saved.'),
    );
    expect(await screen.findByRole('button', { name: 'Save Dell XPS 13' })).toBeTruthy();
  });

  it('asks a guest to log in, then saves the laptop back on the page', async () => {
    const { router, queryClient } = drawCards();
    await userEvent.click(screen.getByRole('button', { name: 'Save Dell XPS 13' }));
    expect(await screen.findByRole('heading', { name: 'Log in' })).toBeTruthy();
    expect(writes()).toEqual([]);
    // A guest's page never asks for saved laptops.
    expect(calls.some((call) => call.path === '/api/favourites/ids')).toBe(false);

    session = buyer;
    queryClient.setQueryData(sessionKeys.all, buyer);
    await act(() => router.navigate('/search'));
    expect(
      await screen.findByRole('button', { name: 'Remove Dell XPS 13 from saved' }),
    ).toBeTruthy();
    expect(writes().map(({ method, path }) => `${method} ${path}`)).toEqual([
      'PUT /api/favourites/p-xps',
    ]);
  });

  it('tells a guest who logs in as a seller that only buyers save laptops', async () => {
    const { router, queryClient } = drawCards();
    await userEvent.click(screen.getByRole('button', { name: 'Save Dell XPS 13' }));
    expect(await screen.findByRole('heading', { name: 'Log in' })).toBeTruthy();
    const seller = makeSessionUser({ id: 'u-sam', typeOfUser: 'seller' });
    session = seller;
    queryClient.setQueryData(sessionKeys.all, seller);
    await act(() => router.navigate('/search'));
    await waitFor(() =>
      expect(toast.error).toHaveBeenCalledWith('Only buyer accounts can save laptops.'),
    );
    expect(writes()).toEqual([]);
  });

  it('is not on the cards of sellers and admins', async () => {
    session = makeSessionUser({ id: 'u-sam', typeOfUser: 'seller' });
    drawCards();
    await screen.findAllByRole('article');
    expect(screen.queryByRole('button', { name: /^Save / })).toBeNull();
  });
});
