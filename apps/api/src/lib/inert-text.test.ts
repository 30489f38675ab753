import { describe, expect, it } from 'vitest';
import { inertText } from './inert-text.ts';

describe('inertText', () => {
  it.each([
    ['Meet at https://evil.example/login now', 'Meet at https[:]//evil[.]example/login now'],
    ['pay at paypal-secure.com', 'pay at paypal-secure[.]com'],
    ['write to scam@mail.ru', 'write to scam[at]mail[.]ru'],
    ['mailto:someone@x.io', 'mailto[:]someone[at]x[.]io'],
    ['javascript:alert(1)', 'javascript[:]alert(1)'],
  ])('defangs %s', (typed, inert) => {
    expect(inertText(typed)).toBe(inert);
  });

  it.each([
    "St. Mary's Church, 5th Ave.",
    'Cafe Lumen, near the 2.5 km sign',
    '+1 (512) 555-0100',
    'Room 4, 10:30 am, ask for J. Smith',
  ])('leaves ordinary text as it is: %s', (typed) => {
    expect(inertText(typed)).toBe(typed);
  });
});
