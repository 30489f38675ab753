import { useState } from 'react';
import toast from 'react-hot-toast/headless';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { formatPrice } from '../../../lib/format.ts';
import { useConfirmReceived } from '../api/confirm-received.ts';
import { orderPageMessages as t } from '../order-page-messages.ts';

/**
 * The buyer's "I have the laptop": after a confirmation, the held money goes to the
 * seller at once. `onDone` runs once it has (the page then moves the focus).
 */
export function ConfirmReceived({
  orderId,
  amount,
  sellerName,
  onDone,
}: {
  orderId: string;
  amount: number;
  sellerName: string;
  onDone: () => void;
}) {
  const confirm = useConfirmReceived();
  const [asking, setAsking] = useState(false);

  // mutateAsync: the answer re-draws the page without this button, and a mutate()
  // callback would not run once its component is gone.
  const release = async () => {
    try {
      await confirm.mutateAsync(orderId);
      toast.success(t.received.done);
      setAsking(false);
      onDone();
    } catch (error) {
      toast.error(error instanceof Error ? error.message : String(error));
      setAsking(false);
    }
  };

  return (
    <div className="rounded-box border border-base-300 bg-base-100 p-5 shadow-sm">
      <h2 className="text-lg font-semibold">{t.received.title}</h2>
      <p className="mt-1 text-sm text-base-content/80">{t.received.text}</p>
      <button
        type="button"
        className="btn btn-primary mt-4 w-full sm:w-auto"
        onClick={() => setAsking(true)}
      >
        {t.received.button}
      </button>
      <ConfirmDialog
        open={asking}
        title={t.received.confirmTitle(formatPrice(amount), sellerName)}
        message={t.received.confirm}
        confirmLabel={t.received.confirmButton}
        cancelLabel={t.received.notYet}
        tone="neutral"
        busy={confirm.isPending}
        onConfirm={() => void release()}
        onCancel={() => setAsking(false)}
      />
    </div>
  );
}
