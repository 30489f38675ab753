/**
 * The chart of accounts (decision 0032). Money moves from one account to another: the
 * account it leaves gets a negative entry, the one it reaches a positive one, so every
 * transaction sums to zero and a balance is the sum of an account's entries.
 *
 * - `buyer_payments`: where card money comes from. Only gives: its balance is minus
 *   everything buyers paid.
 * - `order_held:<orderId>`: money the platform holds for one order until it is released
 *   to the seller or refunded. Never below zero.
 * - `seller_available:<sellerId>`: released to a seller, not yet paid out. Never below zero.
 * - `seller_payout_pending:<sellerId>`: a payout decided, its transfer not yet made
 *   (decision 0037). Never below zero.
 * - `seller_paid_out:<sellerId>`, `platform_fees`, `refunds_out`: where money ends:
 *   paid out to the seller, kept as the platform's fee, given back to the buyer. Only
 *   receive.
 *
 * The database's check constraint on `ledger_entries.account` says the same.
 */

export const ledgerKinds = [
  'charge',
  'refund',
  'release',
  'payout_start',
  'payout',
  'payout_return',
] as const;
export type LedgerKind = (typeof ledgerKinds)[number];

export type LedgerEntry = { account: string; amountCents: number };

export const accounts = {
  buyerPayments: 'buyer_payments',
  refundsOut: 'refunds_out',
  platformFees: 'platform_fees',
  held: (orderId: string) => `order_held:${orderId}`,
  sellerAvailable: (sellerId: string) => `seller_available:${sellerId}`,
  sellerPayoutPending: (sellerId: string) => `seller_payout_pending:${sellerId}`,
  sellerPaidOut: (sellerId: string) => `seller_paid_out:${sellerId}`,
} as const;

/** What may happen to an account's balance; `guarded` ones are checked under a row lock. */
export type AccountRule =
  | { direction: 'gives' | 'receives' }
  | { direction: 'both'; guarded: { table: 'orders' | 'users'; id: string } };

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** The rule of an account name, or null for a name outside the chart. */
export function accountRule(account: string): AccountRule | null {
  if (account === accounts.buyerPayments) return { direction: 'gives' };
  if (account === accounts.refundsOut || account === accounts.platformFees)
    return { direction: 'receives' };
  const [prefix, id = ''] = splitAccount(account);
  if (prefix === 'seller_paid_out' && id) return { direction: 'receives' };
  if (prefix === 'order_held' && uuidPattern.test(id))
    return { direction: 'both', guarded: { table: 'orders', id } };
  if ((prefix === 'seller_available' || prefix === 'seller_payout_pending') && id)
    return { direction: 'both', guarded: { table: 'users', id } };
  return null;
}

function splitAccount(account: string): [string, string?] {
  const colon = account.indexOf(':');
  return colon < 0 ? [account] : [account.slice(0, colon), account.slice(colon + 1)];
}

/*
 * The movements, as entries. Every caller builds its entries here, so a movement has
 * one shape wherever it is posted.
 */

/** The card processor took a buyer's money for an order: held until handover or refund. */
export function chargeEntries(orderId: string, amountCents: number): LedgerEntry[] {
  return [
    { account: accounts.buyerPayments, amountCents: -amountCents },
    { account: accounts.held(orderId), amountCents },
  ];
}

/** Held money goes back to the buyer. */
export function refundEntries(orderId: string, amountCents: number): LedgerEntry[] {
  return [
    { account: accounts.held(orderId), amountCents: -amountCents },
    { account: accounts.refundsOut, amountCents },
  ];
}

/**
 * Held money goes to the seller, less the platform's fee: one transaction, so the fee
 * is taken exactly when, and as often as, the money is released.
 */
export function releaseEntries(
  orderId: string,
  sellerId: string,
  amountCents: number,
  feeCents: number,
): LedgerEntry[] {
  if (feeCents < 0 || feeCents > amountCents)
    throw new Error(`a fee of ${feeCents} on ${amountCents}`);
  return [
    { account: accounts.held(orderId), amountCents: -amountCents },
    { account: accounts.platformFees, amountCents: feeCents },
    { account: accounts.sellerAvailable(sellerId), amountCents: amountCents - feeCents },
  ].filter((entry) => entry.amountCents !== 0);
}

/*
 * A payout in three steps (decision 0037): deciding it sets the money aside, under the
 * seller's row lock, so two payout runs cannot both send it; the processor's transfer
 * then sends it, or its refusal gives it back.
 */

/** A payout is decided: the seller's available money waits for its transfer. */
export function payoutStartEntries(sellerId: string, amountCents: number): LedgerEntry[] {
  return [
    { account: accounts.sellerAvailable(sellerId), amountCents: -amountCents },
    { account: accounts.sellerPayoutPending(sellerId), amountCents },
  ];
}

/** The transfer to the seller's payout account (a Stripe Connect transfer) was made. */
export function payoutEntries(sellerId: string, amountCents: number): LedgerEntry[] {
  return [
    { account: accounts.sellerPayoutPending(sellerId), amountCents: -amountCents },
    { account: accounts.sellerPaidOut(sellerId), amountCents },
  ];
}

/** The processor refused the transfer: the money is the seller's available balance again. */
export function payoutReturnEntries(sellerId: string, amountCents: number): LedgerEntry[] {
  return [
    { account: accounts.sellerPayoutPending(sellerId), amountCents: -amountCents },
    { account: accounts.sellerAvailable(sellerId), amountCents },
  ];
}
