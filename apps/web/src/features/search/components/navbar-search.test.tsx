import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { expect, it, vi } from 'vitest';
import { NavbarSearch } from './navbar-search.tsx';

function Where() {
  const location = useLocation();
  return <p data-testid="where">{location.pathname + location.search}</p>;
}

it('navigates to /search with the typed text', async () => {
  const onDone = vi.fn();
  const router = createMemoryRouter(
    [
      { path: '/', element: <NavbarSearch onDone={onDone} /> },
      { path: '/search', element: <Where /> },
    ],
    { initialEntries: ['/'] },
  );
  render(<RouterProvider router={router} />);
  const user = userEvent.setup();

  const input = screen.getByRole('searchbox', { name: 'Search laptops' });
  expect(input.getAttribute('placeholder')).toBe('Search laptops');
  await user.type(input, 'thinkpad{Enter}');

  expect((await screen.findByTestId('where')).textContent).toBe('/search?q=thinkpad');
  expect(onDone).toHaveBeenCalledOnce();
});

/** The page the build writes into the HTML, with the navbar's box the app replaces. */
function prerenderedPage() {
  const root = document.createElement('div');
  root.id = 'root';
  root.innerHTML = '<form role="search"><input type="search" name="q" data-prerendered></form>';
  document.body.append(root);
  return { root, early: root.querySelector('input')! };
}

it('keeps what was typed, and the focus, in the box the HTML showed before the app started', async () => {
  const { root, early } = prerenderedPage();
  early.value = 'thinkpad';
  early.focus();

  const router = createMemoryRouter(
    [
      { path: '/', element: <NavbarSearch /> },
      { path: '/search', element: <Where /> },
    ],
    { initialEntries: ['/'] },
  );
  render(<RouterProvider router={router} />, { container: root });
  const input = screen.getByRole('searchbox', { name: 'Search laptops' });
  expect((input as HTMLInputElement).value).toBe('thinkpad');
  expect(document.activeElement).toBe(input);
  await userEvent.setup().keyboard('{Enter}');
  expect((await screen.findByTestId('where')).textContent).toBe('/search?q=thinkpad');
  root.remove();
});

it("keeps what was typed into the HTML's box while the app's first render was under way", async () => {
  const { root, early } = prerenderedPage();
  early.value = 'think';
  // Drawn after the navbar's box, before the app's page replaces the HTML's: the
  // visitor's typing goes on meanwhile.
  const typing = { done: false };
  function TypingMeanwhile() {
    if (!typing.done) {
      typing.done = true;
      early.value = 'thinkpad';
      early.dispatchEvent(new Event('input', { bubbles: true }));
    }
    return null;
  }

  const router = createMemoryRouter(
    [
      {
        path: '/',
        element: (
          <>
            <NavbarSearch />
            <TypingMeanwhile />
          </>
        ),
      },
      { path: '/search', element: <Where /> },
    ],
    { initialEntries: ['/'] },
  );
  render(<RouterProvider router={router} />, { container: root });
  const input = screen.getByRole('searchbox', { name: 'Search laptops' });
  expect((input as HTMLInputElement).value).toBe('thinkpad');
  await userEvent.setup().type(input, '{Enter}');
  expect((await screen.findByTestId('where')).textContent).toBe('/search?q=thinkpad');
  root.remove();
});

it("shows the search page's search, and forgets what was typed on the next page", async () => {
  const router = createMemoryRouter(
    [
      {
        path: '*',
        element: (
          <>
            <NavbarSearch />
            <Where />
          </>
        ),
      },
    ],
    { initialEntries: ['/search?q=dell'] },
  );
  render(<RouterProvider router={router} />);
  const user = userEvent.setup();
  const input = screen.getByRole('searchbox', { name: 'Search laptops' }) as HTMLInputElement;
  expect(screen.getByRole('search', { name: 'Search laptops' })).toBeTruthy();
  expect(input.value).toBe('dell');

  // The same search again replaces the page in the history instead of adding one.
  const entries = router.state.location.key;
  await user.click(screen.getByRole('button', { name: 'Search' }));
  expect(router.state.historyAction).toBe('REPLACE');
  expect(router.state.location.key).not.toBe(entries);

  await user.clear(input);
  await user.type(input, 'thinkpad');
  await router.navigate('/search?q=hp');
  await screen.findByText('/search?q=hp');
  expect(input.value).toBe('hp');
  await router.navigate('/');
  await screen.findByText('/');
  expect(input.value).toBe('');
});
