import type { ReportedThread } from '@laptops/shared/conversation-safety';
import { conversationReportMessages } from '../conversation-report-messages.ts';
import { formatWhen } from '../format-when.ts';

/**
 * A reported conversation as the admin reads it: oldest first, each line under the
 * name of who wrote it (the reporter on the right, as they saw it; the reported person
 * on the left; the marketplace's own lines in the middle). Nothing to write in.
 */
export function ReportedThreadMessages({
  pages,
  hasOlder,
  loadingOlder,
  onLoadOlder,
}: {
  /** Newest page first, as the API gives them. */
  pages: ReportedThread[];
  hasOlder: boolean;
  loadingOlder: boolean;
  onLoadOlder: () => void;
}) {
  const t = conversationReportMessages.detail;
  const { report } = pages[0] as ReportedThread;
  const messages = pages.flatMap((page) => page.messages).reverse();
  const author = {
    reporter: t.byReporter(report.reporterName),
    reported: t.byReported(report.reportedName),
    system: t.marketplace,
  };
  return (
    <div className="flex flex-col gap-3">
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
        <p className="text-base-content/80">{t.noMessages}</p>
      ) : (
        <ol aria-label={t.thread} className="flex flex-col gap-3">
          {messages.map((message) => (
            <li
              key={message._id}
              className={`flex flex-col ${
                message.from === 'system'
                  ? 'items-center'
                  : message.from === 'reporter'
                    ? 'items-end'
                    : 'items-start'
              }`}
            >
              <span className="mb-1 text-xs font-medium text-base-content/80">
                {author[message.from]}
              </span>
              <p
                className={`max-w-[85%] rounded-box px-4 py-2 break-words whitespace-pre-wrap ${
                  message.from === 'system'
                    ? 'bg-base-200 text-sm'
                    : message.from === 'reported'
                      ? 'border-2 border-warning bg-base-100'
                      : 'border border-base-300 bg-base-100'
                }`}
              >
                {message.body}
              </p>
              <time dateTime={message.sentAt} className="mt-1 text-xs text-base-content/70">
                {formatWhen(message.sentAt)}
              </time>
            </li>
          ))}
        </ol>
      )}
    </div>
  );
}
