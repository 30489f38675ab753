import { describe, expect, it } from 'vitest';
import { bookingNoticeMail, receiptMail, saleNoticeMail } from './orders.mails.ts';

describe('the order emails', () => {
  it('tells the seller about the booking and that an email follows the payment', () => {
    const mail = bookingNoticeMail({
      to: 'marcus@example.com',
      sellerName: 'Marcus Lee',
      productName: 'ThinkPad X1 Carbon',
      buyerName: 'Emma Wilson',
      buyerPhone: '+1 512 555 0100',
      meetingLocation: 'Austin Central Library',
      priceCents: 64_999,
      orderUrl: 'http://localhost:3000/dashboard/orders/o-1',
    });
    expect(mail.text).toContain('booked your laptop "ThinkPad X1 Carbon" for $649.99.');
    expect(mail.text).toContain('We will email you again when the buyer has paid.');
  });

  it('gives the buyer the transaction ID and says the seller arranges the handover', () => {
    const mail = receiptMail({
      to: 'emma@example.com',
      buyerName: 'Emma Wilson',
      productName: 'ThinkPad X1 Carbon',
      amountCents: 64_999,
      transactionId: 'pi_123',
      sellerEmail: 'marcus@example.com',
    });
    expect(mail.subject).toBe('Receipt: ThinkPad X1 Carbon');
    expect(mail.text).toContain('Transaction ID: pi_123');
    expect(mail.text).toContain(
      'The seller (marcus@example.com) will get in touch to arrange where and when to hand the laptop over.',
    );
  });

  it('tells the seller who paid, and how much, in one plain sentence', () => {
    const mail = saleNoticeMail({
      to: 'marcus@example.com',
      sellerName: 'Marcus Lee',
      productName: 'ThinkPad X1 Carbon',
      amountCents: 64_999,
      buyerEmail: 'emma@example.com',
    });
    expect(mail.text).toContain(
      'emma@example.com has paid $649.99 for your laptop "ThinkPad X1 Carbon".',
    );
  });
});
