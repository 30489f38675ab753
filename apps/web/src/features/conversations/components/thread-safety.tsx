import { useEffect, useRef, useState } from 'react';
import toast from 'react-hot-toast/headless';
import type { MessagingState } from '@laptops/shared/conversation-safety';
import type { Thread } from '@laptops/shared/conversations';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { useBlockPerson, useUnblockPerson } from '../api/block-person.ts';
import { safetyMessages as t } from '../safety-messages.ts';
import { ReportConversationDialog } from './report-conversation-dialog.tsx';

/**
 * "Report this conversation" and "Block <name>" (asked first, with what it does). Once
 * blocked, the Block button goes: the notice in place of the message box unblocks.
 */
export function ThreadSafetyActions({
  thread,
  onBlocked,
}: {
  thread: Thread;
  /** After a block went through: the caller moves focus to what replaced the button. */
  onBlocked: () => void;
}) {
  const [reporting, setReporting] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const block = useBlockPerson();
  const name = thread.other.name;

  const onConfirm = () =>
    block.mutate(thread._id, {
      onSuccess: () => {
        toast.success(t.blocked(name));
        setConfirming(false);
        onBlocked();
      },
      onError: (error) => {
        toast.error(error.message);
        setConfirming(false);
      },
    });

  return (
    <div className="flex flex-wrap gap-2">
      <button type="button" className="btn btn-ghost btn-sm" onClick={() => setReporting(true)}>
        {t.report}
      </button>
      {thread.messaging !== 'blocked-by-you' && (
        <button type="button" className="btn btn-ghost btn-sm" onClick={() => setConfirming(true)}>
          {t.block(name)}
        </button>
      )}
      {reporting && (
        <ReportConversationDialog
          conversationId={thread._id}
          otherName={name}
          onClose={() => setReporting(false)}
        />
      )}
      <ConfirmDialog
        open={confirming}
        title={t.blockTitle(name)}
        message={t.blockConfirm(name)}
        confirmLabel={t.blockConfirmLabel}
        busy={block.isPending}
        onCancel={() => setConfirming(false)}
        onConfirm={onConfirm}
      />
    </div>
  );
}

/**
 * In place of the message box when the viewer cannot write: why, in words they may
 * know (a blocked person reads only that the conversation is closed), and Unblock for
 * the one who blocked.
 */
export function ThreadClosedNotice({
  thread,
  state,
  takeFocus,
  onUnblocked,
}: {
  thread: Thread;
  state: Exclude<MessagingState, 'open'>;
  /** Focus the notice when it appears (it replaced the button that had the focus). */
  takeFocus: boolean;
  /** After an unblock went through: the caller moves focus to the message box. */
  onUnblocked: () => void;
}) {
  const unblock = useUnblockPerson();
  const noticeRef = useRef<HTMLParagraphElement>(null);
  const name = thread.other.name;

  useEffect(() => {
    if (takeFocus) noticeRef.current?.focus();
  }, [takeFocus]);

  return (
    <div className="flex flex-col gap-3 rounded-box border border-base-300 bg-base-200 p-4 sm:flex-row sm:items-center sm:justify-between">
      <p ref={noticeRef} tabIndex={-1} className="outline-none">
        {t.closed[state](name)}
      </p>
      {state === 'blocked-by-you' && (
        <button
          type="button"
          className="btn btn-outline btn-sm shrink-0"
          disabled={unblock.isPending}
          onClick={() =>
            unblock.mutate(thread._id, {
              onSuccess: () => {
                toast.success(t.unblocked(name));
                onUnblocked();
              },
              onError: (error) => toast.error(error.message),
            })
          }
        >
          {unblock.isPending && (
            <span className="loading loading-spinner loading-xs" aria-hidden="true" />
          )}
          {t.unblock(name)}
        </button>
      )}
    </div>
  );
}
