/**
 * The messaging benchmark's database, `laptops_bench_messaging`: kept between runs (a
 * million messages take a minute or two to make) and made again only when its contents
 * are not what this file makes (another SEED_VERSION, other counts).
 *
 * - 10,000 laptops from load-catalog.ts (100 sellers), 9,000 buyers with no password.
 * - 1,000 "live" users who sign in and hold event streams: 500 pairs, each a buyer and
 *   a seller in one conversation about the seller's laptop, with no messages (the bench
 *   sends them, and removes them at the start of the next run).
 * - The inbox owner: 1,000 threads (buyer in 500, seller in 500 about their 50 laptops),
 *   20 messages each but one, the long thread, with 10,000. A third of the threads have
 *   their last two messages unread.
 * - 48,501 other conversations of 20 messages: 1,000,000 messages in all.
 */
import pg from 'pg';
import { openDatabase } from '@laptops/api/db/client';
import { createUser } from '@laptops/api/db/seed/factories';
import { loadCatalog } from './load-catalog.ts';
import { serverUrl } from './bench-settings.ts';

/** Change it whenever what is seeded changes: an older database is then made again. */
const SEED_VERSION = 'messaging-seed-1';
export const DATABASE_NAME = 'laptops_bench_messaging';
export const LIVE_USERS = 1_000;
export const INBOX_THREADS = 1_000;
export const LONG_THREAD = 10_000;
export const TOTAL_MESSAGES = 1_000_000;
const CATALOG = 10_000;
const BUYERS = 9_000;
const PER_THREAD = 20;
const INBOX_LAPTOPS = 50;
const OTHER_THREADS =
  (TOTAL_MESSAGES - LONG_THREAD - (INBOX_THREADS - 1) * PER_THREAD) / PER_THREAD;
/** Every bench user's password (only live users and the inbox owner have one). */
export const PASSWORD = 'bench-messaging-password';
export const INBOX_EMAIL = 'inbox@bench.test';
export const liveEmail = (n: number) => `live${n}@bench.test`;

export type MessagingDatabase = {
  url: string;
  inboxUserId: string;
  longThreadId: string;
  /** A message 9,000 into the long thread: `?before=` it is page 181. */
  deepBefore: string;
  /** Each live pair's conversation: [conversation id, buyer's email, seller's email]. */
  pairs: { conversationId: string; buyer: string; seller: string }[];
  counts: Record<string, number>;
  /** Whether this run made it, and how long that took. */
  seeded: boolean;
  seedSeconds: number;
};

export function databaseUrl(): string {
  const url = new URL(serverUrl);
  url.pathname = `/${DATABASE_NAME}`;
  return url.toString();
}

/** Counts the seed is checked against: the live pairs' messages are not among them. */
async function countRows(client: pg.Client) {
  const { rows } = await client.query<Record<string, string>>(`
    select
      (select count(*) from users where id like 'bench-live-%') as live_users,
      (select count(*) from products) as laptops,
      (select count(*) from conversations) as conversations,
      (select count(*) from messages) as messages`);
  const row = rows[0] ?? {};
  return Object.fromEntries(Object.entries(row).map(([key, value]) => [key, Number(value)]));
}

const expected = {
  live_users: LIVE_USERS,
  laptops: CATALOG + LIVE_USERS / 2 + INBOX_LAPTOPS,
  conversations: LIVE_USERS / 2 + INBOX_THREADS + OTHER_THREADS,
  messages: TOTAL_MESSAGES,
};

/** The database as seeded, reused when it is; `log` tells what takes time. */
export async function prepareMessagingDatabase(log: (line: string) => void): Promise<MessagingDatabase> {
  const url = databaseUrl();
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    return await prepare(admin, url, log);
  } finally {
    // Closed on a failure too: an open client would keep the process from exiting.
    await admin.end();
  }
}

async function prepare(admin: pg.Client, url: string, log: (line: string) => void) {
  const { rows } = await admin.query<{ comment: string | null }>(
    `select shobj_description(oid, 'pg_database') as comment from pg_database where datname = $1`,
    [DATABASE_NAME],
  );
  let seeded = false;
  let seedSeconds = 0;
  let reusable = rows[0]?.comment === SEED_VERSION;
  if (reusable) {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    let counts: Record<string, number>;
    try {
      // What earlier runs sent in the live pairs' threads: the counts leave them out.
      await client.query(
        `delete from messages where conversation_id in
          (select id from conversations where buyer_id like 'bench-live-%')`,
      );
      counts = await countRows(client);
    } finally {
      await client.end();
    }
    reusable = Object.entries(expected).every(([key, value]) => counts[key] === value);
    if (!reusable) log(`  ${DATABASE_NAME} has other counts (${JSON.stringify(counts)}): made again`);
  }
  if (!reusable) {
    const started = Date.now();
    await admin.query(`drop database if exists ${DATABASE_NAME} with (force)`);
    await admin.query(`create database ${DATABASE_NAME}`);
    await seed(url, log);
    await admin.query(`comment on database ${DATABASE_NAME} is '${SEED_VERSION}'`);
    seeded = true;
    seedSeconds = Math.round((Date.now() - started) / 1000);
    log(`  seeded in ${seedSeconds} s`);
  } else {
    log(`  reusing ${DATABASE_NAME} (${SEED_VERSION})`);
  }
  return { ...(await describe(url)), seeded, seedSeconds };
}

/** Drops the database, so the next run seeds it again (`--reseed`). */
export async function dropMessagingDatabase() {
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`drop database if exists ${DATABASE_NAME} with (force)`);
  await admin.end();
}

async function describe(url: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const counts = await countRows(client);
    const inbox = await client.query<{ id: string }>('select id from users where email = $1', [
      INBOX_EMAIL,
    ]);
    const inboxUserId = inbox.rows[0]?.id;
    if (!inboxUserId) throw new Error('the inbox owner is missing');
    const long = await client.query<{ conversation_id: string }>(
      `select conversation_id from messages group by conversation_id
       order by count(*) desc limit 1`,
    );
    const longThreadId = long.rows[0]?.conversation_id;
    if (!longThreadId) throw new Error('the long thread is missing');
    const deep = await client.query<{ id: string }>(
      `select id from messages where conversation_id = $1
       order by created_at desc, id desc offset 9000 limit 1`,
      [longThreadId],
    );
    const deepBefore = deep.rows[0]?.id;
    if (!deepBefore) throw new Error('the long thread is too short');
    const pairs = await client.query<{ id: string; buyer: string; seller: string }>(
      `select c.id, b.email as buyer, s.email as seller from conversations c
       join users b on b.id = c.buyer_id join users s on s.id = c.seller_id
       where c.buyer_id like 'bench-live-%'
       order by substr(c.buyer_id, 12)::int`,
    );
    return {
      url,
      inboxUserId,
      longThreadId,
      deepBefore,
      pairs: pairs.rows.map((row) => ({ conversationId: row.id, buyer: row.buyer, seller: row.seller })),
      counts,
    };
  } finally {
    await client.end();
  }
}

const bodies = [
  'Hi, is this laptop still available?',
  'Yes, it is. Would you like to see it this week?',
  'Does the battery still hold a charge for a full day of work?',
  'It lasts about seven hours with the screen at half brightness.',
  'Could you do a little less on the price if I pick it up myself?',
  'I can take fifty off for a pickup this weekend.',
  'Great, Saturday morning works for me. Where should we meet?',
  'The coffee shop by the station, around ten. I will bring the charger and the box.',
];
const sqlArray = (items: string[]) =>
  `array[${items.map((item) => `'${item.replaceAll("'", "''")}'`).join(', ')}]`;

async function seed(url: string, log: (line: string) => void) {
  const migrated = await openDatabase({ databaseUrl: url });
  await migrated.migrate();
  // The inbox owner through the factories: their password hash is every live user's too.
  await createUser(migrated.db, {
    email: INBOX_EMAIL,
    password: PASSWORD,
    name: 'Inbox Owner',
    typeOfUser: 'seller',
  });
  await migrated.close();
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const run = async (label: string, sql: string) => {
    const started = Date.now();
    await client.query(sql);
    log(`  ${label} (${((Date.now() - started) / 1000).toFixed(1)} s)`);
  };
  try {
    await loadCatalog((sql) => client.query(sql), CATALOG, { log });
    await run(
      'users',
      `insert into users (id, name, email, email_verified, type_of_user)
       select 'bench-live-' || i, 'Live User ' || i, 'live' || i || '@bench.test', true,
         case when i % 2 = 0 then 'seller' else 'buyer' end
       from generate_series(1, ${LIVE_USERS}) as i;
       insert into users (id, name, email, email_verified, type_of_user)
       select 'bench-buyer-' || i, 'Buyer ' || i, 'buyer' || i || '@bench.test', true, 'buyer'
       from generate_series(1, ${BUYERS}) as i;
       insert into accounts (id, user_id, account_id, provider_id, password)
       select 'bench-account-' || u.id, u.id, u.id, 'credential', a.password
       from users u, accounts a join users owner on owner.id = a.user_id
       where u.id like 'bench-live-%' and owner.email = '${INBOX_EMAIL}';`,
    );
    // Laptops of the live sellers (one each) and of the inbox owner, copied from the catalogue.
    const copyLaptops = (seller: string, count: number) => `
      insert into products (seller_id, category_id, name, image, location, description,
        condition_type, mobile_number, original_price_cents, resale_price_cents, years_of_use)
      select ${seller}, category_id, name, image, location, description, condition_type,
        mobile_number, original_price_cents, resale_price_cents, years_of_use
      from (select *, row_number() over (order by id) as n from products
            where seller_id like 'bench-seller-%' order by id limit ${count}) as p;`;
    await run(
      'laptops of the live sellers and the inbox owner',
      copyLaptops(`'bench-live-' || (2 * n)`, LIVE_USERS / 2) +
        copyLaptops(`(select id from users where email = '${INBOX_EMAIL}')`, INBOX_LAPTOPS),
    );
    await run(
      'conversations',
      `
      -- The live pairs: buyer 2n-1 asks seller 2n about their laptop.
      insert into conversations (product_id, buyer_id, seller_id)
      select p.id, 'bench-live-' || (substr(p.seller_id, 12)::int - 1), p.seller_id
      from products p where p.seller_id like 'bench-live-%';
      -- The inbox owner buys: 500 catalogue laptops.
      insert into conversations (product_id, buyer_id, seller_id)
      select p.id, o.id, p.seller_id
      from users o, (select id, seller_id from products where seller_id like 'bench-seller-%'
                     order by id desc limit ${INBOX_THREADS / 2}) as p
      where o.email = '${INBOX_EMAIL}';
      -- The inbox owner sells: 10 buyers for each of their 50 laptops.
      insert into conversations (product_id, buyer_id, seller_id)
      select p.id, 'bench-buyer-' || (j * ${INBOX_LAPTOPS} + p.n), p.seller_id
      from (select id, seller_id, row_number() over (order by id) as n from products
            where seller_id = (select id from users where email = '${INBOX_EMAIL}')) as p,
        generate_series(0, ${INBOX_THREADS / 2 / INBOX_LAPTOPS - 1}) as j;
      -- Everyone else: each catalogue laptop asked about by up to 5 buyers.
      insert into conversations (product_id, buyer_id, seller_id)
      select p.id, 'bench-buyer-' || (1 + (p.r * 7 + k / ${CATALOG}) % ${BUYERS}), p.seller_id
      from generate_series(0, ${OTHER_THREADS - 1}) as k
      join (select id, seller_id, (row_number() over (order by id) - 1)::int as r
            from products where seller_id like 'bench-seller-%') as p on p.r = k % ${CATALOG};
      -- Started some time in the last 60 days, a different time each.
      update conversations set created_at = now() - interval '60 days'
        + (abs(hashtext(id::text)::bigint) % (50 * 86400)) * interval '1 second';`,
    );
    // Without the thread index while loading (built once at the end) and without the
    // foreign-key checks (every row above is consistent by construction).
    // As the migrations define it, to build again after the load.
    const threadIndex = await client.query<{ definition: string }>(
      `select indexdef as definition from pg_indexes where indexname = 'messages_thread_idx'`,
    );
    const threadIndexDefinition = threadIndex.rows[0]?.definition;
    if (!threadIndexDefinition) throw new Error('the migrations made no messages_thread_idx');
    await run(
      `${TOTAL_MESSAGES.toLocaleString('en-US')} messages`,
      `
      drop index messages_thread_idx;
      set session_replication_role = replica;
      insert into messages (conversation_id, sender_id, body, created_at)
      select c.id, case when i % 2 = 1 then c.buyer_id else c.seller_id end,
        (${sqlArray(bodies)})[1 + (i - 1) % ${bodies.length}] || case when i > ${bodies.length}
          then ' (' || i || ')' else '' end,
        c.created_at + i * interval '1 minute'
      from (select id, buyer_id, seller_id, created_at,
              case when buyer_id like 'bench-live-%' then 0 else ${PER_THREAD} end as n
            from conversations) as c,
        generate_series(1, c.n) as i;
      -- The long thread: one of the inbox owner's purchases, 10,000 messages.
      insert into messages (conversation_id, sender_id, body, created_at)
      select c.id, case when i % 2 = 1 then c.buyer_id else c.seller_id end,
        (${sqlArray(bodies)})[1 + (i - 1) % ${bodies.length}] || ' (' || i || ')',
        c.created_at + i * interval '1 minute'
      from (select id, buyer_id, seller_id, created_at from conversations
            where buyer_id = (select id from users where email = '${INBOX_EMAIL}')
            order by id limit 1) as c,
        generate_series(${PER_THREAD + 1}, ${LONG_THREAD}) as i;
      set session_replication_role = default;`,
    );
    await run(
      'the thread index, read states',
      `
      ${threadIndexDefinition};
      update conversations c set last_message_at = m.last,
        buyer_read_at = m.last, seller_read_at = m.last
      from (select conversation_id, max(created_at) as last
            from messages group by conversation_id) as m
      where m.conversation_id = c.id;
      -- A third of the inbox owner's threads: their last two messages unread.
      update conversations c set
        buyer_read_at = case when c.buyer_id = o.id then c.last_message_at - interval '90 seconds'
                        else c.buyer_read_at end,
        seller_read_at = case when c.seller_id = o.id then c.last_message_at - interval '90 seconds'
                         else c.seller_read_at end
      from users o
      where o.email = '${INBOX_EMAIL}' and (c.buyer_id = o.id or c.seller_id = o.id)
        and abs(hashtext(c.id::text)::bigint) % 3 = 0;`,
    );
    // Statistics and the visibility map, as autovacuum would leave them (on its own:
    // VACUUM cannot run in the transaction a multi-statement query is).
    await run('vacuum analyze', 'vacuum analyze');
    const counts = await countRows(client);
    for (const [key, value] of Object.entries(expected)) {
      if (counts[key] !== value) throw new Error(`seeded ${key}: ${counts[key]}, expected ${value}`);
    }
  } finally {
    await client.end();
  }
}
