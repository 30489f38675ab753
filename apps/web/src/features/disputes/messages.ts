/** The texts of a deal's dispute on its order page; they load with it. */
export const disputeMessages = {
  heading: 'Dispute',
  problemHeading: 'Something wrong with the laptop?',
  problemText:
    'If the laptop is not what was promised, or the seller did not come, open a dispute before the payment is released. We keep holding the money, and an admin decides what happens to it.',
  open: 'Open a dispute',
  formHeading: 'Open a dispute',
  reason: 'What went wrong?',
  details: 'Tell us what happened',
  detailsHint: (max: number) =>
    `What you expected, what you found, and what you tried. The seller reads this too (at most ${max} characters).`,
  photos: 'Photos (optional)',
  photosHint: (max: number) =>
    `Up to ${max} photos of the problem: a screen, a lock, a missing part. JPEG, PNG or WebP.`,
  addPhoto: 'Add a photo',
  uploading: (percent: number) => `Uploading… ${percent}%`,
  photoAlt: (n: number) => `Photo ${n} of the problem`,
  removePhoto: (n: number) => `Remove photo ${n}`,
  photoFailed: 'The photo could not be uploaded. Please try again.',
  submit: 'Open the dispute',
  submitting: 'Opening…',
  cancel: 'Cancel',
  opened: 'Your dispute is open. We keep holding the money until an admin settles it.',
  reasonLabel: 'Reason',
  detailsLabel: 'What the buyer wrote',
  evidence: 'Photos',
  evidenceLink: (n: number) => `Photo ${n} (opens the full size)`,
  openedOn: 'Opened on',
  waiting: {
    buyer:
      'An admin will look at it and settle it. Until then the money stays held. The seller can answer in your conversation, and you can add to it there.',
    seller:
      'The buyer says something went wrong. Please answer in your conversation with them: an admin reads it before deciding. Until then the money stays held.',
  },
  conversation: 'Go to your messages',
  settledOn: 'Settled on',
  outcome: 'Decision',
  outcomes: {
    refund: 'Refunded in full to the buyer',
    'refund-part': 'Refunded in part; the rest released to the seller',
    release: 'Released to the seller',
  },
  refundedToBuyer: 'Refunded to the buyer',
  releasedToSeller: 'Released to the seller',
  feeNote: (fee: string) => `after the platform fee of ${fee}`,
  note: 'Note from the admin',
  refundOnItsWay:
    'The refund is on its way to the card it was paid with; it usually shows within 5 to 10 business days.',
} as const;
