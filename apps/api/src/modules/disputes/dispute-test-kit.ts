/** What the dispute tests share: a paid deal through the sandbox, and the dispute calls. */
import { eq } from 'drizzle-orm';
import type { OrderDetails } from '@laptops/shared/orders';
import type {
  DisputeDetails,
  OpenDisputeInput,
  SettleDisputeInput,
} from '@laptops/shared/disputes';
import { orders } from '../../db/schema/orders.ts';
import { products } from '../../db/schema/products.ts';
import { sandboxPaymentIntents } from '../../db/schema/sandbox-payment-intents.ts';
import { buyingKit, type Intent } from '../../test/buying-kit.ts';
import type { TestContext } from '../../test/test-app.ts';
import type { DealDeps } from '../deals/deal-actions.ts';
import { createSandboxProvider } from '../payments/sandbox-provider.ts';

export function disputeKit(t: TestContext) {
  const kit = buyingKit(t);
  let admin: Awaited<ReturnType<typeof kit.signedIn>> | undefined;

  /** A laptop sold through the sandbox: the seller, the buyer and the paid order. */
  async function paidDeal(priceCents = 80_000, name = 'HP EliteBook 840') {
    const { seller, product } = await kit.laptop(priceCents, name);
    const buyer = await kit.bookedBy(product.id, 'Bea Buyer');
    const intent = (await kit.startPayment(buyer.cookie, buyer.orderId)).json<Intent>();
    if ((await kit.confirm(intent)).statusCode !== 200) throw new Error('card not confirmed');
    const recorded = await kit.record(buyer.cookie, buyer.orderId, intent.paymentIntentId);
    if (recorded.statusCode !== 201) throw new Error(`payment not recorded: ${recorded.body}`);
    return { seller, buyer, product, orderId: buyer.orderId, intent };
  }

  const openDispute = (cookie: string, orderId: string, input: Partial<OpenDisputeInput> = {}) =>
    kit.call('POST', `/api/orders/${orderId}/dispute`, cookie, {
      reason: 'does-not-work',
      details: 'The screen stays black after the logo.',
      ...input,
    });

  /** The dispute's id, as the admins' list gives it for the order. */
  async function disputeIdOf(orderId: string) {
    const list = await kit.call('GET', '/api/admin/disputes?limit=100', (await anAdmin()).cookie);
    const row = list.json<{ _id: string; orderId: string }[]>().find((d) => d.orderId === orderId);
    if (!row) throw new Error(`no dispute for ${orderId}`);
    return row._id;
  }

  async function anAdmin() {
    admin ??= await kit.signedIn('admin', 'Ada Admin');
    return admin;
  }

  const settle = async (disputeId: string, input: SettleDisputeInput, cookie?: string) =>
    kit.call(
      'POST',
      `/api/admin/disputes/${disputeId}/settle`,
      cookie ?? (await anAdmin()).cookie,
      input,
    );

  /** A paid deal its buyer has disputed, with the dispute's id. */
  async function disputedDeal(priceCents = 80_000) {
    const deal = await paidDeal(priceCents);
    const opened = await openDispute(deal.buyer.cookie, deal.orderId);
    if (opened.statusCode !== 201) throw new Error(`dispute not opened: ${opened.body}`);
    return { ...deal, disputeId: await disputeIdOf(deal.orderId) };
  }

  const orderPage = async (cookie: string, orderId: string) =>
    (await kit.call('GET', `/api/orders/${orderId}`, cookie)).json<OrderDetails>();

  const details = async (disputeId: string) =>
    (
      await kit.call('GET', `/api/admin/disputes/${disputeId}`, (await anAdmin()).cookie)
    ).json<DisputeDetails>();

  /** What the deal jobs run with, as the app builds it (mail is not looked at here). */
  const dealDeps = (): DealDeps => ({
    db: t.database.db,
    provider: createSandboxProvider(t.database.db),
    mailer: { send: async () => {}, describe: () => 'nowhere' },
    log: t.app.log,
    publicUrl: 'http://localhost:3000',
    publish: async () => {},
  });

  /** What the sandbox provider gave back of a payment, in cents (null: nothing). */
  async function sandboxRefunded(paymentIntentId: string) {
    const [row] = await t.database.db
      .select({ cents: sandboxPaymentIntents.refundedCents })
      .from(sandboxPaymentIntents)
      .where(eq(sandboxPaymentIntents.id, paymentIntentId));
    return row?.cents ?? null;
  }

  /** The status of the order's laptop ('sold', 'available'). */
  async function productStatus(orderId: string) {
    const [row] = await t.database.db
      .select({ status: products.status })
      .from(orders)
      .innerJoin(products, eq(products.id, orders.productId))
      .where(eq(orders.id, orderId));
    return row?.status;
  }

  return {
    ...kit,
    sandboxRefunded,
    productStatus,
    paidDeal,
    openDispute,
    disputeIdOf,
    anAdmin,
    settle,
    disputedDeal,
    orderPage,
    details,
    dealDeps,
  };
}
