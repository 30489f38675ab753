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
