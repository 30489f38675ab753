import { and, eq, isNull } from 'drizzle-orm';
import {
  disputeReasonText,
  type DisputeReason,
  type openDisputeInputSchema,
} from '@laptops/shared/disputes';
import type { z } from 'zod';
import { disputes } from '../../db/schema/disputes.ts';
import { users } from '../../db/schema/users.ts';
import { HttpError, notFound } from '../../lib/http-error.ts';
import {
  announce,
  systemLineText,
  tellWith,
  writeSystemLine,
} from '../conversations/system-lines.ts';
import type { DealDeps } from '../deals/deal-actions.ts';
import { lockDeal } from '../deals/deal-actions.ts';
import { isOwnUploadedImage } from '../images/images.service.ts';
import { accounts } from '../ledger/ledger-accounts.ts';
import { balanceOf } from '../ledger/ledger.service.ts';
import { requireTransition } from '../orders/deal-state.ts';
import { disputeOpenedAdminMail, disputeOpenedSellerMail } from './disputes.mails.ts';

type OpenDisputeInput = z.output<typeof openDisputeInputSchema>;

const ownUrl = /^\/api\/images\/([a-z0-9-]+\.webp)$/;

/**
 * The image keys of the buyer's evidence photos: each a URL our /api/images gave this
 * buyer (a repeat counts once), or the whole request is refused.
 */
async function evidenceKeys(deps: DealDeps, buyerId: string, urls: string[]): Promise<string[]> {
  const unique = [...new Set(urls)];
  for (const url of unique) {
    if (!(await isOwnUploadedImage(deps.db, url, buyerId))) {
      throw new HttpError(400, 'IMAGE_NOT_OURS', 'Please upload the photos again.', {
        photos: 'Please upload the photos again.',
      });
    }
  }
  return unique.map((url) => ownUrl.exec(url)?.[1] ?? url);
}

/**
 * The buyer says the deal went wrong before the money was released: the dispute is
 * recorded under the order's lock, so a release at the same moment (the handover code,
 * the automatic release) either comes first, and the dispute is refused, or finds the
 * dispute and is refused itself. The money stays held; the seller answers in the thread.
 */
export async function openDispute(
  deps: DealDeps,
  buyerId: string,
  orderId: string,
  input: OpenDisputeInput,
) {
  const photos = await evidenceKeys(deps, buyerId, input.photos);
  const opened = await deps.db.transaction(async (tx) => {
    const deal = await lockDeal(tx, orderId);
    if (deal.order.buyerId !== buyerId) throw notFound('You have no such order.');
    requireTransition(deal.state, 'open-dispute');
    const [dispute] = await tx
      .insert(disputes)
      .values({ orderId, openedBy: buyerId, reason: input.reason, details: input.details, photos })
      .returning({ id: disputes.id });
    if (!dispute) throw new Error('dispute insert returned no row');
    const line = await writeSystemLine(tx, {
      productId: deal.product.id,
      buyerId,
      sellerId: deal.product.sellerId,
      body: systemLineText.disputeOpened(disputeReasonText[input.reason], input.details),
    });
    const held = await balanceOf(tx, accounts.held(orderId));
    return { deal, line, held, disputeId: dispute.id };
  });
  await announce(tellWith(deps.publish, deps.log), [opened.line]);
  await tellPeople(deps, {
    orderId,
    disputeId: opened.disputeId,
    sellerId: opened.deal.product.sellerId,
    productName: opened.deal.product.name,
    heldCents: opened.held,
    reason: input.reason,
    details: input.details,
  });
}

/** The seller and every admin, by email; a failed email is logged, the dispute stands. */
async function tellPeople(
  deps: DealDeps,
  dispute: {
    orderId: string;
    disputeId: string;
    sellerId: string;
    productName: string;
    heldCents: number;
    reason: DisputeReason;
    details: string;
  },
) {
  const [seller] = await deps.db.select().from(users).where(eq(users.id, dispute.sellerId));
  const admins = await deps.db
    .select({ email: users.email })
    .from(users)
    .where(and(eq(users.typeOfUser, 'admin'), isNull(users.deletedAt)));
  const mails = [
    ...(seller
      ? [
          disputeOpenedSellerMail({
            to: seller.email,
            sellerName: seller.name,
            productName: dispute.productName,
            reason: dispute.reason,
            details: dispute.details,
            orderUrl: `${deps.publicUrl}/dashboard/orders/${dispute.orderId}`,
          }),
        ]
      : []),
    ...admins.map((admin) =>
      disputeOpenedAdminMail({
        to: admin.email,
        productName: dispute.productName,
        heldCents: dispute.heldCents,
        reason: dispute.reason,
        consoleUrl: `${deps.publicUrl}/dashboard/disputes/${dispute.disputeId}`,
      }),
    ),
  ];
  for (const mail of mails) {
    await deps.mailer
      .send(mail)
      .catch((error: unknown) => deps.log.error({ err: error }, 'dispute email not sent'));
  }
}
