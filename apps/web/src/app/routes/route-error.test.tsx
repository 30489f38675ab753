import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { expect, it, vi } from 'vitest';
import { RouteError } from './route-error.tsx';

function Broken(): never {
  throw new Error('render failed');
}

it('shows the error screen when a route fails to render or load', async () => {
  vi.spyOn(console, 'error').mockImplementation(() => {});
  const router = createMemoryRouter([
    { path: '/', element: <Broken />, errorElement: <RouteError /> },
    {
      path: '/loader',
      loader: () => {
        throw new Error('loader failed');
      },
      element: <p>never</p>,
      errorElement: <RouteError />,
    },
  ]);
  render(<RouterProvider router={router} />);
  expect((await screen.findByRole('alert')).textContent).toContain('Something went wrong');
  await router.navigate('/loader');
  expect(await screen.findByRole('heading', { name: 'Something went wrong' })).toBeTruthy();
});
