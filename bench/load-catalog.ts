/**
 * Fast bulk loader for the benchmarks: sellers, the seven brand categories and any
 * number of products, made by PostgreSQL itself with `insert ... select ... from
 * generate_series` in batches (no rows travel over the wire). Values come from a
 * multiplicative hash of the row number, so every run makes the same catalog.
 */

/** Runs one SQL text (several statements allowed); pg's Client and PGlite both fit. */
export type Execute = (sql: string) => Promise<unknown>;

const brands: Record<string, string[]> = {
  Apple: ['MacBook Air 13', 'MacBook Pro 13', 'MacBook Pro 14', 'MacBook Pro 16'],
  Dell: ['XPS 13', 'XPS 15', 'Latitude 7440', 'Inspiron 15'],
  HP: ['Envy 13', 'Spectre x360', 'EliteBook 840', 'Pavilion 15'],
  Lenovo: ['ThinkPad X1 Carbon', 'ThinkPad T14', 'IdeaPad 5', 'Yoga 7'],
  ASUS: ['ZenBook 14', 'ROG Zephyrus G14', 'VivoBook 15', 'TUF Gaming A15'],
  Acer: ['Swift 3', 'Aspire 5', 'Nitro 5', 'Predator Helios 300'],
  Microsoft: ['Surface Laptop 5', 'Surface Laptop Go', 'Surface Book 3', 'Surface Pro 9'],
};
const chips = ['i5', 'i7', 'Ryzen 5', 'Ryzen 7', 'M1', 'M2'];
const memory = ['8GB', '16GB', '32GB'];
const storage = ['256GB SSD', '512GB SSD', '1TB SSD'];
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
  const models = `array[${sortedBrands.map((brand) => sqlArray(brands[brand] ?? [])).join(', ')}]`;

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
  // Likewise the search words: gathered once at the end, not listing by listing.
  await execute('alter table products disable trigger products_search_words;');

  for (let start = 1; start <= products; start += batch) {
    const end = Math.min(products, start + batch - 1);
    await execute(`
      insert into products (seller_id, category_id, name, image, location, description,
        condition_type, mobile_number, original_price_cents, resale_price_cents, years_of_use,
        status, is_advertised, date_of_post)
      select
        'bench-seller-' || (1 + h % ${sellers}),
        c.id,
        c.name || ' ' || (${models})[c.k + 1][1 + ((h / 7) % 4)::int] || ' '
          || (${sqlArray(chips)})[1 + ((h / 29) % ${chips.length})::int] || ' '
          || (${sqlArray(memory)})[1 + ((h / 31) % ${memory.length})::int] || ' '
          || (${sqlArray(storage)})[1 + ((h / 37) % ${storage.length})::int],
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
        timestamptz '2026-11-01T00:00:00Z' - ((h / 79) % 63072000) * interval '1 second'
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

  log('  gathering the search words');
  await execute(`
    alter table products enable trigger products_search_words;
    insert into search_words (word)
    select distinct search_words_of(name || ' ' || description) from products
    on conflict do nothing;`);
  log(`  building ${indexes.length} indexes`);
  for (const index of indexes) {
    await execute(index.definition);
  }
  // What autovacuum would do after a bulk load: statistics, and the visibility map
  // that index-only scans need.
  await execute('vacuum analyze;');
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
