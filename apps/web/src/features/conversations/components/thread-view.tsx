import { useEffect, useMemo, useRef, useState } from 'react';
import { Link } from 'react-router';
import type { Thread } from '@laptops/shared/conversations';
import { paths } from '../../../config/paths.ts';
import { formatPrice } from '../../../lib/format.ts';
import { useMarkRead } from '../api/mark-read.ts';
import { conversationMessages as t } from '../messages.ts';
import { MessageComposer } from './message-composer.tsx';
import { MessageList } from './message-list.tsx';
import { ThreadClosedNotice, ThreadSafetyActions } from './thread-safety.tsx';

type ThreadViewProps = {
  /** The thread as its newest page gives it: its laptop and people. */
  thread: Thread;
  /** The pages loaded, newest first (as the API gives them). */
  pages: Thread[];
  hasOlder: boolean;
  loadingOlder: boolean;
  onLoadOlder: () => void;
};

/**
 * One conversation: its laptop and the other person, the messages oldest first (older
 * ones as the reader scrolls up), reporting and blocking, and the box to write in (or
 * why the viewer cannot write). Opening it, and each new message from the other side,
 * marks it read.
 */
export function ThreadView({
  thread,
  pages,
  hasOlder,
  loadingOlder,
  onLoadOlder,
}: ThreadViewProps) {
  const messages = useMemo(() => pages.flatMap((page) => page.messages).reverse(), [pages]);
  const newest = thread.messages[0];
  const { mutate: markRead } = useMarkRead();
  const composerRef = useRef<HTMLDivElement>(null);
  // Where focus goes when blocking or unblocking replaces the control that had it.
  const [focusAfter, setFocusAfter] = useState<'notice' | 'box' | null>(null);
  const canWrite = thread.messaging === 'open';
  useEffect(() => {
    if (focusAfter === 'box' && canWrite) composerRef.current?.querySelector('textarea')?.focus();
  }, [focusAfter, canWrite]);

  const newestFromOther = newest && !newest.fromMe ? newest._id : undefined;
  useEffect(() => {
    markRead(thread._id);
  }, [markRead, thread._id, newestFromOther]);

  return (
    <section className="mx-auto flex w-full max-w-3xl flex-col gap-4">
      <Link to={paths.dashboard.messages.getHref()} className="link text-sm">
        ← {t.backToInbox}
      </Link>
      <h1 className="text-2xl font-bold sm:text-3xl">{t.with(thread.other.name)}</h1>
      <Link
        to={paths.laptop.getHref(thread.laptop._id)}
        className="flex items-center gap-3 rounded-box border border-base-300 bg-base-100 p-3 hover:bg-base-200"
      >
        <img
          src={thread.laptop.thumbnail}
          alt=""
          width={64}
          height={48}
          className="h-12 w-16 shrink-0 rounded object-cover"
        />
        <span className="min-w-0 flex-1">
          <span className="sr-only">{t.about} </span>
          <span className="block truncate font-semibold">{thread.laptop.name}</span>
          <span className="text-sm text-base-content/80">
            {formatPrice(thread.laptop.resalePrice)}
          </span>
        </span>
        {thread.laptop.isSold && <span className="badge badge-neutral">{t.sold}</span>}
      </Link>
      <ThreadSafetyActions thread={thread} onBlocked={() => setFocusAfter('notice')} />

      {messages.length === 0 ? (
        <p className="text-base-content/80">
          {thread.role === 'buyer' ? t.firstMessage : t.noMessagesYet}
        </p>
      ) : (
        <MessageList
          messages={messages}
          otherName={thread.other.name}
          hasOlder={hasOlder}
          loadingOlder={loadingOlder}
          onLoadOlder={onLoadOlder}
        />
      )}
      {thread.messaging === 'open' ? (
        <div ref={composerRef}>
          <MessageComposer conversationId={thread._id} />
        </div>
      ) : (
        <ThreadClosedNotice
          thread={thread}
          state={thread.messaging}
          takeFocus={focusAfter === 'notice'}
          onUnblocked={() => setFocusAfter('box')}
        />
      )}
    </section>
  );
}
