import { useState } from 'react';
import toast from 'react-hot-toast/headless';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { formatPrice } from '../../../lib/format.ts';
import { useSellerCancel } from '../api/seller-cancel.ts';
import { orderPageMessages as t } from '../order-page-messages.ts';

/**
 * The seller's way out before the handover: after a confirmation that says what it
 * does (a full refund, the laptop back on sale), the sale is cancelled.
 */
export function SellerCancelSale({
  orderId,
  productName,
  amount,
  onDone,
}: {
  orderId: string;
  productName: string;
  amount: number;
  onDone: () => void;
}) {
  const cancel = useSellerCancel();
  const [asking, setAsking] = useState(false);

  const cancelSale = async () => {
    try {
      await cancel.mutateAsync(orderId);
      toast.success(t.sellerCancel.done);
      setAsking(false);
      onDone();
    } catch (error) {
      toast.error(error instanceof Error ? error.message : String(error));
      setAsking(false);
    }
  };

  return (
    <div className="rounded-box border border-base-300 bg-base-100 p-5 shadow-sm">
      <h2 className="text-lg font-semibold">{t.sellerCancel.title}</h2>
      <p className="mt-1 text-sm text-base-content/80">{t.sellerCancel.text}</p>
      <button
        type="button"
        className="btn btn-error btn-outline mt-4 w-full sm:w-auto"
        onClick={() => setAsking(true)}
      >
        {t.sellerCancel.button}
      </button>
      <ConfirmDialog
        open={asking}
        title={t.sellerCancel.confirmTitle(productName)}
        message={t.sellerCancel.confirm(formatPrice(amount))}
        confirmLabel={t.sellerCancel.button}
        cancelLabel={t.sellerCancel.keep}
        busy={cancel.isPending}
        onConfirm={() => void cancelSale()}
        onCancel={() => setAsking(false)}
      />
    </div>
  );
}
