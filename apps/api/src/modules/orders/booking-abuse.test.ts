import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buyingKit } from '../../test/buying-kit.ts';
import { decodeQuotedPrintable, startSmtpSink } from '../../test/smtp-sink.ts';
import { createTestContext, type TestContext } from '../../test/test-app.ts';

const LIMIT = 4;

let t: TestContext;
let smtp: Awaited<ReturnType<typeof startSmtpSink>>;
let kit: ReturnType<typeof buyingKit>;
beforeAll(async () => {
  smtp = await startSmtpSink();
  t = await createTestContext({
    SMTP_URL: smtp.url,
    BOOKING_RATE_LIMIT_PER_BUYER: String(LIMIT),
  });
  kit = buyingKit(t);
});
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

const mailsTo = (email: string) => smtp.received.filter((mail) => mail.to.includes(email));
const settle = () => new Promise((resolve) => setTimeout(resolve, 300));

describe('a buyer cannot flood a seller through bookings', () => {
  it('limits bookings and cancellations per buyer, and the refused one changes nothing', async () => {
    const { product } = await kit.laptop();
    const buyer = await kit.signedIn('buyer');
    let orderId = '';
    for (let step = 0; step < LIMIT; step += 1) {
      if (step % 2 === 0) {
        const booked = await kit.book(buyer.cookie, product.id);
        expect(booked.statusCode).toBe(201);
        orderId = booked.json<{ insertedId: string }>().insertedId;
      } else {
        expect((await kit.cancel(buyer.cookie, orderId)).statusCode).toBe(200);
      }
    }
    const refused = await kit.book(buyer.cookie, product.id);
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBeDefined();
    expect(refused.json()).toEqual({
      error: {
        code: 'TOO_MANY_REQUESTS',
        message:
          'You have booked and cancelled many times in the last hour. Please try again later.',
      },
    });
    const mine = await kit.call('GET', '/api/myOrders', buyer.cookie);
    expect(mine.json<unknown[]>()).toHaveLength(0);
    // Another buyer is not held back by this one.
    expect((await kit.bookedBy(product.id)).orderId).toBeTruthy();
  });

  it('mails the seller once an hour for one buyer booking one laptop again and again', async () => {
    const { seller, product } = await kit.laptop();
    const buyer = await kit.signedIn('buyer');
    for (let round = 0; round < 2; round += 1) {
      const booked = await kit.book(buyer.cookie, product.id);
      expect(booked.statusCode).toBe(201);
      await kit.cancel(buyer.cookie, booked.json<{ insertedId: string }>().insertedId);
    }
    await expect.poll(() => mailsTo(seller.user.email).length).toBe(1);
    await settle();
    expect(mailsTo(seller.user.email)).toHaveLength(1);
  });

  it('never lets what a buyer typed become a link in the seller’s mail', async () => {
    const { seller, product } = await kit.laptop();
    const buyer = await kit.signedIn('buyer');
    const booked = await kit.call('POST', '/api/myOrders', buyer.cookie, {
      productId: product.id,
      buyerPhone: '+1 512 555 0100',
      meetingLocation: 'Pay first at https://paypal-refunds.example/login',
    });
    expect(booked.statusCode).toBe(201);
    const { insertedId } = booked.json<{ insertedId: string }>();
    await expect.poll(() => mailsTo(seller.user.email).length).toBe(1);
    const mail = decodeQuotedPrintable(mailsTo(seller.user.email)[0]?.raw ?? '');
    expect(mail).toContain('Meeting place: Pay first at https[:]//paypal-refunds[.]example/login');
    expect(mail).not.toContain('paypal-refunds.example');
    // The one link is ours: the booking's page.
    expect(mail).toContain(`http://localhost:3000/dashboard/orders/${insertedId}`);
  });
});
