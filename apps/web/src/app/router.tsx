import type { ComponentType } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router';
import type { UserType } from '@laptops/shared/auth';
import { Spinner } from '../components/ui/spinner.tsx';
import { messages } from '../lib/messages.ts';
import { RequireAuth } from './guards/require-auth.tsx';
import { RequireRole } from './guards/require-role.tsx';
import { withTimeout } from './lazy-route.ts';
import { MainLayout } from './layouts/main-layout.tsx';
import { HomeRoute } from './routes/home.tsx';
import { NotFoundRoute } from './routes/not-found.tsx';
import { RouteError } from './routes/route-error.tsx';

const menu = messages.dashboard.menu;
const titles = messages.dashboard.titles;

/** A dashboard screen still to be built by its feature, behind its role's guard. */
function pendingRoute(path: string, role: UserType, title: string): RouteObject {
  return {
    path,
    lazy: withTimeout(async () => {
      const { PendingPage } = await import('./routes/dashboard/pending-page.tsx');
      return {
        Component: () => (
          <RequireRole role={role}>
            <PendingPage title={title} />
          </RequireRole>
        ),
      };
    }),
  };
}

/** A dashboard screen behind its role's guard, loaded when first visited. */
function roleRoute(path: string, role: UserType, load: () => Promise<ComponentType>): RouteObject {
  return {
    path,
    lazy: withTimeout(async () => {
      const Screen = await load();
      return {
        Component: () => (
          <RequireRole role={role}>
            <Screen />
          </RequireRole>
        ),
      };
    }),
  };
}

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
              return {
                Component: () => (
                  <RequireAuth>
                    <CategoryRoute />
                  </RequireAuth>
                ),
              };
            }),
          },
          {
            path: 'login',
            lazy: withTimeout(async () => {
              const { LoginPage } = await import('../features/auth/components/login-page.tsx');
              return { Component: LoginPage };
            }),
          },
          {
            path: 'signup',
            lazy: withTimeout(async () => {
              const { SignUpPage } = await import('../features/auth/components/sign-up-page.tsx');
              return { Component: SignUpPage };
            }),
          },
          {
            path: 'reset-password',
            lazy: withTimeout(async () => {
              const { ResetPasswordPage } =
                await import('../features/auth/components/reset-password-page.tsx');
              return { Component: ResetPasswordPage };
            }),
          },
          {
            path: 'dashboard',
            lazy: withTimeout(async () => {
              const { DashboardLayout } = await import('./layouts/dashboard-layout.tsx');
              return {
                Component: () => (
                  <RequireAuth>
                    <DashboardLayout />
                  </RequireAuth>
                ),
              };
            }),
            children: [
              {
                index: true,
                lazy: withTimeout(async () => {
                  const { DashboardHomeRoute } =
                    await import('./routes/dashboard/dashboard-home.tsx');
                  return { Component: DashboardHomeRoute };
                }),
              },
              {
                path: 'profile',
                lazy: withTimeout(async () => {
                  const { ProfilePage } =
                    await import('../features/auth/components/profile-page.tsx');
                  return { Component: ProfilePage };
                }),
              },
              pendingRoute('myorders', 'buyer', menu.myOrders),
              pendingRoute('payment/:id', 'buyer', titles.payment),
              roleRoute('addaproduct', 'seller', async () => {
                const { AddProductPage } =
                  await import('../features/seller/components/add-product-page.tsx');
                return AddProductPage;
              }),
              roleRoute('myproducts', 'seller', async () => {
                const { MyProductsPage } =
                  await import('../features/seller/components/my-products-page.tsx');
                return MyProductsPage;
              }),
              roleRoute('mybuyers', 'seller', async () => {
                const { MyBuyersPage } =
                  await import('../features/seller/components/my-buyers-page.tsx');
                return MyBuyersPage;
              }),
              pendingRoute('allsellers', 'admin', menu.allSellers),
              pendingRoute('allbuyers', 'admin', menu.allBuyers),
              pendingRoute('allusers', 'admin', menu.allUsers),
              pendingRoute('reportedItems', 'admin', titles.reports),
            ],
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
