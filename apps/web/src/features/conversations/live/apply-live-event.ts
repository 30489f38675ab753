import type { InfiniteData, QueryClient } from '@tanstack/react-query';
import type { Thread } from '@laptops/shared/conversations';
import type { LiveEvent } from '@laptops/shared/live';
import { conversationKeys, orderKeys, sellerKeys } from '../../../lib/query-keys.ts';

/**
 * Brings what the event stream said into the query cache: a new message goes to the
 * top of its open thread (once: a resumed stream may repeat one), and the inbox and the
 * unread count are asked for again. A line the marketplace wrote tells of a change to a
 * deal (paid, handed over, cancelled, refunded): the orders and My buyers ask again,
 * so an order page open on the other side follows at once.
 */
export function applyLiveEvent(queryClient: QueryClient, event: LiveEvent) {
  if (event.type === 'resync') {
    void queryClient.invalidateQueries({ queryKey: conversationKeys.all });
    return;
  }
  if (event.type === 'message') {
    const { message } = event;
    if (message.system) {
      void queryClient.invalidateQueries({ queryKey: orderKeys.all });
      void queryClient.invalidateQueries({ queryKey: sellerKeys.buyers });
    }
    queryClient.setQueryData<InfiniteData<Thread, string | undefined>>(
      conversationKeys.thread(event.conversationId),
      (data) => {
        const [newest, ...older] = data?.pages ?? [];
        if (!data || !newest) return data;
        const known = data.pages.some((page) => page.messages.some((m) => m._id === message._id));
        if (known) return data;
        return {
          ...data,
          pages: [{ ...newest, messages: [message, ...newest.messages] }, ...older],
        };
      },
    );
  }
  void queryClient.invalidateQueries({ queryKey: conversationKeys.all, exact: true });
  void queryClient.invalidateQueries({ queryKey: conversationKeys.unread });
}
