import { describe, expect, it } from 'vitest';
import { productMessages as m } from './messages.ts';
import { productFieldsSchema, productInputSchema } from './products.ts';

const valid = {
  name: 'Dell XPS 13',
  location: 'Boston, MA',
  category: '7b1c0a52-3a55-4a8e-9a43-1f2b3c4d5e6f',
  conditionType: 'Good',
  mobileNumber: '+1 (617) 555-0100',
  originalPrice: '1,299.00',
  resalePrice: '$749.5',
  yearsOfUse: '2',
  description: 'Tiny and light.',
};

function errors(input: Record<string, unknown>) {
  const result = productFieldsSchema.safeParse(input);
  return result.success
    ? {}
    : Object.fromEntries(result.error.issues.map((i) => [i.path.join('.'), i.message]));
}

describe('product fields', () => {
  it('takes right-to-left text with its isolates and marks, and pasted line breaks', () => {
    expect(
      errors({
        ...valid,
        name: 'لابتوب \u2067Dell XPS 13\u2069 \u200F',
        location: '\u202Bעמאן\u202C, Jordan',
        description: 'Light and fast.\vNew battery.\u0085Box included.\tCharger too.',
      }),
    ).toEqual({});
  });

  it('keeps the name and the location on one line', () => {
    expect(errors({ ...valid, name: 'Dell\nXPS 13' })).toEqual({
      name: 'This must be on one line',
    });
    expect(errors({ ...valid, location: 'Boston,\rMA' })).toEqual({
      location: 'This must be on one line',
    });
  });

  it('takes a tab pasted into a one-line field as a space (inputs keep tabs)', () => {
    const parsed = productFieldsSchema.parse({ ...valid, location: '\tBoston,\tMA' });
    expect(parsed.location).toBe('Boston, MA');
    const described = productFieldsSchema.parse({ ...valid, description: 'Fast.\tLight.' });
    expect(described.description).toBe('Fast.\tLight.');
  });

  it('refuses a direction override, a control character and half of a character', () => {
    expect(errors({ ...valid, name: '\u202Egnp.exe' })).toHaveProperty('name');
    expect(errors({ ...valid, description: 'a\u0007b' })).toHaveProperty('description');
    expect(errors({ ...valid, location: 'Bost\ud800on' })).toHaveProperty('location');
    expect(errors({ ...valid, name: '\u200b\u2060' })).toEqual({ name: m.productName });
  });

  it('shows its own required-field message for each empty field', () => {
    const empty = Object.fromEntries(Object.keys(valid).map((key) => [key, '']));
    expect(errors(empty)).toEqual({
      name: m.productName,
      location: m.location,
      category: m.category,
      conditionType: m.conditionType,
      mobileNumber: m.mobileNumber,
      originalPrice: m.originalPrice,
      resalePrice: m.resalePrice,
      yearsOfUse: m.yearOfUse,
      description: m.description,
    });
    expect(errors({})).toMatchObject({ name: m.productName, originalPrice: m.originalPrice });
  });

  it('turns dollar text into numbers and keeps the trimmed text', () => {
    expect(productFieldsSchema.parse(valid)).toMatchObject({
      originalPrice: 1299,
      resalePrice: 749.5,
      yearsOfUse: 2,
      name: 'Dell XPS 13',
    });
    expect(
      productFieldsSchema.parse({ ...valid, originalPrice: 1299.99, yearsOfUse: 0 }),
    ).toMatchObject({ originalPrice: 1299.99, yearsOfUse: 0 });
  });

  it.each([
    ['originalPrice', 'abc', m.priceInvalid],
    ['originalPrice', '12.345', m.priceInvalid],
    ['originalPrice', '-5', m.priceInvalid],
    ['resalePrice', '0', m.pricePositive],
    ['resalePrice', 0.001, m.priceInvalid],
    ['resalePrice', '100001', m.priceTooHigh],
    ['mobileNumber', 'call me', m.mobileInvalid],
    ['mobileNumber', '123', m.mobileInvalid],
    ['yearsOfUse', '1.5', m.yearsInvalid],
    ['yearsOfUse', '99', m.yearsInvalid],
    ['conditionType', 'Broken', m.conditionType],
    ['category', 'not-a-uuid', m.categoryUnknown],
    ['name', 'x'.repeat(121), m.tooLong(120)],
  ])('refuses %s = %j with a clear message', (field, value, message) => {
    expect(errors({ ...valid, [field]: value })).toEqual({ [field]: message });
  });

  it('requires the image URL in the API input', () => {
    expect(productInputSchema.safeParse({ ...valid }).success).toBe(false);
    expect(productInputSchema.parse({ ...valid, image: '/api/images/a.webp' }).image).toBe(
      '/api/images/a.webp',
    );
  });
});

describe('prices found by the fuzzer', () => {
  it('refuses a positive price so small it rounds to 0 cents', () => {
    expect(errors({ ...valid, originalPrice: 5e-324 })).toEqual({ originalPrice: m.pricePositive });
    expect(errors({ ...valid, resalePrice: 0.001 })).toEqual({ resalePrice: m.priceInvalid });
  });
});
