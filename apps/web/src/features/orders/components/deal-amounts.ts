import { feeCents } from '@laptops/shared/deals';
import type { DealMoney } from '@laptops/shared/deals';

const cents = (dollars: number) => Math.round(dollars * 100);

/**
 * What the seller receives of the money held, and the fee, as the server will reckon
 * them at the release (the fee promised at payment, rounded to the cent), in dollars.
 */
export function expectedRelease(money: DealMoney): { fee: number; receive: number } {
  const held = cents(money.held);
  const fee = feeCents(held, Math.round(money.feePercent * 100));
  return { fee: fee / 100, receive: (held - fee) / 100 };
}
