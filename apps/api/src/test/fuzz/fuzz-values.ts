import fc from 'fast-check';

/**
 * The hostile values every field of every route is tried with: what browsers,
 * scripts and attackers really send, beside fast-check's own random text.
 */

const injectionStrings = [
  "' OR '1'='1",
  "'; DROP TABLE users; --",
  '" OR ""="',
  '1; SELECT pg_sleep(5)',
  '%',
  '_',
  '%_%\\',
  '\\',
  '$1',
  '<script>window.__xss=1</script>',
  '<img src=x onerror=alert(1)>',
  'javascript:alert(1)',
  '{{7*7}}',
  '${7*7}',
  '../../../etc/passwd',
  '..%2F..%2Fetc%2Fpasswd',
  '__proto__',
  'constructor',
  'prototype',
  'null',
  'undefined',
  'NaN',
  'Infinity',
  '-Infinity',
  '1e309',
  '-0',
  '0x10',
  '1_000',
  ' 12 ',
  '١٢٣٤٥٦٧٨',
  '１２３４５６７',
  'true',
  '[]',
  '{}',
];

const unicodeStrings = [
  '\u0000',
  'a\u0000b',
  '\u0001\u0002\u0003\u0007\u001b[31m',
  '\r\n\r\n',
  '\t',
  '\u202eevil\u202c',
  '\u200b\u200c\u200d\ufeff',
  'İstanbul',
  'ß',
  'ﬃ',
  'Ǆ',
  '🧑‍💻💻🔥',
  'e\u0301\u0301\u0301\u0301',
  '\ud800',
  '\udfff',
  '\uffff',
  'Ω≈ç√∫',
  '田中さん',
  'مرحبا',
  '   ',
  '',
];

/** Text a field might be given: random, hostile, unicode, empty, at and past limits, huge. */
export const nastyString: fc.Arbitrary<string> = fc.oneof(
  { weight: 3, arbitrary: fc.string({ maxLength: 40 }) },
  { weight: 2, arbitrary: fc.string({ unit: 'grapheme', maxLength: 40 }) },
  { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
  { weight: 4, arbitrary: fc.constantFrom(...injectionStrings) },
  { weight: 4, arbitrary: fc.constantFrom(...unicodeStrings) },
  {
    weight: 1,
    arbitrary: fc
      .tuple(fc.constantFrom(...injectionStrings, ...unicodeStrings), fc.string({ maxLength: 8 }))
      .map(([a, b]) => `${b}${a}${b}`),
  },
  {
    weight: 1,
    arbitrary: fc
      .tuple(fc.constantFrom('a', 'é', '💻', '\u0000', ' ', '<'), fc.integer({ min: 1, max: 6000 }))
      .map(([unit, n]) => unit.repeat(n)),
  },
  { weight: 1, arbitrary: fc.constant('x'.repeat(200_000)) },
);

/** Object keys that have bitten JavaScript servers before. */
export const nastyKey: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(
    '__proto__',
    'constructor',
    'prototype',
    'toString',
    'hasOwnProperty',
    'isAdmin',
    'typeOfUser',
    'role',
    'price',
    'sellerId',
    'buyerId',
    'id',
    '_id',
    '',
    '$where',
    'a.b',
    'a[b]',
  ),
  fc.string({ maxLength: 12 }),
);

/** A JSON value of any type, with own `__proto__` / `constructor` keys sometimes. */
export const nastyValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 6, arbitrary: nastyString },
  { weight: 1, arbitrary: fc.integer() },
  {
    weight: 1,
    arbitrary: fc.constantFrom(0, -1, 1.5, 1e308, -1e308, 2 ** 53 + 1, 1e-9, -0),
  },
  { weight: 1, arbitrary: fc.double() },
  { weight: 1, arbitrary: fc.boolean() },
  { weight: 1, arbitrary: fc.constant(null) },
  { weight: 1, arbitrary: fc.array(fc.oneof(nastyString, fc.integer()), { maxLength: 3 }) },
  { weight: 1, arbitrary: fc.dictionary(nastyKey, nastyString, { maxKeys: 3 }) },
  {
    weight: 1,
    arbitrary: fc.constantFrom(
      JSON.parse('{"__proto__":{"isAdmin":true,"typeOfUser":"admin"}}') as unknown,
      JSON.parse('{"constructor":{"prototype":{"isAdmin":true}}}') as unknown,
      { length: 1e9 },
      [[[[[[[[[[[]]]]]]]]]]],
    ),
  },
);

/** Sets `key` as an own, enumerable property, so even `__proto__` reaches the JSON text. */
export function setOwn(target: Record<string, unknown>, key: string, value: unknown): void {
  Object.defineProperty(target, key, {
    value,
    enumerable: true,
    writable: true,
    configurable: true,
  });
}

/** Fragments slipped into otherwise valid text: they must not get past validation unharmed. */
export const taintFragment: fc.Arbitrary<string> = fc.oneof(
  // NUL is the one character PostgreSQL text cannot hold: a classic source of 500s.
  { weight: 6, arbitrary: fc.constant('\u0000') },
  {
    weight: 18,
    arbitrary: fc.constantFrom(
      '\u0001',
      '\u001b',
      '\r\n',
      '\ud800',
      '\u202e',
      '\ufeff',
      "'",
      '"',
      '\\',
      '%',
      '_',
      '<script>window.__xss=1</script>',
      '<img src=x onerror=alert(1)>',
      "'; DROP TABLE users; --",
      'İ',
      '💻',
      ' ',
    ),
  },
);

/**
 * Changes applied to a well-formed object: drop a field, replace one, slip a fragment
 * into one (so the rest stays valid), or add an unexpected one.
 */
export type Mutation =
  | { kind: 'drop'; key: string }
  | { kind: 'set'; key: string; value: unknown }
  | { kind: 'taint'; key: string; fragment: string; at: 'start' | 'middle' | 'end' }
  | { kind: 'extra'; key: string; value: unknown };

/** Mostly one change at a time, so each one is seen on its own; sometimes none, or a few. */
export function mutationsArb(keys: string[]): fc.Arbitrary<Mutation[]> {
  const one = mutationArb(keys);
  return fc.oneof(
    { weight: 2, arbitrary: fc.constant<Mutation[]>([]) },
    { weight: 5, arbitrary: fc.array(one, { minLength: 1, maxLength: 1 }) },
    { weight: 2, arbitrary: fc.array(one, { minLength: 2, maxLength: 4 }) },
  );
}

function mutationArb(keys: string[]): fc.Arbitrary<Mutation> {
  const extra = fc.record({
    kind: fc.constant('extra' as const),
    key: nastyKey,
    value: nastyValue,
  });
  if (keys.length === 0) return extra;
  return fc.oneof(
    fc.record({ kind: fc.constant('drop' as const), key: fc.constantFrom(...keys) }),
    {
      weight: 3,
      arbitrary: fc.record({
        kind: fc.constant('taint' as const),
        key: fc.constantFrom(...keys),
        fragment: taintFragment,
        at: fc.constantFrom('start' as const, 'middle' as const, 'end' as const),
      }),
    },
    {
      weight: 3,
      arbitrary: fc.record({
        kind: fc.constant('set' as const),
        key: fc.constantFrom(...keys),
        value: nastyValue,
      }),
    },
    extra,
  );
}

export function applyMutations(
  base: Record<string, unknown>,
  mutations: Mutation[],
): Record<string, unknown> {
  const result: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(base)) setOwn(result, key, value);
  for (const mutation of mutations) {
    if (mutation.kind === 'drop') delete result[mutation.key];
    else if (mutation.kind === 'taint')
      setOwn(result, mutation.key, taint(result[mutation.key], mutation));
    else setOwn(result, mutation.key, mutation.value);
  }
  return result;
}

function taint(value: unknown, { fragment, at }: { fragment: string; at: string }): unknown {
  if (typeof value !== 'string') return value === undefined ? fragment : value;
  if (at === 'start') return `${fragment}${value}`;
  if (at === 'end') return `${value}${fragment}`;
  const middle = Math.floor(value.length / 2);
  return `${value.slice(0, middle)}${fragment}${value.slice(middle)}`;
}

/** Bodies that are not JSON, or JSON that is cut short. */
export const brokenJsonText: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(
    '{',
    '{"a":}',
    "{'a': 1}",
    '{"a": NaN}',
    '{"a": 1,}',
    'undefined',
    '\u0000',
    '\ufeff{}',
    '[',
    '"',
    '{"__proto__": {"isAdmin": true}}',
    '{"constructor": {"prototype": {"isAdmin": true}}}',
    `${'['.repeat(50_000)}${']'.repeat(50_000)}`,
    `${'{"a":'.repeat(20_000)}1${'}'.repeat(20_000)}`,
    'null',
    '0',
    '"text"',
    'true',
    '[]',
  ),
  fc.string({ maxLength: 30 }),
);

export const wrongContentTypes = [
  'text/plain',
  'application/x-www-form-urlencoded',
  'multipart/form-data',
  'multipart/form-data; boundary=x',
  'application/xml',
  'application/json; charset=utf-16',
  'application/json; charset=bogus',
  'application/octet-stream',
  'image/png',
  'application/JSON',
  ';;;',
  'application/json, text/plain',
];

/** Query-string tails that are malformed, duplicated or try to pollute prototypes. */
export const rawQueryJunk = [
  '&%',
  '&%zz=1',
  '&=',
  '&&&',
  '&a=%E0%A4%A',
  '&%00=%00',
  '&__proto__=1',
  '&__proto__[isAdmin]=true',
  '&constructor[prototype][isAdmin]=true',
  '&email=a@example.test&email=b@example.test',
  '&id=1&id=2',
  '&page=1&page=2',
  '&q=%FF%FE',
  `&q=${'a'.repeat(10_000)}`,
];

/** Header values a client may send next to the session cookie (printable ASCII only). */
const headerText = fc.string({
  unit: fc.constantFrom(...' !"#$%&\'()*+,-./0123456789:;<=>?@AZaz[\\]^_`{|}~'.split('')),
  maxLength: 60,
});

export const extraHeadersArb: fc.Arbitrary<Record<string, string>> = fc.oneof(
  { weight: 6, arbitrary: fc.constant({}) },
  {
    weight: 1,
    arbitrary: fc.record(
      {
        'accept-encoding': fc.oneof(
          fc.constantFrom('gzip;q=abc', '*', 'br, gzip;q=0, identity;q=0', 'zstd', ''),
          headerText,
        ),
        'if-none-match': fc.oneof(fc.constantFrom('*', 'W/""', '""'), headerText),
        authorization: fc.oneof(
          fc.constantFrom('Bearer', 'Bearer ', 'Basic Og==', 'Bearer a.b.c'),
          headerText.map((text) => `Bearer ${text}`),
        ),
        'x-forwarded-for': fc.oneof(
          fc.constantFrom('::1', '999.1.1.1', ', ,', 'unknown'),
          headerText,
        ),
        accept: fc.oneof(fc.constantFrom('*/*', 'text/html', 'application/xml'), headerText),
        origin: fc.oneof(fc.constantFrom('null', 'http://evil.test', 'javascript:'), headerText),
      },
      { requiredKeys: [] },
    ),
  },
);
