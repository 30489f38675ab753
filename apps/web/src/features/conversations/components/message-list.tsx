import { memo, useEffect, useLayoutEffect, useRef } from 'react';
import type { Message } from '@laptops/shared/conversations';
import { conversationMessages as t } from '../messages.ts';

const dateTime = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });
/** Closer than this to the bottom, a new message keeps the view at the bottom. */
const NEAR_BOTTOM_PX = 120;

type MessageListProps = {
  /** Oldest first. */
  messages: Message[];
  otherName: string;
  hasOlder: boolean;
  loadingOlder: boolean;
  onLoadOlder: () => void;
};

/**
 * A thread's messages in a box of their own that scrolls: it opens at the newest, loads
 * older pages as the reader scrolls up (keeping their place), and follows new messages
 * when the reader is at the bottom. Memoised, so typing in the box below never draws it
 * again, and each message off screen skips layout and paint (content-visibility): a long
 * history costs the browser what is on screen.
 */
export const MessageList = memo(function MessageList({
  messages,
  otherName,
  hasOlder,
  loadingOlder,
  onLoadOlder,
}: MessageListProps) {
  const box = useRef<HTMLDivElement>(null);
  const list = useRef<HTMLOListElement>(null);
  const top = useRef<HTMLDivElement>(null);
  const shown = useRef({ oldest: '', newest: '', height: 0 });
  // Whether the reader is at the bottom: the view then stays there as content grows
  // (a photo loads, an off-screen message turns out taller than its estimate).
  const atBottom = useRef(true);

  useEffect(() => {
    const element = box.current;
    const content = list.current;
    if (!element || !content || typeof ResizeObserver === 'undefined') return;
    const onScroll = () => {
      atBottom.current =
        element.scrollHeight - element.scrollTop - element.clientHeight < NEAR_BOTTOM_PX;
    };
    const observer = new ResizeObserver(() => {
      if (atBottom.current) element.scrollTop = element.scrollHeight;
    });
    element.addEventListener('scroll', onScroll, { passive: true });
    observer.observe(content);
    return () => {
      element.removeEventListener('scroll', onScroll);
      observer.disconnect();
    };
  }, []);

  // Keep the reader's place when older messages come in above, and follow new ones.
  useLayoutEffect(() => {
    const element = box.current;
    if (!element) return;
    const oldest = messages[0]?._id ?? '';
    const newest = messages.at(-1);
    const before = shown.current;
    if (before.oldest === '') {
      element.scrollTop = element.scrollHeight;
    } else if (oldest !== before.oldest && newest?._id === before.newest) {
      element.scrollTop += element.scrollHeight - before.height;
    } else if (newest && newest._id !== before.newest) {
      const fromBottom = before.height - element.scrollTop - element.clientHeight;
      if (newest.fromMe || fromBottom < NEAR_BOTTOM_PX) {
        element.scrollTop = element.scrollHeight;
        atBottom.current = true;
      }
    }
    shown.current = { oldest, newest: newest?._id ?? '', height: element.scrollHeight };
  }, [messages]);

  // Scrolled up to the first message shown: the page before it is asked for.
  useEffect(() => {
    const sentinel = top.current;
    if (!sentinel || !hasOlder || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      ([entry]) => {
        if (entry?.isIntersecting && !loadingOlder) onLoadOlder();
      },
      { root: box.current, rootMargin: '200px 0px 0px 0px' },
    );
    observer.observe(sentinel);
    return () => observer.disconnect();
  }, [hasOlder, loadingOlder, onLoadOlder]);

  return (
    <div
      ref={box}
      className="max-h-[50dvh] min-h-40 overflow-y-auto overscroll-contain rounded-box border border-base-300 bg-base-100 p-3"
      // A box that scrolls must be reachable by keyboard (axe: scrollable-region-focusable).
      // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
      tabIndex={0}
      role="region"
      aria-label={t.history}
    >
      <div ref={top} />
      {hasOlder && (
        <div className="flex justify-center pb-2">
          <button
            type="button"
            className="btn btn-ghost btn-sm"
            onClick={onLoadOlder}
            aria-disabled={loadingOlder || undefined}
          >
            {loadingOlder ? t.loadingOlder : t.loadOlder}
          </button>
        </div>
      )}
      <ol ref={list} aria-label={t.thread} className="flex flex-col gap-3">
        {messages.map((message) => (
          <MessageItem key={message._id} message={message} otherName={otherName} />
        ))}
      </ol>
    </div>
  );
});

function MessageItem({ message, otherName }: { message: Message; otherName: string }) {
  const side = message.system ? 'items-center' : message.fromMe ? 'items-end' : 'items-start';
  const bubble = message.system
    ? 'bg-base-200 text-sm'
    : message.fromMe
      ? 'bg-primary text-primary-content'
      : 'border border-base-300 bg-base-100';
  const author = message.fromMe ? t.you : otherName;
  return (
    <li
      className={`flex flex-col [contain-intrinsic-size:auto_4rem] [content-visibility:auto] ${side}`}
    >
      {!message.system && <span className="sr-only">{author}: </span>}
      {message.image && (
        <a href={message.image.url} target="_blank" rel="noopener" className="mb-1 block">
          <img
            src={message.image.thumbnail}
            alt={t.photoFrom(author)}
            loading="lazy"
            className="max-h-60 max-w-[85%] rounded-box border border-base-300 object-contain"
          />
        </a>
      )}
      {message.body && (
        <p
          className={`max-w-[85%] rounded-box px-4 py-2 break-words whitespace-pre-wrap ${bubble}`}
        >
          {message.body}
        </p>
      )}
      <time dateTime={message.sentAt} className="mt-1 text-xs text-base-content/70">
        {dateTime.format(new Date(message.sentAt))}
      </time>
    </li>
  );
}
