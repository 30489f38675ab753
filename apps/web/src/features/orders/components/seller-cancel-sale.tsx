import { formatPrice } from '../../../lib/format.ts';
import { useSellerCancel } from '../api/seller-cancel.ts';
import { orderPageMessages as t } from '../order-page-messages.ts';
import { ConfirmedDealAction } from './confirmed-deal-action.tsx';

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
  return (
    <ConfirmedDealAction
      texts={{
        ...t.sellerCancel,
        confirmTitle: t.sellerCancel.confirmTitle(productName),
        confirm: t.sellerCancel.confirm(formatPrice(amount)),
        confirmButton: t.sellerCancel.button,
        cancelButton: t.sellerCancel.keep,
      }}
      run={() => cancel.mutateAsync(orderId)}
      busy={cancel.isPending}
      danger
      onDone={onDone}
    />
  );
}
