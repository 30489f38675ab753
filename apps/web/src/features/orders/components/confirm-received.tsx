import { formatPrice } from '../../../lib/format.ts';
import { useConfirmReceived } from '../api/confirm-received.ts';
import { orderPageMessages as t } from '../order-page-messages.ts';
import { ConfirmedDealAction } from './confirmed-deal-action.tsx';

/** The buyer's "I have the laptop": after a confirmation, the held money goes to the seller. */
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
  return (
    <ConfirmedDealAction
      texts={{
        ...t.received,
        confirmTitle: t.received.confirmTitle(formatPrice(amount), sellerName),
        cancelButton: t.received.notYet,
      }}
      run={() => confirm.mutateAsync(orderId)}
      busy={confirm.isPending}
      onDone={onDone}
    />
  );
}
