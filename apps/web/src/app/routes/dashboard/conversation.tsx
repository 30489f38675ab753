import { useCallback } from 'react';
import { useParams } from 'react-router';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { ApiRequestError } from '../../../lib/api-client.ts';
import { useThread } from '../../../features/conversations/api/get-thread.ts';
import { ThreadView } from '../../../features/conversations/components/thread-view.tsx';
import { conversationMessages as t } from '../../../features/conversations/messages.ts';

/** /dashboard/messages/:id: one conversation; the server answers 404 to anyone outside it. */
export function ConversationPage() {
  const { id = '' } = useParams();
  const thread = useThread(id);
  const { fetchNextPage } = thread;
  // Stable, so the memoised message list is not drawn again for a new function.
  const loadOlder = useCallback(() => void fetchNextPage(), [fetchNextPage]);
  if (thread.isPending) return <Spinner />;
  if (thread.isError) {
    const missing =
      thread.error instanceof ApiRequestError && [400, 404].includes(thread.error.status);
    return (
      <section className="flex flex-col items-start gap-4">
        <h1 className="text-2xl font-bold sm:text-3xl">
          {missing ? t.notFoundTitle : t.loadFailed}
        </h1>
        <p className="text-base-content/80">{missing ? t.notFoundText : thread.error.message}</p>
        {!missing && (
          <button type="button" className="btn btn-sm" onClick={() => void thread.refetch()}>
            {t.retry}
          </button>
        )}
      </section>
    );
  }
  const [newest] = thread.data.pages;
  if (!newest) return <Spinner />;
  return (
    <ThreadView
      thread={newest}
      pages={thread.data.pages}
      hasOlder={thread.hasNextPage}
      loadingOlder={thread.isFetchingNextPage}
      onLoadOlder={loadOlder}
    />
  );
}
