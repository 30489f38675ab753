import { useCallback } from 'react';
import { useParams } from 'react-router';
import { RecordLoadError } from '../../../components/ui/record-load-error.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
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
    return (
      <RecordLoadError
        error={thread.error}
        texts={t}
        retry={{ label: t.retry, onRetry: () => void thread.refetch() }}
      />
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
