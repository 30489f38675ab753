import { useEffect, useRef } from 'react';
import toast from 'react-hot-toast/headless';
import { Link, useParams } from 'react-router';
import { RecordLoadError } from '../../../components/ui/record-load-error.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { paths } from '../../../config/paths.ts';
import { useDispute } from '../../../features/admin/api/get-dispute.ts';
import { useDisputeThread } from '../../../features/admin/api/get-dispute-thread.ts';
import {
  DisputeComplaint,
  DisputeDeal,
  DisputeSettlement,
  DisputeTimeline,
} from '../../../features/admin/components/dispute-facts.tsx';
import { DisputeSettleForm } from '../../../features/admin/components/dispute-settle-form.tsx';
import { ThreadMessages } from '../../../features/admin/components/thread-messages.tsx';
import { disputeConsoleMessages } from '../../../features/admin/dispute-messages.ts';

const t = disputeConsoleMessages.detail;

/**
 * /dashboard/disputes/:id: one dispute beside its deal's thread, read only, and the
 * admin's decision. The thread comes only through the dispute.
 */
export function DisputePage() {
  const { id = '' } = useParams();
  const dispute = useDispute(id);
  const thread = useDisputeThread(id);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const settled = dispute.data ? dispute.data.settled !== null : undefined;
  const shownOpen = useRef(false);
  useEffect(() => {
    // Settled while shown open (this admin's form): the form is replaced by the
    // settlement, so the page's heading takes the focus, and the admin is told.
    if (settled && shownOpen.current) {
      headingRef.current?.focus();
      toast.success(disputeConsoleMessages.settle.done);
    }
    shownOpen.current = settled === false;
  }, [settled]);

  if (dispute.isPending) return <Spinner />;
  if (dispute.isError) {
    return (
      <RecordLoadError
        error={dispute.error}
        texts={t}
        retry={{ label: t.retry, onRetry: () => void dispute.refetch() }}
      >
        <Link to={paths.dashboard.disputes.getHref()} className="link">
          {t.back}
        </Link>
      </RecordLoadError>
    );
  }
  const details = dispute.data;

  return (
    <section className="flex w-full flex-col gap-4">
      <Link to={paths.dashboard.disputes.getHref()} className="link text-sm">
        ← {t.back}
      </Link>
      <h1
        ref={headingRef}
        tabIndex={-1}
        className="text-2xl font-bold wrap-anywhere outline-none sm:text-3xl"
      >
        {t.title(details.laptop.name)}
      </h1>
      {/* On a phone the admin reads before deciding: the complaint, the deal, the
          thread, then the decision. Wide, the decision and the facts sit beside the
          thread (the last row takes what the thread needs beyond them). */}
      <div className="flex flex-col gap-4 lg:grid lg:grid-cols-[minmax(18rem,26rem)_1fr] lg:grid-rows-[repeat(4,auto)_1fr] lg:items-start lg:gap-x-6">
        <div className="lg:col-start-1 lg:row-start-2">
          <DisputeComplaint dispute={details} />
        </div>
        <div className="lg:col-start-1 lg:row-start-3">
          <DisputeDeal dispute={details} />
        </div>
        <div className="lg:col-start-1 lg:row-start-4">
          <DisputeTimeline dispute={details} />
        </div>
        <section
          aria-labelledby="dispute-thread"
          className="flex min-w-0 flex-col gap-3 lg:col-start-2 lg:row-span-5 lg:row-start-1"
        >
          <h2 id="dispute-thread" className="text-lg font-semibold">
            {t.thread}
          </h2>
          <p className="text-sm text-base-content/75">{t.readOnly}</p>
          {thread.isPending ? (
            <Spinner />
          ) : thread.isError ? (
            <p role="alert" className="text-error">
              {thread.error.message}
            </p>
          ) : (
            <ThreadMessages
              messages={thread.data.pages.flatMap((page) => page.messages).reverse()}
              authors={{
                buyer: { name: t.byBuyer(details.buyer.name), side: 'end' },
                seller: { name: t.bySeller(details.seller.name), side: 'start' },
                system: { name: t.marketplace, side: 'center' },
              }}
              texts={t}
              hasOlder={thread.hasNextPage}
              loadingOlder={thread.isFetchingNextPage}
              onLoadOlder={() => void thread.fetchNextPage()}
            />
          )}
        </section>
        <div className="lg:col-start-1 lg:row-start-1">
          {details.settled ? (
            <DisputeSettlement dispute={details} />
          ) : (
            <DisputeSettleForm dispute={details} />
          )}
        </div>
      </div>
    </section>
  );
}
