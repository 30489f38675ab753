import { formatWhen } from '../format-when.ts';

/** A line of a thread an admin reads: who wrote it (`from`), and a photo if one was sent. */
export type ThreadLine<From extends string> = {
  _id: string;
  body: string;
  from: From;
  sentAt: string;
  image?: { url: string; thumbnail: string } | null;
};

/** How a thread's authors show: their name, and where their lines sit. */
export type ThreadAuthors<From extends string> = Record<
  From,
  { name: string; side: 'start' | 'end' | 'center'; emphasis?: boolean }
>;

const align = { start: 'items-start', end: 'items-end', center: 'items-center' } as const;

/**
 * A conversation as an admin reads it, through a report or a dispute: oldest first,
 * each line under the name of who wrote it, on their side (the marketplace's own lines
 * in the middle, one person emphasised when the page is about them). Nothing to write in.
 */
export function ThreadMessages<From extends string>({
  messages,
  authors,
  texts,
  hasOlder,
  loadingOlder,
  onLoadOlder,
}: {
  /** Oldest first. */
  messages: ThreadLine<From>[];
  authors: ThreadAuthors<From>;
  texts: { thread: string; noMessages: string; loadOlder: string; photo: (name: string) => string };
  hasOlder: boolean;
  loadingOlder: boolean;
  onLoadOlder: () => void;
}) {
  return (
    <div className="flex flex-col gap-3">
      {hasOlder && (
        <button
          type="button"
          className="btn btn-ghost btn-sm self-center"
          onClick={onLoadOlder}
          aria-disabled={loadingOlder || undefined}
        >
          {texts.loadOlder}
        </button>
      )}
      {messages.length === 0 ? (
        <p className="text-base-content/80">{texts.noMessages}</p>
      ) : (
        <ol aria-label={texts.thread} className="flex flex-col gap-3">
          {messages.map((message) => {
            const author = authors[message.from];
            return (
              <li key={message._id} className={`flex flex-col ${align[author.side]}`}>
                <span className="mb-1 text-xs font-medium text-base-content/80">{author.name}</span>
                {message.image && (
                  <a href={message.image.url} target="_blank" rel="noreferrer" className="mb-1">
                    <img
                      src={message.image.thumbnail}
                      alt={texts.photo(author.name)}
                      className="max-h-40 rounded-box border border-base-300"
                    />
                  </a>
                )}
                {message.body && (
                  <p
                    className={`max-w-[85%] rounded-box px-4 py-2 break-words whitespace-pre-wrap ${
                      author.side === 'center'
                        ? 'bg-base-200 text-sm'
                        : author.emphasis
                          ? 'border-2 border-warning bg-base-100'
                          : 'border border-base-300 bg-base-100'
                    }`}
                  >
                    {message.body}
                  </p>
                )}
                <time dateTime={message.sentAt} className="mt-1 text-xs text-base-content/70">
                  {formatWhen(message.sentAt)}
                </time>
              </li>
            );
          })}
        </ol>
      )}
    </div>
  );
}
