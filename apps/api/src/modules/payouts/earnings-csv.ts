import type { EarningsLineStatus } from '@laptops/shared/payouts';
import type { SaleMoney } from './earnings.service.ts';

/** The status column's words (the Earnings page says the same). */
const statusWords: Record<EarningsLineStatus, string> = {
  held: 'Held until handover',
  available: 'Available',
  'in-transit': 'On its way',
  'paid-out': 'Paid out',
  refunded: 'Refunded',
};

/**
 * One CSV cell (RFC 4180): quoted when it holds a comma, a quote or a line break, its
 * quotes doubled. A cell a spreadsheet would run as a formula (it starts with =, +, -,
 * @, a tab or a carriage return: a laptop named "=HYPERLINK(...)") gets a leading
 * apostrophe, which spreadsheets show as text (OWASP's advice on CSV injection).
 */
export function csvCell(value: string): string {
  const text = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

const amount = (cents: number) => (cents / 100).toFixed(2);

export const earningsCsvHeader = [
  'Date',
  'Laptop',
  'Order',
  'Price (USD)',
  'Fee (USD)',
  'Refunded (USD)',
  'You receive (USD)',
  'Status',
];

/** Every sale, newest first, one line each, with CRLF line ends as RFC 4180 has them. */
export function earningsCsv(sales: SaleMoney[]): string {
  const lines = [earningsCsvHeader];
  for (const sale of sales) {
    lines.push([
      sale.date.toISOString().slice(0, 10),
      sale.laptop,
      sale.orderId,
      amount(sale.priceCents),
      amount(sale.feeCents),
      amount(sale.refundedCents),
      amount(sale.receiveCents),
      statusWords[sale.status],
    ]);
  }
  return lines.map((cells) => cells.map(csvCell).join(',')).join('\r\n') + '\r\n';
}
