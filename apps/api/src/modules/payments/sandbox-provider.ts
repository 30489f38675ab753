import { randomBytes } from 'node:crypto';
import { and, asc, eq, gte, gt, isNull, or, sql } from 'drizzle-orm';
import type { SandboxConfirmInput } from '@laptops/shared/payments';
import type { Db } from '../../db/client.ts';
import { sandboxPaymentIntents } from '../../db/schema/sandbox-payment-intents.ts';
import { HttpError } from '../../lib/http-error.ts';
import type { PaymentProvider, ProviderPaymentIntent } from './payment-provider.ts';
import { createSandboxConnect } from './sandbox-connect.ts';

const token = (bytes: number) =>
  randomBytes(bytes).toString('base64url').replace(/[-_]/g, '').slice(0, bytes);

function toIntent(row: typeof sandboxPaymentIntents.$inferSelect): ProviderPaymentIntent {
  return {
    id: row.id,
    clientSecret: row.clientSecret,
    status: row.status,
    amountCents: row.amountCents,
    currency: row.currency,
    metadata: row.metadata,
  };
}

/**
 * The embedded test-mode processor. Payment intents, connected accounts and transfers
 * live in our database.
 */
export function createSandboxProvider(db: Db): PaymentProvider {
  return {
    ...createSandboxConnect(db),
    name: 'sandbox',
    publishableKey: null,
    async createPaymentIntent({ amountCents, currency, metadata, idempotencyKey }) {
      const [existing] = await db
        .select()
        .from(sandboxPaymentIntents)
        .where(eq(sandboxPaymentIntents.idempotencyKey, idempotencyKey));
      if (existing) return toIntent(existing);
      const id = `pi_sandbox_${token(24)}`;
      const [row] = await db
        .insert(sandboxPaymentIntents)
        .values({
          id,
          // Stripe's form: `{id}_secret_{random}`.
          clientSecret: `${id}_secret_${token(24)}`,
          amountCents,
          currency,
          status: 'requires_payment_method',
          metadata,
          idempotencyKey,
        })
        .onConflictDoNothing({ target: sandboxPaymentIntents.idempotencyKey })
        .returning();
      if (row) return toIntent(row);
      const [raced] = await db
        .select()
        .from(sandboxPaymentIntents)
        .where(eq(sandboxPaymentIntents.idempotencyKey, idempotencyKey));
      if (!raced) throw new Error('sandbox payment intent vanished');
      return toIntent(raced);
    },
    async retrievePaymentIntent(id) {
      const [row] = await db
        .select()
        .from(sandboxPaymentIntents)
        .where(eq(sandboxPaymentIntents.id, id));
      return row ? toIntent(row) : null;
    },
    async refundPaymentIntent(id, _idempotencyKey, amountCents) {
      await db
        .update(sandboxPaymentIntents)
        .set({
          refundedAt: new Date(),
          refundedCents: amountCents ?? sql`${sandboxPaymentIntents.amountCents}`,
        })
        .where(and(eq(sandboxPaymentIntents.id, id), isNull(sandboxPaymentIntents.refundedAt)));
    },
    async *listSucceededPaymentIntents(since) {
      const t = sandboxPaymentIntents;
      let after: { createdAt: Date; id: string } | undefined;
      for (;;) {
        const page = await db
          .select()
          .from(t)
          .where(
            and(
              eq(t.status, 'succeeded'),
              gte(t.createdAt, since),
              after &&
                or(
                  gt(t.createdAt, after.createdAt),
                  and(eq(t.createdAt, after.createdAt), gt(t.id, after.id)),
                ),
            ),
          )
          .orderBy(asc(t.createdAt), asc(t.id))
          .limit(100);
        for (const row of page) yield toIntent(row);
        const last = page.at(-1);
        if (!last || page.length < 100) return;
        after = { createdAt: last.createdAt, id: last.id };
      }
    },
  };
}

/** A card error, answered with 402 like Stripe's card_error. */
export class CardError extends HttpError {
  constructor(code: string, message: string) {
    super(402, code, message);
  }
}

/**
 * Stripe's documented test cards that succeed, by brand (stripe.com/docs/testing).
 * The sandbox takes no other number: any number that passed the check digit used to
 * pay (0000 0000 0000 0000 did), so a deployment on the sandbox sold to anyone.
 */
const succeedingTestCards = new Set([
  '4242424242424242', // Visa
  '4000056655665556', // Visa (debit)
  '5555555555554444', // Mastercard
  '2223003122003222', // Mastercard (2-series)
  '5200828282828210', // Mastercard (debit)
  '5105105105105100', // Mastercard (prepaid)
  '378282246310005', // American Express
  '371449635398431', // American Express
  '6011111111111117', // Discover
  '6011000990139424', // Discover
  '6011981111111113', // Discover (debit)
  '3056930009020004', // Diners Club
  '36227206271667', // Diners Club (14 digits)
  '6555900000604105', // BCcard and DinaCard
  '3566002020360505', // JCB
  '6200000000000005', // UnionPay
  '6200000000000047', // UnionPay (debit)
  '6205500000000000004', // UnionPay (19 digits)
]);

/** Stripe's documented test cards that fail, and how. */
const failingTestCards: Record<string, [code: string, message: string]> = {
  '4000000000000002': ['card_declined', 'Your card was declined.'],
  '4000000000009995': ['insufficient_funds', 'Your card has insufficient funds.'],
  '4000000000000069': ['expired_card', 'Your card has expired.'],
  '4000000000000127': ['incorrect_cvc', "Your card's security code is incorrect."],
};

export function passesLuhn(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let digit = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return digits.length >= 12 && sum % 10 === 0;
}

/**
 * Checks the card the way Stripe's test mode does: only its test cards, each with the
 * outcome Stripe gives it. Throws CardError when it fails.
 */
export function checkTestCard(card: SandboxConfirmInput['card'], now: Date): void {
  const number = card.number.replace(/[\s-]/g, '');
  if (!/^\d{12,19}$/.test(number) || !passesLuhn(number)) {
    throw new CardError('incorrect_number', 'Your card number is incorrect.');
  }
  // Stripe's test mode refuses a real card the same way (decline code test_mode_live_card).
  if (!succeedingTestCards.has(number) && !failingTestCards[number]) {
    throw new CardError(
      'test_mode_live_card',
      'This is a test payment, so only test cards work. Use the test card 4242 4242 4242 4242, any future date and any CVC.',
    );
  }
  const year = card.exp_year < 100 ? 2000 + card.exp_year : card.exp_year;
  if (card.exp_month < 1 || card.exp_month > 12) {
    throw new CardError('invalid_expiry_month', "Your card's expiration month is invalid.");
  }
  // As Stripe: no card is issued for more than 50 years, nor dated before cards were
  // (Date.UTC has no year 999999999 or -300000, and NaN compares as not past).
  if (year < 1950 || year > now.getUTCFullYear() + 50) {
    throw new CardError('invalid_expiry_year', "Your card's expiration year is invalid.");
  }
  const endOfExpiryMonth = Date.UTC(year, card.exp_month, 1);
  if (endOfExpiryMonth <= now.getTime()) {
    throw new CardError('invalid_expiry_year', "Your card's expiration date is in the past.");
  }
  if (!/^\d{3,4}$/.test(card.cvc)) {
    throw new CardError('invalid_cvc', "Your card's security code is invalid.");
  }
  const failure = failingTestCards[number];
  if (failure) throw new CardError(failure[0], failure[1]);
}

/**
 * POST /api/sandbox/payment_intents/:id/confirm: charges the test card. Whoever
 * holds the client secret may confirm, as with Stripe. Nothing about the card is kept.
 */
export async function confirmSandboxPayment(
  db: Db,
  id: string,
  input: SandboxConfirmInput,
  now = new Date(),
): Promise<{ id: string; status: string }> {
  const [intent] = await db
    .select()
    .from(sandboxPaymentIntents)
    .where(eq(sandboxPaymentIntents.id, id));
  if (!intent || intent.clientSecret !== input.client_secret) {
    throw new HttpError(404, 'resource_missing', 'No such payment intent.');
  }
  if (intent.status === 'succeeded') return { id, status: 'succeeded' };
  if (intent.status === 'canceled') {
    throw new HttpError(409, 'payment_intent_unexpected_state', 'This payment was canceled.');
  }
  checkTestCard(input.card, now);
  await db
    .update(sandboxPaymentIntents)
    .set({ status: 'succeeded' })
    .where(
      and(
        eq(sandboxPaymentIntents.id, id),
        eq(sandboxPaymentIntents.status, 'requires_payment_method'),
      ),
    );
  return { id, status: 'succeeded' };
}
