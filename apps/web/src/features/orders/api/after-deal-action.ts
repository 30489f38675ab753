import type { QueryClient } from '@tanstack/react-query';
import type { OrderDetails } from '@laptops/shared/orders';
import { conversationKeys, orderKeys, productKeys, sellerKeys } from '../../../lib/query-keys.ts';

/**
 * After a handover, a confirmation or a seller's cancellation: the order page shows the
 * answer at once (each call answers the order as it now stands), and what else the
 * change touched asks again: both people's lists, the laptop (back on sale after a
 * cancellation) and the thread, which has a new line.
 */
export async function afterDealAction(queryClient: QueryClient, order: OrderDetails) {
  const pageKey = orderKeys.details(order._id);
  await queryClient.cancelQueries({ queryKey: pageKey });
  queryClient.setQueryData(pageKey, order);
  const isThisPage = (key: readonly unknown[]) =>
    key.length === pageKey.length && key.every((part, index) => part === pageKey[index]);
  // Not waited for: the action is done once its answer shows.
  void Promise.all([
    queryClient.invalidateQueries({
      queryKey: orderKeys.all,
      predicate: (query) => !isThisPage(query.queryKey),
    }),
    queryClient.invalidateQueries({ queryKey: sellerKeys.buyers }),
    queryClient.invalidateQueries({ queryKey: productKeys.all }),
    queryClient.invalidateQueries({ queryKey: conversationKeys.all }),
  ]);
}
