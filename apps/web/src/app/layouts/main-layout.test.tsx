import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useEffect, useState } from 'react';
import { createMemoryRouter, Link, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MainLayout } from './main-layout.tsx';

beforeEach(() => {
  // A guest: the navbar asks for the session.
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response('null', { headers: { 'content-type': 'application/json' } })),
  );
});
afterEach(() => {
  vi.unstubAllGlobals();
});

/** A page whose heading comes with its data, when `headingArrives` resolves. */
let headingArrives: Promise<void> = Promise.resolve();
function LatePage() {
  const [ready, setReady] = useState(false);
  useEffect(() => void headingArrives.then(() => setReady(true)), []);
  return ready ? <h1>Late page</h1> : <p>Loading…</p>;
}

function renderSite(nextPage: () => Promise<null>) {
  const router = createMemoryRouter([
    {
      element: <MainLayout />,
      children: [
        {
          path: '/',
          element: (
            <>
              <h1>Laptop Resale</h1>
              <Link to="/next">Next page</Link>
              <Link to="/late">Late page</Link>
            </>
          ),
        },
        { path: '/next', loader: nextPage, element: <h1>The next page</h1> },
        { path: '/late', element: <LatePage /> },
      ],
    },
  ]);
  render(
    <QueryClientProvider client={new QueryClient()}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

describe('moving to another page', () => {
  it('shows a progress bar while the next page loads, then focuses its heading', async () => {
    let arrive = () => {};
    renderSite(() => new Promise((resolve) => (arrive = () => resolve(null))));
    const user = userEvent.setup();
    await user.click(await screen.findByRole('link', { name: 'Next page' }));

    expect(screen.getByRole('progressbar', { name: 'Loading' })).toBeTruthy();
    arrive();

    const heading = await screen.findByRole('heading', { name: 'The next page' });
    expect(screen.queryByRole('progressbar')).toBeNull();
    // Once React has run the new page's effects, which may come after it is drawn
    // (they did on a slow CI host).
    await waitFor(() => expect(document.activeElement).toBe(heading));
    expect(document.title).toBe('The next page · Laptop Resale');
  });

  it("leaves focus in a field the visitor is in (the navbar's search box)", async () => {
    const router = renderSite(async () => null);
    const [searchBox] = await screen.findAllByRole('searchbox');
    searchBox?.focus();
    await router.navigate('/next');

    await screen.findByRole('heading', { name: 'The next page' });
    expect(document.activeElement).toBe(searchBox);
  });

  it('does not take focus back from a link the visitor went on to while the heading was coming', async () => {
    let arrive = () => {};
    headingArrives = new Promise((resolve) => (arrive = resolve));
    renderSite(async () => null);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('link', { name: 'Late page' }));
    await screen.findByText('Loading…');
    const navbarLink = screen.getAllByRole('link', { name: 'Blogs' })[0];
    navbarLink?.focus();
    arrive();

    await screen.findByRole('heading', { name: 'Late page' });
    expect(document.activeElement).toBe(navbarLink);
  });
});

describe("the phone's menu", () => {
  it('closes on Escape and gives the focus back to its button', async () => {
    renderSite(() => Promise.resolve(null));
    const user = userEvent.setup();
    const toggle = screen.getByRole('button', { name: 'Open menu' });
    await user.click(toggle);
    const menuSearch = screen.getAllByRole('searchbox', { name: 'Search laptops' }).at(-1)!;
    await user.click(menuSearch);
    await user.keyboard('{Escape}');
    expect(screen.getByRole('button', { name: 'Open menu' })).toBe(document.activeElement);
    expect(screen.getAllByRole('searchbox')).toHaveLength(1);
  });
});

describe('the navbar of a signed-in person', () => {
  const signedIn = (typeOfUser: 'buyer' | 'seller') =>
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL) => {
        const url = String(input);
        const body = url.includes('get-session')
          ? { user: { id: 'u-1', name: 'Bea Buyer', email: 'bea@example.test', typeOfUser } }
          : { count: 0 };
        return new Response(JSON.stringify(body), {
          headers: { 'content-type': 'application/json' },
        });
      }),
    );

  it('has a heart that links a buyer to Saved laptops', async () => {
    signedIn('buyer');
    renderSite(() => Promise.resolve(null));
    const links = await screen.findAllByRole('link', { name: 'Saved laptops' });
    expect(links[0]?.getAttribute('href')).toBe('/dashboard/saved');
  });

  it('has none for a seller, who saves no laptops', async () => {
    signedIn('seller');
    renderSite(() => Promise.resolve(null));
    expect(await screen.findAllByRole('link', { name: /My profile/ })).not.toHaveLength(0);
    expect(screen.queryByRole('link', { name: 'Saved laptops' })).toBeNull();
  });
});
