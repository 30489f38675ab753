import type { ComponentType } from 'react';
import type { QueryClient } from '@tanstack/react-query';
import { data, useLoaderData, type LoaderFunctionArgs, type RouteObject } from 'react-router';
import type { UserType } from '@laptops/shared/auth';
import type { Order } from '@laptops/shared/orders';
import { paths } from '../config/paths.ts';
import { ApiRequestError } from '../lib/api-client.ts';
import type { RoleHandle } from './guards/role-handle.ts';
import { withTimeout } from './lazy-route.ts';

/** A dashboard screen behind its role's guard, loaded when first visited. */
function roleRoute(path: string, role: UserType, load: () => Promise<ComponentType>): RouteObject {
  return {
    path,
    // Read by the signed-in guard above it, which sends a guest to log in first.
    handle: { role } satisfies RoleHandle,
    lazy: withTimeout(async () => {
      // Guards load with the screens: Home's first download does not need them.
      const [Screen, { RequireRole }] = await Promise.all([
        load(),
        import('./guards/require-role.tsx'),
      ]);
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

/**
 * /dashboard/payment/:id: the loader fetches the order before the screen shows.
 * Without a session or the role, the guard takes over; someone else's
 * or an unknown order is "not found".
 */
function paymentRoute(queryClient: QueryClient): RouteObject {
  return {
    path: paths.dashboard.payment.path,
    handle: { role: 'buyer' } satisfies RoleHandle,
    lazy: withTimeout(async () => {
      const [{ myOrderQueryOptions }, { PaymentPage }, { RequireRole }] = await Promise.all([
        import('../features/orders/api/get-my-order.ts'),
        import('./routes/dashboard/payment.tsx'),
        import('./guards/require-role.tsx'),
      ]);
      return {
        loader: async ({ params }: LoaderFunctionArgs) => {
          try {
            return await queryClient.fetchQuery(myOrderQueryOptions(params.id ?? ''));
          } catch (error) {
            if (error instanceof ApiRequestError && [401, 403].includes(error.status)) return null;
            if (error instanceof ApiRequestError && [400, 404].includes(error.status)) {
              throw data(null, { status: 404 });
            }
            throw error;
          }
        },
        Component: function PaymentRoute() {
          const order = useLoaderData<Order | null>();
          return <RequireRole role="buyer">{order && <PaymentPage order={order} />}</RequireRole>;
        },
      };
    }),
  };
}

/**
 * The dashboard's pages after its first: the router adds them under the dashboard's
 * route when one of them is first visited (router.tsx), so this table and every
 * page's loader stay out of Home's first download.
 */
export function dashboardPages(queryClient: QueryClient): RouteObject[] {
  return [
    {
      path: paths.dashboard.profile.path,
      lazy: withTimeout(async () => {
        const { ProfilePage } = await import('./routes/dashboard/profile.tsx');
        return { Component: ProfilePage };
      }),
    },
    roleRoute(paths.dashboard.myOrders.path, 'buyer', async () => {
      const { MyOrdersPage } = await import('./routes/dashboard/my-orders.tsx');
      return MyOrdersPage;
    }),
    roleRoute(paths.dashboard.saved.path, 'buyer', async () => {
      const { SavedPage } = await import('./routes/dashboard/saved.tsx');
      return SavedPage;
    }),
    paymentRoute(queryClient),
    {
      path: paths.dashboard.messages.path,
      lazy: withTimeout(async () => {
        const { MessagesPage } = await import('./routes/dashboard/messages.tsx');
        return { Component: MessagesPage };
      }),
    },
    {
      // Buyers' and sellers'; the server refuses admins, whose menu has no link here.
      path: paths.dashboard.savedSearches.path,
      lazy: withTimeout(async () => {
        const { SavedSearchesPage } = await import('./routes/dashboard/saved-searches.tsx');
        return { Component: SavedSearchesPage };
      }),
    },
    {
      // Its two people's: the server answers 404 to anyone else.
      path: paths.dashboard.conversation.path,
      lazy: withTimeout(async () => {
        const { ConversationPage } = await import('./routes/dashboard/conversation.tsx');
        return { Component: ConversationPage };
      }),
    },
    {
      // Its buyer's and its seller's: the server answers 404 to anyone else.
      path: paths.dashboard.order.path,
      lazy: withTimeout(async () => {
        const { OrderPage } = await import('./routes/dashboard/order.tsx');
        return { Component: OrderPage };
      }),
    },
    roleRoute(paths.dashboard.addProduct.path, 'seller', async () => {
      const { AddProductPage } = await import('./routes/dashboard/add-product.tsx');
      return AddProductPage;
    }),
    roleRoute(paths.dashboard.myProducts.path, 'seller', async () => {
      const { MyProductsPage } = await import('./routes/dashboard/my-products.tsx');
      return MyProductsPage;
    }),
    roleRoute(paths.dashboard.editProduct.path, 'seller', async () => {
      const { EditProductPage } = await import('./routes/dashboard/edit-product.tsx');
      return EditProductPage;
    }),
    roleRoute(paths.dashboard.myBuyers.path, 'seller', async () => {
      const { MyBuyersPage } = await import('./routes/dashboard/my-buyers.tsx');
      return MyBuyersPage;
    }),
    roleRoute(paths.dashboard.earnings.path, 'seller', async () => {
      const { EarningsPage } = await import('./routes/dashboard/earnings-pages.ts');
      return EarningsPage;
    }),
    roleRoute(paths.dashboard.testOnboarding.path, 'seller', async () => {
      const { TestOnboardingPage } = await import('./routes/dashboard/earnings-pages.ts');
      return TestOnboardingPage;
    }),
    roleRoute(paths.dashboard.allSellers.path, 'admin', async () => {
      const { AllSellersPage } = await import('./routes/dashboard/all-sellers.tsx');
      return AllSellersPage;
    }),
    roleRoute(paths.dashboard.allBuyers.path, 'admin', async () => {
      const { AllBuyersPage } = await import('./routes/dashboard/all-buyers.tsx');
      return AllBuyersPage;
    }),
    roleRoute(paths.dashboard.allUsers.path, 'admin', async () => {
      const { AllUsersRoute } = await import('./routes/dashboard/all-users.tsx');
      return AllUsersRoute;
    }),
    roleRoute(paths.dashboard.reportedItems.path, 'admin', async () => {
      const { ReportsPage } = await import('./routes/dashboard/reported-items.tsx');
      return ReportsPage;
    }),
    roleRoute(paths.dashboard.reportedConversations.path, 'admin', async () => {
      const { ReportedConversationsPage } =
        await import('./routes/dashboard/reported-conversations.tsx');
      return ReportedConversationsPage;
    }),
    roleRoute(paths.dashboard.reportedConversation.path, 'admin', async () => {
      const { ReportedConversationPage } =
        await import('./routes/dashboard/reported-conversation.tsx');
      return ReportedConversationPage;
    }),
    roleRoute(paths.dashboard.disputes.path, 'admin', async () => {
      const { DisputesPage } = await import('./routes/dashboard/disputes.tsx');
      return DisputesPage;
    }),
    roleRoute(paths.dashboard.dispute.path, 'admin', async () => {
      const { DisputePage } = await import('./routes/dashboard/dispute.tsx');
      return DisputePage;
    }),
    roleRoute(paths.dashboard.reviewReports.path, 'admin', async () => {
      const { ReviewReportsPage } = await import('./routes/dashboard/review-reports.tsx');
      return ReviewReportsPage;
    }),
    // dashboardPaths' paths, spelled out: importing that file here too
    // would make it a chunk of its own, whose name Home's download would carry.
    roleRoute('photo-verifications', 'admin', async () => {
      const { PhotoVerificationsPage } = await import('./routes/dashboard/photo-verifications.tsx');
      return PhotoVerificationsPage;
    }),
    roleRoute('serial-checks', 'admin', async () => {
      const { SerialChecksPage } = await import('./routes/dashboard/serial-checks.tsx');
      return SerialChecksPage;
    }),
    roleRoute(paths.dashboard.money.path, 'admin', async () => {
      const { MoneyPage } = await import('./routes/dashboard/money.tsx');
      return MoneyPage;
    }),
    roleRoute(paths.dashboard.activity.path, 'admin', async () => {
      const { ActivityPage } = await import('./routes/dashboard/activity.tsx');
      return ActivityPage;
    }),
  ];
}
