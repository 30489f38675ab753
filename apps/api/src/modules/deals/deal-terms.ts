import { randomInt } from 'node:crypto';

/** The rules of a protected deal, from the configuration (decision 0035). */
export type DealTerms = {
  /** The platform's fee, in basis points of the money released to a seller. */
  feeBps: number;
  /** How long after the payment held money goes to the seller unless the buyer acts. */
  releaseAfterMs: number;
  /** How long before that release both people are reminded. */
  reminderBeforeMs: number;
};

/** What a payment writes on its order: the fee promised, the buyer's code, the due release. */
export function paidDealFields(terms: DealTerms, paidAt: Date) {
  return {
    feeBps: terms.feeBps,
    // Six digits from a cryptographic source; guessing is also limited per order.
    handoverCode: String(randomInt(0, 1_000_000)).padStart(6, '0'),
    releaseDueAt: new Date(paidAt.getTime() + terms.releaseAfterMs),
  };
}
