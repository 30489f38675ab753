import { Link } from 'react-router';
import type { ConversationSummary } from '@laptops/shared/conversations';
import { paths } from '../../../config/paths.ts';
import { formatPrice, truncate } from '../../../lib/format.ts';
import { conversationMessages as t } from '../messages.ts';

const dateTime = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });

/** The inbox: each conversation's laptop, the other person, the last message, what is new. */
export function ConversationList({ conversations }: { conversations: ConversationSummary[] }) {
  if (conversations.length === 0) return <p className="text-base-content/80">{t.inboxEmpty}</p>;
  return (
    <ul className="flex flex-col divide-y divide-base-300 rounded-box border border-base-300 bg-base-100">
      {conversations.map((conversation) => (
        <li key={conversation._id}>
          <Link
            to={paths.dashboard.conversation.getHref(conversation._id)}
            className="flex items-center gap-3 p-3 hover:bg-base-200 focus-visible:bg-base-200"
          >
            <img
              src={conversation.laptop.thumbnail}
              alt=""
              width={64}
              height={48}
              className="h-12 w-16 shrink-0 rounded object-cover"
            />
            <span className="flex min-w-0 flex-1 flex-col">
              <span className="flex items-baseline justify-between gap-2">
                <span className="truncate font-semibold">{conversation.other.name}</span>
                {conversation.lastMessage && (
                  <span className="shrink-0 text-xs text-base-content/70">
                    {dateTime.format(new Date(conversation.lastMessage.sentAt))}
                  </span>
                )}
              </span>
              <span className="truncate text-sm text-base-content/80">
                {conversation.laptop.name} · {formatPrice(conversation.laptop.resalePrice)}
              </span>
              <span className="truncate text-sm">
                {conversation.lastMessage
                  ? `${conversation.lastMessage.fromMe ? `${t.you}: ` : ''}${truncate(conversation.lastMessage.body || t.photo, 80)}`
                  : t.noMessagesYet}
              </span>
            </span>
            {conversation.unread > 0 && (
              <span className="badge badge-primary shrink-0">{t.unread(conversation.unread)}</span>
            )}
          </Link>
        </li>
      ))}
    </ul>
  );
}
