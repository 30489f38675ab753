import { QueryObserver } from '@tanstack/react-query';
import { createMemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { SessionUser } from '@laptops/shared/auth';
import { sessionQueryOptions } from '../../lib/get-session.ts';
import { sessionKeys } from '../../lib/query-keys.ts';
import { makeSessionUser } from '../../testing/factories.ts';
import type { LoginState } from '../../features/auth/return-to.ts';
import {
  ApiRequestError,
  apiRequest,
  isSessionEnded,
  serverChecked,
} from '../../lib/api-client.ts';
import { createQueryClient } from '../../lib/query-client.ts';
import { sendToLoginWhenSignedOut } from './send-to-login.ts';

const buyer = makeSessionUser();

/** The server's answers by path; anything else is our API's 401. */
function serve(answers: Record<string, unknown>) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const path = String(input);
      if (path in answers) return new Response(JSON.stringify(answers[path]));
      return new Response(
        JSON.stringify({ error: { code: 'UNAUTHENTICATED', message: 'Please sign in first.' } }),
        { status: 401 },
      );
    }),
  );
}

afterEach(() => vi.unstubAllGlobals());

function setUp(session: SessionUser | null) {
  const queryClient = createQueryClient();
  queryClient.setQueryData(sessionKeys.all, session);
  const router = createMemoryRouter(
    [
      { path: '/', element: null },
      { path: '/dashboard/myorders', element: null, handle: { role: 'buyer' } },
      { path: '/login', element: null },
    ],
    { initialEntries: ['/', '/dashboard/myorders?page=2'] },
  );
  sendToLoginWhenSignedOut(queryClient, router);
  const fetchMyOrders = () =>
    queryClient
      .fetchQuery({
        queryKey: ['myOrders'],
        queryFn: () => apiRequest('/api/myOrders', serverChecked()),
      })
      .catch(() => undefined);
  return { queryClient, router, fetchMyOrders };
}

describe('sendToLoginWhenSignedOut', () => {
  it('takes someone whose session ended elsewhere to log in, saying so, and remembers the page', async () => {
    serve({});
    const { router, queryClient, fetchMyOrders } = setUp(buyer);
    await fetchMyOrders();
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    const state = router.state.location.state as LoginState;
    expect(state.signedOut).toBe(true);
    expect(state.role).toBe('buyer');
    expect(`${state.from.pathname}${state.from.search}`).toBe('/dashboard/myorders?page=2');
    // In place of the refused page: Back does not lead to it.
    expect(router.state.historyAction).toBe('REPLACE');
    // The login page forgets the session once it shows; until then the page's guard
    // still sees the user (else it would send them to log in without a word).
    expect(queryClient.getQueryData(sessionKeys.all)).toEqual(buyer);
  });

  it('handles one ending once, however many requests it refused', async () => {
    serve({});
    const { router, fetchMyOrders } = setUp(buyer);
    const navigate = vi.spyOn(router, 'navigate');
    await Promise.all([fetchMyOrders(), fetchMyOrders(), fetchMyOrders()]);
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    await fetchMyOrders();
    expect(navigate).toHaveBeenCalledTimes(1);
  });

  it("leaves a guest's refusals to the screens", async () => {
    serve({});
    const { router, fetchMyOrders } = setUp(null);
    await fetchMyOrders();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(router.state.location.pathname).toBe('/dashboard/myorders');
  });

  it('is not fooled by a wrong password or a refusal for the role (403)', async () => {
    serve({});
    const { router, queryClient } = setUp(buyer);
    const refuse = (error: ApiRequestError) =>
      queryClient
        .fetchQuery({ queryKey: [error.code], queryFn: () => Promise.reject(error) })
        .catch(() => undefined);
    await refuse(
      new ApiRequestError(401, 'INVALID_EMAIL_OR_PASSWORD', 'Invalid email or password'),
    );
    await refuse(new ApiRequestError(403, 'FORBIDDEN', 'Only sellers can do this.'));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(router.state.location.pathname).toBe('/dashboard/myorders');
  });

  it("also when a refused write was the first to notice (better-auth's 401)", async () => {
    serve({});
    const { router, queryClient } = setUp(buyer);
    const observer = queryClient.getMutationCache().build(queryClient, {
      mutationFn: () => Promise.reject(new ApiRequestError(401, 'UNAUTHORIZED', 'Unauthorized')),
    });
    await observer.execute(undefined).catch(() => undefined);
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/login'));
  });

  it('also when the session, asked again, is gone', async () => {
    serve({ '/api/auth/get-session': null });
    const { router, queryClient } = setUp(buyer);
    const session = new QueryObserver(queryClient, { ...sessionQueryOptions(), staleTime: 0 });
    const unsubscribe = session.subscribe(() => {});
    await session.refetch();
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect((router.state.location.state as LoginState).signedOut).toBe(true);
    unsubscribe();
  });
});

describe('isSessionEnded', () => {
  it("is our API's and better-auth's 401 for a missing session, nothing else", () => {
    expect(isSessionEnded(new ApiRequestError(401, 'UNAUTHENTICATED', 'x'))).toBe(true);
    expect(isSessionEnded(new ApiRequestError(401, 'UNAUTHORIZED', 'x'))).toBe(true);
    expect(isSessionEnded(new ApiRequestError(401, 'INVALID_EMAIL_OR_PASSWORD', 'x'))).toBe(false);
    expect(isSessionEnded(new ApiRequestError(403, 'FORBIDDEN', 'x'))).toBe(false);
    expect(isSessionEnded(new Error('UNAUTHENTICATED'))).toBe(false);
  });
});
