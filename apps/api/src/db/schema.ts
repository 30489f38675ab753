import { accounts } from './schema/accounts.ts';
import { adminActionsLog } from './schema/admin-actions.ts';
import { categories } from './schema/categories.ts';
import { contactMessages } from './schema/contact-messages.ts';
import { images } from './schema/images.ts';
import { refunds } from './schema/refunds.ts';
import { payoutAccounts } from './schema/payout-accounts.ts';
import { payouts } from './schema/payouts.ts';
import { sandboxConnectedAccounts, sandboxTransfers } from './schema/sandbox-connect.ts';
import { sandboxPaymentIntents } from './schema/sandbox-payment-intents.ts';
import { webhookEvents } from './schema/webhook-events.ts';
import { orders } from './schema/orders.ts';
import { payments } from './schema/payments.ts';
import { products } from './schema/products.ts';
import { reports } from './schema/reports.ts';
import { serialFlagDismissals, stolenSerials } from './schema/serial-checks.ts';
import { searchWords } from './schema/search-words.ts';
import { sessions } from './schema/sessions.ts';
import { users } from './schema/users.ts';
import { verifications } from './schema/verifications.ts';

/** Every table, for Drizzle's query builder and better-auth's adapter. */
export const schema = {
  users,
  sessions,
  accounts,
  verifications,
  categories,
  products,
  orders,
  payments,
  reports,
  searchWords,
  contactMessages,
  images,
  sandboxPaymentIntents,
  webhookEvents,
  refunds,
  adminActionsLog,
  payoutAccounts,
  payouts,
  sandboxConnectedAccounts,
  sandboxTransfers,
  stolenSerials,
  serialFlagDismissals,
};
