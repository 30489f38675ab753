import type { QueryClient } from '@tanstack/react-query';
import { createBrowserRouter, type RouteObject } from 'react-router';
import { paths } from '../config/paths.ts';
import { sendToLoginWhenSignedOut } from './guards/send-to-login.ts';
import { withTimeout } from './lazy-route.ts';
import { Spinner } from '../components/ui/spinner.tsx';
import { MainLayout } from './layouts/main-layout.tsx';
import { HomeRoute } from './routes/home.tsx';
import { RouteError } from './routes/route-error.tsx';

function buildRoutes(queryClient: QueryClient): RouteObject[] {
  return [
    {
      path: paths.home.path,
      element: <MainLayout />,
      errorElement: <RouteError />,
      children: [
        {
          // Errors below the layout render inside it, with the navbar and footer.
          errorElement: <RouteError />,
          // While the first page's code loads, the layout shows with a spinner in it
          // (what the build wrote into the HTML); the page then arrives in the same
          // layout, which stays as it is.
          HydrateFallback: Spinner,
          children: [
            { index: true, element: <HomeRoute /> },
            {
              path: paths.blogs.path,
              lazy: withTimeout(async () => {
                const { BlogsPage } = await import('./routes/blogs.tsx');
                return { Component: BlogsPage };
              }),
            },
            // The footer's pages: the three in one chunk, loaded when first visited.
            ...(['faq', 'privacy', 'terms'] as const).map((page) => ({
              path: paths[page].path,
              lazy: withTimeout(async () => {
                const { infoPageFor } = await import('./routes/info-page.tsx');
                return { Component: infoPageFor(page) };
              }),
            })),
            {
              path: paths.category.path,
              // Public, like search: contact details are the server's to hide from guests.
              lazy: withTimeout(async () => {
                const { CategoryRoute, categoryRouteLoader } =
                  await import('./routes/category.tsx');
                return { loader: categoryRouteLoader(queryClient), Component: CategoryRoute };
              }),
            },
            {
              path: paths.laptop.path,
              // Public: contact details are the server's to hide from guests.
              lazy: withTimeout(async () => {
                const { LaptopRoute, laptopRouteLoader } = await import('./routes/laptop.tsx');
                return { loader: laptopRouteLoader(queryClient), Component: LaptopRoute };
              }),
            },
            {
              path: paths.seller.path,
              lazy: withTimeout(async () => {
                const { SellerRoute, sellerRouteLoader } = await import('./routes/seller.tsx');
                return { loader: sellerRouteLoader(queryClient), Component: SellerRoute };
              }),
            },
            {
              path: paths.conditions.path,
              lazy: withTimeout(async () => {
                const { ConditionsPage } = await import('./routes/conditions.tsx');
                return { Component: ConditionsPage };
              }),
            },
            {
              path: paths.search.path,
              lazy: withTimeout(async () => {
                const { SearchRoute, searchRouteLoader } = await import('./routes/search.tsx');
                return { loader: searchRouteLoader(queryClient), Component: SearchRoute };
              }),
            },
            {
              path: paths.login.path,
              lazy: withTimeout(async () => {
                const { LoginPage } = await import('./routes/auth/login.tsx');
                return { Component: LoginPage };
              }),
            },
            {
              path: paths.signUp.path,
              lazy: withTimeout(async () => {
                const { SignUpPage } = await import('./routes/auth/sign-up.tsx');
                return { Component: SignUpPage };
              }),
            },
            {
              path: paths.resetPassword.path,
              lazy: withTimeout(async () => {
                const { ResetPasswordPage } = await import('./routes/auth/reset-password.tsx');
                return { Component: ResetPasswordPage };
              }),
            },
            {
              // Its pages other than the first join the table when one is first visited
              // (dashboard-routes.tsx): Home's first download does not carry them.
              id: DASHBOARD_ROUTE_ID,
              path: paths.dashboard.root.path,
              lazy: withTimeout(async () => {
                const [{ DashboardLayout }, { RequireAuthForPage }] = await Promise.all([
                  import('./layouts/dashboard-layout.tsx'),
                  import('./guards/require-auth.tsx'),
                ]);
                return {
                  Component: () => (
                    <RequireAuthForPage>
                      <DashboardLayout />
                    </RequireAuthForPage>
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
              ],
            },
            {
              path: paths.notFound.path,
              lazy: withTimeout(async () => {
                const { NotFoundRoute } = await import('./routes/not-found.tsx');
                return { Component: NotFoundRoute };
              }),
            },
          ],
        },
      ],
    },
  ];
}

const DASHBOARD_ROUTE_ID = 'dashboard';

export function createRouter(queryClient: QueryClient) {
  let dashboardPatched = false;
  const router = createBrowserRouter(buildRoutes(queryClient), {
    async patchRoutesOnNavigation({ path, patch }) {
      if (dashboardPatched || !path.startsWith(paths.dashboard.root.getHref())) return;
      const { dashboardPages } = await import('./dashboard-routes.tsx');
      if (dashboardPatched) return;
      dashboardPatched = true;
      patch(DASHBOARD_ROUTE_ID, dashboardPages(queryClient));
    },
  });
  sendToLoginWhenSignedOut(queryClient, router);
  return router;
}
