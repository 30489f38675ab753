import Stripe from 'stripe';
import type {
  ConnectProvider,
  ProviderConnectedAccount,
  ProviderTransfer,
} from './payment-provider.ts';

/** What the payouts read of a Stripe account. */
export function toConnectedAccount(account: Stripe.Account): ProviderConnectedAccount {
  const requirements = account.requirements;
  const due = [...(requirements?.past_due ?? []), ...(requirements?.currently_due ?? [])];
  return {
    id: account.id,
    detailsSubmitted: account.details_submitted ?? false,
    payoutsEnabled: account.payouts_enabled ?? false,
    transfersEnabled: account.capabilities?.transfers === 'active',
    requirements: [...new Set(due)],
    disabledReason: requirements?.disabled_reason ?? null,
  };
}

function toTransfer(transfer: Stripe.Transfer): ProviderTransfer {
  const destination = transfer.destination;
  return {
    id: transfer.id,
    amountCents: transfer.amount,
    destination: typeof destination === 'string' ? destination : (destination?.id ?? ''),
  };
}

const isMissing = (error: unknown) =>
  error instanceof Stripe.errors.StripeInvalidRequestError && error.code === 'resource_missing';

/**
 * Stripe Connect with Express accounts and separate charges and transfers (decision
 * 0037): the platform takes the buyer's payment, and sends the seller's part to their
 * connected account once it is released to them.
 */
export function createStripeConnect(stripe: Stripe): ConnectProvider {
  return {
    async createConnectedAccount({ userId, email, idempotencyKey }) {
      const account = await stripe.accounts.create(
        {
          type: 'express',
          email,
          capabilities: { transfers: { requested: true } },
          metadata: { userId },
        },
        { idempotencyKey },
      );
      return toConnectedAccount(account);
    },
    async retrieveConnectedAccount(id) {
      try {
        return toConnectedAccount(await stripe.accounts.retrieve(id));
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    },
    async createOnboardingLink({ accountId, refreshUrl, returnUrl }) {
      const link = await stripe.accountLinks.create({
        account: accountId,
        type: 'account_onboarding',
        refresh_url: refreshUrl,
        return_url: returnUrl,
      });
      return { url: link.url };
    },
    async createTransfer({ idempotencyKey, amountCents, transferGroup, ...rest }) {
      try {
        const transfer = await stripe.transfers.create(
          { ...rest, amount: amountCents, transfer_group: transferGroup },
          { idempotencyKey },
        );
        return { ok: true, transfer: toTransfer(transfer) };
      } catch (error) {
        // A request Stripe refused as it stands (the platform's balance is short, the
        // account cannot take transfers): asking again would be refused again. Stripe
        // answers the same key with the same refusal. Anything else may pass: thrown.
        if (
          error instanceof Stripe.errors.StripeInvalidRequestError ||
          error instanceof Stripe.errors.StripePermissionError
        ) {
          return {
            ok: false,
            code: error.code ?? error.type,
            message: error.message,
          };
        }
        throw error;
      }
    },
    async findTransfer(transferGroup) {
      const page = await stripe.transfers.list({ transfer_group: transferGroup, limit: 1 });
      const [first] = page.data;
      return first ? toTransfer(first) : null;
    },
  };
}
