import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Thread, ConversationSummary } from '@laptops/shared/conversations';
import type { OrderDetails } from '@laptops/shared/orders';
import { loadConfig } from '../../config.ts';
import { buyingKit, type Intent } from '../../test/buying-kit.ts';
import { createTestContext, type TestContext } from '../../test/test-app.ts';
import { systemLineText } from '../conversations/system-lines.ts';

const hook = '/api/test-hooks/deals/release-due';

describe('the release test hook (E2E_TEST_HOOKS=1)', () => {
  let t: TestContext;
  let kit: ReturnType<typeof buyingKit>;
  beforeAll(async () => {
    t = await createTestContext({ E2E_TEST_HOOKS: '1' });
    kit = buyingKit(t);
  });
  afterAll(async () => {
    await t?.close();
  });

  async function paidDeal() {
    const { seller, product } = await kit.laptop(40_000, 'HP EliteBook 840');
    const buyer = await kit.bookedBy(product.id, 'Hana Buyer');
    const intent = (await kit.startPayment(buyer.cookie, buyer.orderId)).json<Intent>();
    expect((await kit.confirm(intent)).statusCode).toBe(200);
    expect((await kit.record(buyer.cookie, buyer.orderId, intent.paymentIntentId)).statusCode).toBe(
      201,
    );
    return { seller, buyer, orderId: buyer.orderId };
  }

  it('releases a held deal at once, as the automatic release would, and says so in the thread', async () => {
    const { seller, buyer, orderId } = await paidDeal();
    const response = await kit.call('POST', hook, buyer.cookie, { orderId });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ released: 1, remindersSent: 0, status: 'completed' });

    const page = (
      await kit.call('GET', `/api/orders/${orderId}`, seller.cookie)
    ).json<OrderDetails>();
    expect(page).toMatchObject({
      status: 'completed',
      money: { held: 0, fee: 20, sellerReceived: 380, releasedBy: 'automatic' },
    });
    const [conversation] = (await kit.call('GET', '/api/conversations', buyer.cookie)).json<
      ConversationSummary[]
    >();
    const thread = (
      await kit.call('GET', `/api/conversations/${conversation?._id}`, buyer.cookie)
    ).json<Thread>();
    expect(thread.messages.map((message) => message.body)).toContain(
      systemLineText.releasedAutomatically,
    );

    // Nothing is held any more: the hook says so and changes nothing.
    const again = await kit.call('POST', hook, seller.cookie, { orderId });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ error: { code: 'NOTHING_HELD' } });
  });

  it('moves the release by some hours: inside the reminder window, reminders go, the money stays', async () => {
    const { seller, orderId } = await paidDeal();
    // 72 hours to go, less 60: 12 hours left, inside the 24 hours before the release.
    const response = await kit.call('POST', hook, seller.cookie, { orderId, hours: 60 });
    expect(response.statusCode).toBe(200);
    const result = response.json<{
      releaseDueAt: string;
      released: number;
      remindersSent: number;
    }>();
    expect(result).toMatchObject({ released: 0, remindersSent: 1, status: 'paid' });
    const hoursLeft = (new Date(result.releaseDueAt).getTime() - Date.now()) / 3_600_000;
    expect(hoursLeft).toBeGreaterThan(11);
    expect(hoursLeft).toBeLessThan(12.1);
  });

  it("is for the deal's own buyer and seller, with a valid body", async () => {
    const { orderId } = await paidDeal();
    const stranger = await kit.signedIn('buyer');
    expect((await kit.call('POST', hook, stranger.cookie, { orderId })).statusCode).toBe(404);
    expect((await kit.call('POST', hook, undefined, { orderId })).statusCode).toBe(401);
    const bad = await kit.call('POST', hook, stranger.cookie, { orderId: 'x', hours: -1 });
    expect(bad.statusCode).toBe(400);
    const { product } = await kit.laptop();
    const unpaid = await kit.bookedBy(product.id);
    const notPaid = await kit.call('POST', hook, unpaid.cookie, { orderId: unpaid.orderId });
    expect(notPaid.statusCode).toBe(409);
  });
});

describe('without E2E_TEST_HOOKS', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestContext();
  });
  afterAll(async () => {
    await t?.close();
  });

  it('has no such route', async () => {
    const response = await t.app.inject({ method: 'POST', url: hook, payload: {} });
    expect(response.statusCode).toBe(404);
    expect(t.app.accessRegistry.some((route) => route.url.startsWith('/api/test-hooks'))).toBe(
      false,
    );
  });

  it('is refused by the configuration of a production server', () => {
    const production = { NODE_ENV: 'production', PAYMENTS_PROVIDER: 'sandbox' };
    expect(() => loadConfig({ ...production, E2E_TEST_HOOKS: '1' })).toThrow(
      'E2E_TEST_HOOKS is for browser tests and refused with NODE_ENV=production',
    );
    expect(loadConfig({ ...production, E2E_TEST_HOOKS: '0' }).testHooks).toBe(false);
    expect(loadConfig({ NODE_ENV: 'test', E2E_TEST_HOOKS: '1' }).testHooks).toBe(true);
  });
});
