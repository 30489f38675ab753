/**
 * Fast bulk loader for the benchmarks: sellers, the seven brand categories and any
 * number of products, made by PostgreSQL itself with `insert ... select ... from
 * generate_series` in batches (no rows travel over the wire). Values come from a
 * multiplicative hash of the row number, so every run makes the same catalog. The specs
 * agree with the name (its model's screen, its chip, memory and storage); about one
 * listing in 20 has none, like listings made before specs existed.
 */

import type { CpuFamily } from '@laptops/shared/laptop-specs';

/** Runs one SQL text (several statements allowed); pg's Client and PGlite both fit. */
export type Execute = (sql: string) => Promise<unknown>;

/** Each brand's models, with the screen that model has (inches). */
const brands: Record<string, [model: string, inches: number][]> = {
  Apple: [
    ['MacBook Air 13', 13.3],
    ['MacBook Pro 13', 13.3],
    ['MacBook Pro 14', 14.2],
    ['MacBook Pro 16', 16.2],
  ],
  Dell: [
    ['XPS 13', 13.4],
    ['XPS 15', 15.6],
    ['Latitude 7440', 14],
    ['Inspiron 15', 15.6],
  ],
  HP: [
    ['Envy 13', 13.3],
    ['Spectre x360', 13.5],
    ['EliteBook 840', 14],
    ['Pavilion 15', 15.6],
  ],
  Lenovo: [
    ['ThinkPad X1 Carbon', 14],
    ['ThinkPad T14', 14],
    ['IdeaPad 5', 15.6],
    ['Yoga 7', 14],
  ],
  ASUS: [
    ['ZenBook 14', 14],
    ['ROG Zephyrus G14', 14],
    ['VivoBook 15', 15.6],
    ['TUF Gaming A15', 15.6],
  ],
  Acer: [
    ['Swift 3', 14],
    ['Aspire 5', 15.6],
    ['Nitro 5', 15.6],
    ['Predator Helios 300', 17.3],
  ],
  Microsoft: [
    ['Surface Laptop 5', 13.5],
    ['Surface Laptop Go', 12.4],
    ['Surface Book 3', 13.5],
    ['Surface Pro 9', 13],
  ],
};
/** The chip a name gives, its CPU family, and four models of it (one per listing). */
const chips: { name: string; family: CpuFamily; models: string[] }[] = [
  {
    name: 'i5',
    family: 'intel-core-i5',
    models: ['Core i5-8350U', 'Core i5-1135G7', 'Core i5-1240P', 'Core i5-1335U'],
  },
  {
    name: 'i7',
    family: 'intel-core-i7',
    models: ['Core i7-8650U', 'Core i7-1165G7', 'Core i7-1260P', 'Core i7-1355U'],
  },
  {
    name: 'Ryzen 5',
    family: 'amd-ryzen-5',
    models: ['Ryzen 5 4500U', 'Ryzen 5 5600U', 'Ryzen 5 6600H', 'Ryzen 5 7530U'],
  },
  {
    name: 'Ryzen 7',
    family: 'amd-ryzen-7',
    models: ['Ryzen 7 4800H', 'Ryzen 7 5800U', 'Ryzen 7 6800H', 'Ryzen 7 7840HS'],
  },
  { name: 'M1', family: 'apple-m1', models: ['Apple M1', 'Apple M1', 'Apple M1 Pro', 'Apple M1 Max'] },
  { name: 'M2', family: 'apple-m2', models: ['Apple M2', 'Apple M2', 'Apple M2 Pro', 'Apple M2 Max'] },
];
/** What the name says, and the same as the specs hold it. */
const memory = ['8GB', '16GB', '32GB'];
const memoryGb = [8, 16, 32];
const storage = ['256GB SSD', '512GB SSD', '1TB SSD'];
const storageGb = [256, 512, 1024];
const cities = [
  'Austin, TX',
  'Boston, MA',
  'Chicago, IL',
  'Denver, CO',
  'Miami, FL',
  'New York, NY',
  'Portland, OR',
  'San Diego, CA',
  'Seattle, WA',
  'Atlanta, GA',
  'Phoenix, AZ',
  'Dallas, TX',
];
const notes = [
  'Battery holds a full day, a few scratches on the lid.',
  'Keyboard like new, charger included, original box.',
  'Screen is bright with no dead pixels; light use at home.',
  'Used for school, always in a sleeve, fresh OS install.',
  'Small dent on one corner, runs cool and quiet.',
  'Upgraded memory, new battery last year, works perfectly.',
];

const sqlText = (text: string) => `'${text.replaceAll("'", "''")}'`;
const sqlArray = (items: string[]) => `array[${items.map(sqlText).join(', ')}]`;
const sqlNumbers = (items: number[]) => `array[${items.join(', ')}]`;

/** Rows a single statement inserts; PGlite (WebAssembly, 2 GB heap) gets smaller ones. */
export async function loadCatalog(
  execute: Execute,
  products: number,
  options: { batch?: number; log?: (line: string) => void } = {},
): Promise<void> {
  const batch = options.batch ?? 100_000;
  const log = options.log ?? (() => {});
  const sellers = Math.max(100, Math.round(products / 100));
  const brandNames = Object.keys(brands);
  // A rectangular 2-D array: row = brand (in the categories' name order), column = model.
  const sortedBrands = [...brandNames].sort();
  const modelsOf = (brand: string) => brands[brand] ?? [];
  const models = `array[${sortedBrands.map((brand) => sqlArray(modelsOf(brand).map(([model]) => model))).join(', ')}]`;
  const screens = `array[${sortedBrands.map((brand) => sqlNumbers(modelsOf(brand).map(([, inches]) => inches))).join(', ')}]`;
  const cpuModels = `array[${chips.map((chip) => sqlArray(chip.models)).join(', ')}]`;
  // The model and chip each listing's name gives (1-based), and the same for its specs.
  const model = '1 + ((h / 7) % 4)::int';
  const chip = `1 + ((h / 29) % ${chips.length})::int`;
  const memoryIndex = `1 + ((h / 31) % ${memory.length})::int`;
  const storageIndex = `1 + ((h / 37) % ${storage.length})::int`;
  // About one listing in 20 has no specs, like those listed before specs existed.
  const spec = (value: string) => `case when (h / 101) % 20 <> 0 then ${value} end`;

  await execute(`
    insert into categories (name, image)
    select name, '/api/images/bench-' || lower(name) || '.webp'
    from unnest(${sqlArray(brandNames)}) as name
    on conflict (name) do nothing;
    insert into users (id, name, email, email_verified, type_of_user, is_verified)
    select 'bench-seller-' || i, 'Seller ' || i, 'seller' || i || '@bench.test', true,
      'seller', i % 3 = 0
    from generate_series(1, ${sellers}) as i;`);

  // Secondary indexes are dropped while loading and built once at the end: far faster
  // than updating eleven indexes (two of them GIN) row by row.
  const indexes = await indexDefinitions(execute);
  await execute(indexes.map((index) => `drop index ${index.name};`).join('\n'));
  // Likewise the search words: gathered once at the end, not listing by listing, from
  // the same columns as the trigger (migration 0015).
  await execute('alter table products disable trigger products_search_words;');
  // And a listing's seller rating key (migration 0032): no seller has reviews yet, so
  // each would be 0, the default; the reviews loaded below set them, a statement's
  // trigger refreshing every reviewed seller's listings at once.
  await execute('alter table products disable trigger products_seller_rating_key;');

  for (let start = 1; start <= products; start += batch) {
    const end = Math.min(products, start + batch - 1);
    await execute(`
      insert into products (seller_id, category_id, name, image, location, description,
        condition_type, mobile_number, original_price_cents, resale_price_cents, years_of_use,
        status, is_advertised, date_of_post, model, cpu_family, cpu_model, ram_gb, storage_gb,
        storage_type, screen_inches, battery_health, battery_cycles)
      select
        'bench-seller-' || (1 + h % ${sellers}),
        c.id,
        c.name || ' ' || (${models})[c.k + 1][${model}] || ' '
          || (${sqlArray(chips.map((entry) => entry.name))})[${chip}] || ' '
          || (${sqlArray(memory)})[${memoryIndex}] || ' '
          || (${sqlArray(storage)})[${storageIndex}],
        '/api/images/bench-' || (h % 500) || '.webp',
        (${sqlArray(cities)})[1 + ((h / 41) % ${cities.length})::int],
        'Used for ' || (h / 43) % 6 || ' years. '
          || (${sqlArray(notes)})[1 + ((h / 47) % ${notes.length})::int],
        (array['Excellent', 'Good', 'Fair'])[1 + ((h / 53) % 3)::int],
        '+1 555 ' || lpad(((h / 59) % 10000)::text, 4, '0'),
        60000 + (h / 61) % 240000,
        (60000 + (h / 61) % 240000) * (40 + (h / 67) % 46) / 100,
        (h / 43) % 6,
        case when (h / 71) % 10 = 0 then 'sold' else 'available' end,
        (h / 73) % 40 = 0,
        timestamptz '2026-11-01T00:00:00Z' - ((h / 79) % 63072000) * interval '1 second',
        ${spec(`(${models})[c.k + 1][${model}]`)},
        ${spec(`(${sqlArray(chips.map((entry) => entry.family))})[${chip}]`)},
        ${spec(`(${cpuModels})[${chip}][1 + ((h / 89) % 4)::int]`)},
        ${spec(`(${sqlNumbers(memoryGb)})[${memoryIndex}]`)},
        ${spec(`(${sqlNumbers(storageGb)})[${storageIndex}]`)},
        ${spec("'SSD'")},
        ${spec(`(${screens})[c.k + 1][${model}]`)},
        -- 65-100% of its design capacity; some 120 cycles a year of use.
        ${spec('65 + (h / 83) % 36')},
        ${spec('((h / 43) % 6) * 120 + (h / 97) % 240')}
      from (
        select g, (g::bigint * 2654435761) % 4294967291 as h
        from generate_series(${start}, ${end}) as g
      ) as rows
      join (
        select id, name, (row_number() over (order by name))::int - 1 as k from categories
        where name = any(${sqlArray(brandNames)})
      ) as c on c.k = rows.h % ${brandNames.length};`);
    log(`  loaded ${end.toLocaleString('en-US')} / ${products.toLocaleString('en-US')} products`);
  }

  await execute('alter table products enable trigger products_seller_rating_key;');
  log('  reviews (and their sellers\' rating keys) and conversations');
  await execute(sellerRecordsSql(sellers));

  log('  gathering the search words');
  await execute(`
    alter table products enable trigger products_search_words;
    insert into search_words (word)
    select distinct search_words_of(concat_ws(' ', name, description, model, cpu_model,
      cpu_generation, graphics, operating_system)) from products
    on conflict do nothing;`);
  log(`  building ${indexes.length} indexes`);
  for (const index of indexes) {
    await execute(index.definition);
  }
  // What autovacuum would do after a bulk load: statistics, and the visibility map
  // that index-only scans need.
  await execute('vacuum analyze;');
}

/**
 * What a seller's profile reads, as a real catalogue has it: each sold listing (one in
 * ten) was a completed deal with a buyer's review of the seller (3 to 5 stars, about
 * ten a seller), and one listing for sale in 50 has a conversation in the last 80 days,
 * the seller answering within ten hours (about two a seller).
 */
function sellerRecordsSql(sellers: number): string {
  const buyers = Math.max(100, Math.round(sellers / 2));
  const buyer = (key: string) => `'bench-buyer-' || (1 + abs(hashtext(${key})) % ${buyers})`;
  return `
    insert into users (id, name, email, email_verified, type_of_user)
    select 'bench-buyer-' || i, 'Buyer ' || i, 'buyer' || i || '@bench.test', true, 'buyer'
    from generate_series(1, ${buyers}) as i;
    insert into orders (product_id, buyer_id, price_cents, buyer_phone, meeting_location, paid,
      paid_at, completed_at, released_by, created_at)
    select p.id, ${buyer('p.id::text')}, p.resale_price_cents, '+1 555 0100', 'Library', true,
      p.date_of_post + interval '1 day', p.date_of_post + interval '3 days', 'handover-code',
      p.date_of_post + interval '1 day'
    from products p where p.status = 'sold';
    insert into reviews (order_id, author_id, subject_id, author_role, rating, body, created_at,
      published_at)
    select o.id, o.buyer_id, p.seller_id, 'buyer', 3 + abs(hashtext(o.id::text)) % 3,
      'Smooth handover, the laptop was as described.', o.completed_at, o.completed_at
    from orders o join products p on p.id = o.product_id;
    insert into conversations (product_id, buyer_id, seller_id, created_at, last_message_at)
    select p.id, ${buyer('p.id::text')}, p.seller_id, at, at
    from products p,
      lateral (select now() - (abs(hashtext(p.id::text)) % 80) * interval '1 day' as at) as asked
    where p.status = 'available' and abs(hashtext(p.id::text || 'c')) % 50 = 0;
    insert into messages (conversation_id, sender_id, body, created_at)
    select id, buyer_id, 'Is it still available?', created_at from conversations
    union all
    select id, seller_id, 'Yes, it is.',
      created_at + (abs(hashtext(id::text)) % 600) * interval '1 minute' from conversations;`;
}

async function indexDefinitions(execute: Execute): Promise<{ name: string; definition: string }[]> {
  // Both clients answer { rows } for a single select.
  const result = (await execute(
    `select indexname as name, indexdef as definition from pg_indexes
     where tablename = 'products' and indexname <> 'products_pkey' order by indexname`,
  )) as { rows: { name: string; definition: string }[] } | { rows: { name: string; definition: string }[] }[];
  const rows = Array.isArray(result) ? (result[0]?.rows ?? []) : result.rows;
  return rows;
}
