import { describe, expect, it } from 'vitest';
import { EMAIL_HIDDEN, hideContacts, PHONE_HIDDEN } from './hide-contacts.ts';

describe('hideContacts', () => {
  it.each([
    ['Call me on +1 (512) 555-0199 tonight', `Call me on ${PHONE_HIDDEN} tonight`],
    ['or 512.555.0199', `or ${PHONE_HIDDEN}`],
    ['WhatsApp 07700900123', `WhatsApp ${PHONE_HIDDEN}`],
    ['Mail bea.buyer+laptops@example.co.uk please', `Mail ${EMAIL_HIDDEN} please`],
  ])('hides %j', (typed, shown) => {
    expect(hideContacts(typed)).toBe(shown);
  });

  it.each([
    'It has 16 GB, a 2023 battery and costs $1,299.00',
    'Screen 1920 x 1080, 512 GB SSD',
    'Meet at 5:30 on 12/24?',
    'Serial ends in 4471',
  ])('leaves %j as typed', (typed) => {
    expect(hideContacts(typed)).toBe(typed);
  });
});
