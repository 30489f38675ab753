import { useRef, useState } from 'react';
import { Link, useParams } from 'react-router';
import toast from 'react-hot-toast/headless';
import type { ConversationReport, ReportedThread } from '@laptops/shared/conversation-safety';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { RecordLoadError } from '../../../components/ui/record-load-error.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { paths } from '../../../config/paths.ts';
import {
  useBanFromMessaging,
  useDismissConversationReport,
  useLiftMessagingBan,
} from '../../../features/admin/api/decide-conversation-report.ts';
import { useReportedThread } from '../../../features/admin/api/get-reported-thread.ts';
import { ReportedThreadMessages } from '../../../features/admin/components/reported-thread-messages.tsx';
import {
  conversationReportMessages as r,
  resolutionText,
} from '../../../features/admin/conversation-report-messages.ts';
import { formatWhen } from '../../../features/admin/format-when.ts';

const t = r.detail;

/**
 * /dashboard/reported-conversations/:id: one conversation report beside the thread it
 * is about, read only, and the admin's decision. The thread comes only through the
 * report: there is no way here to open any other conversation.
 */
export function ReportedConversationPage() {
  const { id = '' } = useParams();
  const thread = useReportedThread(id);
  const headingRef = useRef<HTMLHeadingElement>(null);

  if (thread.isPending) return <Spinner />;
  if (thread.isError) {
    return (
      <RecordLoadError error={thread.error} texts={t}>
        <Link to={paths.dashboard.reportedConversations.getHref()} className="link">
          {t.back}
        </Link>
      </RecordLoadError>
    );
  }
  const pages = thread.data.pages;
  const { report, laptop } = pages[0] as ReportedThread;

  return (
    <section className="flex w-full flex-col gap-4">
      <Link to={paths.dashboard.reportedConversations.getHref()} className="link text-sm">
        ← {t.back}
      </Link>
      <h1 ref={headingRef} tabIndex={-1} className="text-2xl font-bold outline-none sm:text-3xl">
        {t.title(report.reportedName)}
      </h1>
      <div className="grid gap-6 lg:grid-cols-[minmax(16rem,22rem)_1fr] lg:items-start">
        <aside aria-label={r.report} className="flex flex-col gap-4">
          <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 rounded-box border border-base-300 bg-base-100 p-4 text-sm">
            <dt className="text-base-content/70">{t.reason}</dt>
            <dd className="font-medium">{r.reasons[report.reason]}</dd>
            <dt className="text-base-content/70">{t.details}</dt>
            <dd className="whitespace-pre-line wrap-anywhere">
              {report.reportText || <span className="italic">{r.noText}</span>}
            </dd>
            <dt className="text-base-content/70">{t.reporter}</dt>
            <dd className="wrap-anywhere">{report.reporterName}</dd>
            <dt className="text-base-content/70">{t.reported}</dt>
            <dd className="wrap-anywhere">{report.reportedName}</dd>
            <dt className="text-base-content/70">{t.laptop}</dt>
            <dd className="wrap-anywhere">{laptop.name}</dd>
            <dt className="text-base-content/70">{t.when}</dt>
            <dd>
              <time dateTime={report.createdAt}>{formatWhen(report.createdAt)}</time>
            </dd>
            <dt className="text-base-content/70">{t.status}</dt>
            <dd>{report.resolved ? resolutionText(report) : t.statusOpen}</dd>
          </dl>
          <Decision report={report} onDecided={() => headingRef.current?.focus()} />
        </aside>
        <div className="flex min-w-0 flex-col gap-3">
          <h2 className="text-lg font-semibold">{t.thread}</h2>
          <p className="text-sm text-base-content/75">{t.readOnly}</p>
          <ReportedThreadMessages
            pages={pages}
            hasOlder={thread.hasNextPage}
            loadingOlder={thread.isFetchingNextPage}
            onLoadOlder={() => void thread.fetchNextPage()}
          />
        </div>
      </div>
    </section>
  );
}

/**
 * An open report: Dismiss, or stop the reported person from messaging (confirmed
 * first). A resolved one whose person is still stopped: let them message again.
 */
function Decision({ report, onDecided }: { report: ConversationReport; onDecided: () => void }) {
  const dismiss = useDismissConversationReport();
  const ban = useBanFromMessaging();
  const lift = useLiftMessagingBan();
  const [asking, setAsking] = useState<'ban' | 'lift' | null>(null);
  const name = report.reportedName;
  const busy = dismiss.isPending || ban.isPending || lift.isPending;
  const done = (message: string) => ({
    onSuccess: () => {
      toast.success(message);
      setAsking(null);
      // The buttons change under the focus: the page's heading takes it.
      onDecided();
    },
    onError: (error: Error) => {
      toast.error(error.message);
      setAsking(null);
    },
  });

  if (report.resolved && !report.reportedBanned) return null;
  return (
    <div className="flex flex-col gap-3 rounded-box border border-base-300 bg-base-100 p-4">
      {report.resolved ? (
        <>
          <p className="text-sm">{t.banned(name)}</p>
          <button
            type="button"
            className="btn btn-outline btn-sm self-start"
            disabled={busy}
            onClick={() => setAsking('lift')}
          >
            {t.lift(name)}
          </button>
        </>
      ) : (
        <>
          <h2 className="font-semibold">{t.decide}</h2>
          <p className="text-sm text-base-content/80">{t.decideText}</p>
          <div className="flex flex-wrap gap-2">
            <button
              type="button"
              className="btn btn-outline btn-sm"
              disabled={busy}
              onClick={() => dismiss.mutate(report._id, done(t.dismissed))}
            >
              {dismiss.isPending && (
                <span className="loading loading-spinner loading-xs" aria-hidden="true" />
              )}
              {t.dismiss}
            </button>
            <button
              type="button"
              className="btn btn-error btn-outline btn-sm"
              disabled={busy}
              onClick={() => setAsking('ban')}
            >
              {t.ban(name)}
            </button>
          </div>
        </>
      )}
      <ConfirmDialog
        open={asking !== null}
        title={asking === 'lift' ? t.liftTitle(name) : t.banTitle(name)}
        message={asking === 'lift' ? t.liftConfirm(name) : t.banConfirm(name)}
        confirmLabel={asking === 'lift' ? t.liftConfirmLabel : t.banConfirmLabel}
        tone={asking === 'lift' ? 'neutral' : 'danger'}
        busy={ban.isPending || lift.isPending}
        onCancel={() => setAsking(null)}
        onConfirm={() =>
          asking === 'lift'
            ? lift.mutate(report._id, done(t.liftedToast(name)))
            : ban.mutate(report._id, done(t.bannedToast(name)))
        }
      />
    </div>
  );
}
