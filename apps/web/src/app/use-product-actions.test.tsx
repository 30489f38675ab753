import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import toast from 'react-hot-toast/headless';
import { useParams } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { SessionUser } from '@laptops/shared/auth';
import { ProductGrid } from '../features/products/components/product-grid.tsx';
import { sessionKeys } from '../lib/query-keys.ts';
import { makeProduct, makeSessionUser } from '../testing/factories.ts';
import { jsonResponse } from '../testing/json-response.ts';
import { mockApi, undoMocks, type ApiCall } from '../testing/mock-api.ts';
import { createTestQueryClient, renderWithProviders } from '../testing/render-with-providers.tsx';
import { useProductActions } from './use-product-actions.tsx';

const laptop = makeProduct({ _id: 'p-xps', sellerId: 'u-marcus' });
const buyer = makeSessionUser({ id: 'u-bea', typeOfUser: 'buyer' });

/** A page of cards, as Home, a category and a search draw them. */
function Cards() {
  const actions = useProductActions();
  return (
    <>
      <ProductGrid
        products={[laptop]}
        onBook={actions.onBook}
        onReport={actions.onReport}
        onAsk={actions.onAsk}
      />
      {actions.modals}
    </>
  );
}

function Thread() {
  return <h1>Thread {useParams().id}</h1>;
}

let session: SessionUser | null;
let started: Response;
let calls: ApiCall[];

// The call loads on the first tap; loaded here once, as the browser would have it cached,
// so that its first transform in the test runner does not outlast a test's wait.
beforeAll(() => import('../features/conversations/api/start-conversation.ts'));

beforeEach(() => {
  sessionStorage.clear();
  session = null;
  started = jsonResponse({ conversationId: 'c-1' }, 201);
  calls = mockApi(({ method, path }) => {
    if (path === '/api/auth/get-session') return jsonResponse(session && { user: session });
    if (path === '/api/myOrders') return jsonResponse([]);
    if (method === 'POST' && path === '/api/conversations') return started;
    return undefined;
  });
});

afterEach(undoMocks);

/** The page, with the session known (the navbar asked for it when the app started). */
function drawCards() {
  const queryClient = createTestQueryClient();
  queryClient.setQueryData(sessionKeys.all, session);
  return renderWithProviders(<Cards />, {
    path: '/search',
    queryClient,
    routes: [
      { path: '/login', element: <h1>Log in</h1> },
      { path: '/dashboard/messages/:id', element: <Thread /> },
    ],
  });
}

async function askOnCard() {
  const card = await screen.findByRole('article', { name: 'Dell XPS 13' });
  await userEvent.click(within(card).getByRole('button', { name: 'More options: Dell XPS 13' }));
  await userEvent.click(within(card).getByRole('menuitem', { name: 'Ask the seller' }));
}

const starts = () => calls.filter((call) => call.path === '/api/conversations');

describe("'Ask the seller' on a laptop's card", () => {
  it("opens the buyer's conversation about the laptop", async () => {
    session = buyer;
    const { router } = drawCards();
    await askOnCard();

    expect(await screen.findByRole('heading', { name: 'Thread c-1' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/dashboard/messages/c-1');
    expect(starts()).toEqual([
      { method: 'POST', path: '/api/conversations', body: { productId: 'p-xps' } },
    ]);
  });

  it('sends a guest to log in, then opens the conversation back on the page', async () => {
    const { router, queryClient } = drawCards();
    await askOnCard();

    expect(await screen.findByRole('heading', { name: 'Log in' })).toBeTruthy();
    expect(starts()).toEqual([]);

    // Logged in, the login page takes them back where they were.
    session = buyer;
    queryClient.setQueryData(sessionKeys.all, buyer);
    await act(() => router.navigate('/search'));

    expect(await screen.findByRole('heading', { name: 'Thread c-1' })).toBeTruthy();
    expect(starts()).toHaveLength(1);
  });

  it('says why when the server refuses, and stays on the page', async () => {
    session = buyer;
    started = jsonResponse(
      { error: { code: 'PRODUCT_SOLD', message: 'This laptop has been sold.' } },
      409,
    );
    const { router } = drawCards();
    await askOnCard();

    await waitFor(() => expect(toast.error).toHaveBeenCalledWith('This laptop has been sold.'));
    expect(router.state.location.pathname).toBe('/search');
  });
});
