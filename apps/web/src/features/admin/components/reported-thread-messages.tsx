import type { ReportedThread } from '@laptops/shared/conversation-safety';
import { conversationReportMessages } from '../conversation-report-messages.ts';
import { ThreadMessages } from './thread-messages.tsx';

/**
 * A reported conversation as the admin reads it: the reporter on the right, as they
 * saw it; the reported person on the left, marked; the marketplace's lines in the middle.
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
  return (
    <ThreadMessages
      messages={pages.flatMap((page) => page.messages).reverse()}
      authors={{
        reporter: { name: t.byReporter(report.reporterName), side: 'end' },
        reported: { name: t.byReported(report.reportedName), side: 'start', emphasis: true },
        system: { name: t.marketplace, side: 'center' },
      }}
      texts={{ ...t, photo: () => '' }}
      hasOlder={hasOlder}
      loadingOlder={loadingOlder}
      onLoadOlder={onLoadOlder}
    />
  );
}
