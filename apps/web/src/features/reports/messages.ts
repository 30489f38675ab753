import type { ReportReason } from '@laptops/shared/reports';

/** The texts of the report modal; they load with the modal. */

export const reportMessages = {
  title: 'Report this laptop',
  productName: 'Laptop',
  reason: 'Why are you reporting this laptop?',
  reasons: {
    scam: { label: 'Scam or fraud', hint: 'Asks for money up front, or the seller seems fake.' },
    wrong_details: {
      label: 'Wrong details',
      hint: 'The photos, description or price do not match the laptop.',
    },
    already_sold: { label: 'Already sold', hint: 'The laptop is no longer available.' },
    prohibited_item: {
      label: 'Prohibited item',
      hint: 'Stolen goods, or something that may not be sold here.',
    },
    other: { label: 'Other', hint: 'Tell the admin what is wrong below.' },
  } satisfies Record<ReportReason, { label: string; hint: string }>,
  details: 'Details',
  optional: '(optional)',
  required: '(required)',
  detailsHint: (max: number) =>
    `Anything that helps the admin check this laptop, up to ${max.toLocaleString('en-US')} characters.`,
  detailsHintOther: (max: number) =>
    `Needed when the reason is Other, up to ${max.toLocaleString('en-US')} characters.`,
  submit: 'Send report',
  cancel: 'Cancel',
  close: 'Close',
  success: 'Thank you. An admin will look at your report.',
};
