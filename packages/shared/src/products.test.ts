import { describe, expect, it } from 'vitest';
import { productMessages as m, specMessages as sm } from './messages.ts';
import { productEditSchema, productFieldsSchema, productInputSchema } from './products.ts';

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
  cpuFamily: 'intel-core-i7',
  cpuModel: 'Core i7-1165G7',
  ramGb: '16',
  storageGb: '512',
  storageType: 'SSD',
  screenInches: '13.4',
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
      cpuFamily: sm.cpuFamily,
      cpuModel: sm.cpuModel,
      ramGb: sm.ramGb,
      storageGb: sm.storageGb,
      storageType: sm.storageType,
      screenInches: sm.screenInches,
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

  it("requires a photo in the API input, and takes an older client's single image", () => {
    expect(productInputSchema.safeParse({ ...valid }).success).toBe(false);
    expect(productInputSchema.parse({ ...valid, image: '/api/images/a.webp' }).photos).toEqual([
      '/api/images/a.webp',
    ]);
    const nine = Array.from({ length: 9 }, (_, i) => `/api/images/${i}.webp`);
    const refused = productInputSchema.safeParse({ ...valid, photos: nine });
    expect(refused.error?.issues[0]?.message).toBe(sm.tooManyPhotos);
  });
});

describe('specs', () => {
  it('reads the core specs as typed, and leaves the optional ones blank as null', () => {
    const parsed = productFieldsSchema.parse({
      ...valid,
      screenInches: '15.6"',
      screenResolution: '1920x1080',
      batteryHealth: '',
      chargerIncluded: 'yes',
    });
    expect(parsed).toMatchObject({
      ramGb: 16,
      storageGb: 512,
      screenInches: 15.6,
      screenResolution: '1920 × 1080',
      batteryHealth: null,
      chargerIncluded: true,
      model: null,
      knownIssues: null,
    });
  });

  it.each([
    ['cpuFamily', '', sm.cpuFamily],
    ['cpuModel', ' ', sm.cpuModel],
    ['ramGb', '', sm.ramGb],
    ['ramGb', '8.5', sm.ramInvalid],
    ['ramGb', '512', sm.ramInvalid],
    ['storageGb', '4', sm.storageInvalid],
    ['storageType', 'Floppy', sm.storageType],
    ['screenInches', '', sm.screenInches],
    ['screenInches', '13.33', sm.screenInvalid],
    ['screenInches', '27', sm.screenInvalid],
    ['screenResolution', 'full HD', sm.resolutionInvalid],
    ['batteryHealth', '101', sm.batteryInvalid],
    ['batteryCycles', '-1', sm.cyclesInvalid],
  ])('refuses %s = %j with a clear message', (field, value, message) => {
    expect(errors({ ...valid, [field]: value })).toEqual({ [field]: message });
  });

  it("refuses a battery below what the grade promises, naming the grade's minimum", () => {
    expect(errors({ ...valid, conditionType: 'Excellent', batteryHealth: '84' })).toEqual({
      batteryHealth: sm.batteryBelowGrade('Excellent', 85),
    });
    expect(errors({ ...valid, conditionType: 'Fair', batteryHealth: '70' })).toEqual({});
  });

  it('refuses a body that is not an object, without throwing (found by the fuzzer)', () => {
    for (const body of [undefined, null, [], 'text', 5]) {
      expect(productInputSchema.safeParse(body).success).toBe(false);
      expect(productFieldsSchema.safeParse(body).success).toBe(false);
    }
  });

  it('takes an edit of some fields, and refuses an empty one', () => {
    expect(productEditSchema.parse({ resalePrice: '499' })).toEqual({ resalePrice: 499 });
    expect(productEditSchema.safeParse({}).success).toBe(false);
  });
});

describe('prices found by the fuzzer', () => {
  it('refuses a positive price so small it rounds to 0 cents', () => {
    expect(errors({ ...valid, originalPrice: 5e-324 })).toEqual({ originalPrice: m.pricePositive });
    expect(errors({ ...valid, resalePrice: 0.001 })).toEqual({ resalePrice: m.priceInvalid });
  });
});
