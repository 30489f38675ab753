import {
  CONVERSATION_REPORT_TEXT_MAX,
  conversationReportInputSchema,
  conversationReportReasons,
} from '@laptops/shared/conversation-safety';
import { ReportDialog } from '../../../components/ui/report-dialog.tsx';
import { useReportConversation } from '../api/report-conversation.ts';
import { safetyMessages } from '../safety-messages.ts';

/**
 * Reporting a conversation: a reason to choose (details required for 'Other') and
 * details. A modal dialog; every way of closing it (Escape, backdrop, Cancel, sent)
 * calls onClose, and each opening starts empty.
 */
export function ReportConversationDialog({
  conversationId,
  otherName,
  onClose,
}: {
  conversationId: string;
  otherName: string;
  onClose: () => void;
}) {
  const t = safetyMessages.reportDialog;
  const report = useReportConversation();

  return (
    <ReportDialog
      texts={t}
      reasons={conversationReportReasons}
      textMax={CONVERSATION_REPORT_TEXT_MAX}
      intro={
        <>
          {t.with}: <span className="font-semibold">{otherName}</span>. {t.intro}
        </>
      }
      parse={(fields) => conversationReportInputSchema.safeParse(fields)}
      send={(input, handlers) => report.mutate({ conversationId, input }, handlers)}
      sending={report.isPending}
      onClose={onClose}
    />
  );
}
