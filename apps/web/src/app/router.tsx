import { createBrowserRouter, type RouteObject } from 'react-router';
import { Spinner } from '../components/ui/spinner.tsx';
import { withTimeout } from './lazy-route.ts';
import { MainLayout } from './layouts/main-layout.tsx';
import { HomeRoute } from './routes/home.tsx';
import { NotFoundRoute } from './routes/not-found.tsx';
import { RouteError } from './routes/route-error.tsx';

export const routes: RouteObject[] = [
  {
    path: '/',
    element: <MainLayout />,
    errorElement: <RouteError />,
    HydrateFallback: Spinner,
    children: [
      {
        // Errors below the layout render inside it, with the navbar and footer.
        errorElement: <RouteError />,
        children: [
          { index: true, element: <HomeRoute /> },
          {
            path: 'blogs',
            lazy: withTimeout(async () => {
              const { BlogsPage } = await import('../features/blogs/components/blogs-page.tsx');
              return { Component: BlogsPage };
            }),
          },
          {
            path: 'category/:id',
            lazy: withTimeout(async () => {
              const { CategoryRoute } = await import('./routes/category.tsx');
              return { Component: CategoryRoute };
            }),
          },
          {
            path: 'login',
            lazy: withTimeout(async () => {
              const { LoginPage } = await import('../features/auth/components/login-page.tsx');
              return { Component: LoginPage };
            }),
          },
          { path: '*', element: <NotFoundRoute /> },
        ],
      },
    ],
  },
];

export function createRouter() {
  return createBrowserRouter(routes);
}
