import { useEffect, useId, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import type { Thread } from '@laptops/shared/conversations';
import { paths } from '../../../config/paths.ts';
import { formatPrice } from '../../../lib/format.ts';
import { useMarkRead } from '../api/mark-read.ts';
import { useSendMessage } from '../api/send-message.ts';
import { conversationMessages as t } from '../messages.ts';

const dateTime = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });

type ThreadViewProps = {
  /** The pages loaded, newest first (as the API gives them). */
  pages: Thread[];
  hasOlder: boolean;
  loadingOlder: boolean;
  onLoadOlder: () => void;
};

/**
 * One conversation: its laptop and the other person, the messages oldest first (older
 * ones on request), and the box to write in. Opening it, and each new message from the
 * other side, marks it read.
 */
export function ThreadView({ pages, hasOlder, loadingOlder, onLoadOlder }: ThreadViewProps) {
  // The newest page carries the thread's laptop and people.
  const thread = pages[0] as Thread;
  const messages = pages.flatMap((page) => page.messages).reverse();
  const newest = thread.messages[0];
  const send = useSendMessage();
  const markRead = useMarkRead();
  const [body, setBody] = useState('');
  const boxId = useId();
  const { mutate: mark } = markRead;

  const newestFromOther = newest && !newest.fromMe ? newest._id : undefined;
  useEffect(() => {
    mark(thread._id);
  }, [mark, thread._id, newestFromOther]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (body.trim() === '' || send.isPending) return;
    send.mutate({ id: thread._id, body }, { onSuccess: () => setBody('') });
  };

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

      {hasOlder && (
        <button
          type="button"
          className="btn btn-ghost btn-sm self-center"
          onClick={onLoadOlder}
          aria-disabled={loadingOlder || undefined}
        >
          {t.loadOlder}
        </button>
      )}
      {messages.length === 0 ? (
        <p className="text-base-content/80">
          {thread.role === 'buyer' ? t.firstMessage : t.noMessagesYet}
        </p>
      ) : (
        <ol aria-label={t.thread} className="flex flex-col gap-3">
          {messages.map((message) => (
            <li
              key={message._id}
              className={`flex flex-col ${message.system ? 'items-center' : message.fromMe ? 'items-end' : 'items-start'}`}
            >
              <span className="sr-only">{message.fromMe ? t.you : thread.other.name}: </span>
              <p
                className={`max-w-[85%] rounded-box px-4 py-2 break-words whitespace-pre-wrap ${
                  message.system
                    ? 'bg-base-200 text-sm'
                    : message.fromMe
                      ? 'bg-primary text-primary-content'
                      : 'border border-base-300 bg-base-100'
                }`}
              >
                {message.body}
              </p>
              <time dateTime={message.sentAt} className="mt-1 text-xs text-base-content/70">
                {dateTime.format(new Date(message.sentAt))}
              </time>
            </li>
          ))}
        </ol>
      )}

      <form onSubmit={submit} className="flex flex-col gap-2">
        <label htmlFor={boxId} className="text-sm font-medium">
          {t.messageLabel}
        </label>
        <textarea
          id={boxId}
          className="textarea w-full"
          rows={3}
          maxLength={2000}
          value={body}
          onChange={(event) => setBody(event.currentTarget.value)}
          aria-describedby={`${boxId}-hint ${boxId}-error`}
        />
        <p id={`${boxId}-hint`} className="text-sm text-base-content/70">
          {t.messageHint}
        </p>
        <p id={`${boxId}-error`} role="alert" className="text-sm text-error empty:hidden">
          {send.isError ? send.error.message : ''}
        </p>
        <button
          type="submit"
          className="btn btn-primary self-end"
          aria-disabled={send.isPending || undefined}
        >
          {send.isPending ? t.sending : t.send}
        </button>
      </form>
    </section>
  );
}
