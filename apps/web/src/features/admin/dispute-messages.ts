import type { DisputeOutcome } from '@laptops/shared/disputes';

/** The texts of the admins' dispute console: the list, one dispute, and settling it. */
export const disputeConsoleMessages = {
  list: {
    title: 'Disputes',
    intro:
      'Open disputes come first, the longest waiting first; their money is held until you settle them. Settled ones follow.',
    caption: 'Disputes, open ones first',
    laptop: 'Laptop',
    between: (buyer: string, seller: string) => `${buyer} (buyer) and ${seller} (seller)`,
    reason: 'Reason',
    waiting: 'Waiting',
    held: 'Held',
    status: 'Status',
    open: 'Open',
    settleLink: 'Settle',
    viewLink: 'View',
    openLabel: (laptop: string) => `Open the dispute about ${laptop}`,
    settledOn: (when: string) => `Settled ${when}`,
    empty: 'There are no disputes. When a buyer opens one, it shows here.',
    loadFailed: 'We could not load the disputes.',
    retry: 'Try again',
  },
  outcomes: {
    refund: 'Refunded in full',
    'refund-part': 'Partly refunded',
    release: 'Released to the seller',
  } satisfies Record<DisputeOutcome, string>,
  detail: {
    back: 'Back to disputes',
    title: (laptop: string) => `Dispute: ${laptop}`,
    loadFailed: 'We could not load this dispute.',
    notFoundTitle: 'Dispute not found',
    notFoundText: 'There is no such dispute.',
    retry: 'Try again',
    deal: 'The deal',
    price: 'Price',
    buyer: 'Buyer',
    seller: 'Seller',
    laptopPage: "The laptop's page",
    money: 'Money',
    charged: 'Paid by the buyer',
    held: 'Held now',
    refunded: 'Refunded',
    sellerReceived: 'Released to the seller',
    fee: (percent: number) => `Platform fee (${percent}%)`,
    complaint: 'What the buyer says',
    reason: 'Reason',
    details: 'Details',
    evidence: 'Photos',
    noEvidence: 'No photos were added.',
    evidenceLink: (n: number) => `Photo ${n} from the buyer (opens the full size)`,
    timeline: 'Timeline',
    events: {
      booked: 'Booked',
      paid: 'Paid',
      'dispute-opened': 'Dispute opened',
      settled: 'Settled',
    },
    messages: (total: number, since: number) =>
      `${total} ${total === 1 ? 'message' : 'messages'} in the thread, ${since} since the dispute was opened`,
    thread: 'The conversation',
    readOnly:
      'Read only: you see this conversation because of its dispute. The buyer and the seller read your note in it once you settle.',
    noMessages: 'There are no messages in this conversation.',
    loadOlder: 'Load older messages',
    marketplace: 'Laptop Resale',
    byBuyer: (name: string) => `${name} (buyer)`,
    bySeller: (name: string) => `${name} (seller)`,
    photo: (name: string) => `Photo from ${name} (opens the full size)`,
    settled: 'Settled',
    settledBy: (name: string, when: string) => `By ${name}, ${when}`,
    note: 'Note to both people',
  },
  settle: {
    heading: 'Settle the dispute',
    intro: (held: string) =>
      `${held} is held. Choose where it goes, and write a note: the buyer and the seller both read it.`,
    outcome: 'Decision',
    outcomeRequired: 'Please choose a decision',
    options: {
      refund: {
        label: 'Refund in full',
        hint: (held: string) =>
          `${held} goes back to the buyer. The laptop stays sold; you can put it back on sale separately.`,
      },
      'refund-part': {
        label: 'Refund in part',
        hint: 'Part goes back to the buyer; the rest goes to the seller, less the fee on what they receive.',
      },
      release: {
        label: 'Release to the seller',
        hint: (receives: string, fee: string) =>
          `The seller receives ${receives} (after the fee of ${fee}).`,
      },
    },
    amount: 'Amount to refund, in dollars',
    amountHint: (held: string) => `More than $0.00 and less than ${held}.`,
    split: (refund: string, receives: string, fee: string) =>
      `The buyer gets ${refund} back; the seller receives ${receives} (after the fee of ${fee}).`,
    note: 'Note to the buyer and the seller',
    noteHint: (max: number) => `What you decided and why. At most ${max} characters.`,
    submit: 'Settle…',
    confirmTitle: 'Settle this dispute?',
    confirm: {
      refund: (held: string) => `Refund ${held} to the buyer in full. This cannot be undone.`,
      'refund-part': (refund: string, receives: string) =>
        `Refund ${refund} to the buyer and release ${receives} to the seller. This cannot be undone.`,
      release: (receives: string) => `Release ${receives} to the seller. This cannot be undone.`,
    },
    confirmLabel: 'Settle',
    done: 'The dispute is settled. Both people have been told.',
  },
} as const;

/** How long a dispute has been waiting, from `iso` to `now`: '3 days', '5 hours', 'under an hour'. */
export function waitingFor(iso: string, now = Date.now()): string {
  const hours = Math.floor((now - new Date(iso).getTime()) / 3_600_000);
  if (hours < 1) return 'under an hour';
  if (hours < 48) return `${hours} ${hours === 1 ? 'hour' : 'hours'}`;
  return `${Math.floor(hours / 24)} days`;
}
