import { readFileSync } from 'node:fs';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OwnProduct } from '@laptops/shared/products';
import { serialMessages, type SerialFlag } from '@laptops/shared/serial-checks';
import { adminActionsLog } from '../../db/schema/admin-actions.ts';
import { products } from '../../db/schema/products.ts';
import { createCategory, createUser } from '../../db/seed/factories.ts';
import { multipartBody } from '../../test/multipart.ts';
import { postProduct } from '../../test/post-product.ts';
import { createTestContext, signIn, type TestContext } from '../../test/test-app.ts';

const macReport = readFileSync(
  new URL('../hardware-reports/parsers/fixtures/macos-macbook-air-m1.json', import.meta.url),
);
/** The serial number in that report. */
const MAC_SERIAL = 'FVFDK4XLQ6L4';

let t: TestContext;
let admin: string;
let category: string;
beforeAll(async () => {
  t = await createTestContext();
  const a = await createUser(t.database.db, { typeOfUser: 'admin' });
  admin = await signIn(t.app, a.email, a.password);
  category = (await createCategory(t.database.db)).id;
});
afterAll(async () => {
  await t?.close();
});

async function newSeller() {
  const s = await createUser(t.database.db, { typeOfUser: 'seller' });
  return signIn(t.app, s.email, s.password);
}

async function list(cookie: string, fields: Record<string, unknown> = {}) {
  const posted = await postProduct(t.app, cookie, {
    name: 'MacBook Air M1',
    category,
    ...fields,
  } as never);
  return posted;
}

async function listed(cookie: string, fields: Record<string, unknown> = {}) {
  const posted = await list(cookie, fields);
  expect(posted.statusCode).toBe(201);
  return posted.json<{ insertedId: string }>().insertedId;
}

async function reportToken(cookie: string) {
  const body = multipartBody([
    { name: 'report', filename: 'laptop.json', contentType: 'application/json', data: macReport },
  ]);
  const read = await t.app.inject({
    method: 'POST',
    url: '/api/hardware-reports',
    headers: { ...body.headers, cookie },
    payload: body.payload,
  });
  expect(read.statusCode).toBe(200);
  return read.json().data.token as string;
}

const page = async (id: string) =>
  (await t.app.inject({ method: 'GET', url: `/api/products/${id}` })).json<{
    serialChecked: boolean;
  }>();

async function flags(): Promise<SerialFlag[]> {
  const answer = await t.app.inject({
    method: 'GET',
    url: '/api/admin/serial-flags',
    headers: { cookie: admin },
  });
  expect(answer.statusCode).toBe(200);
  return answer.json();
}

const flagOf = async (productId: string) =>
  (await flags()).find((flag) => flag.listings.some((listing) => listing.productId === productId));

const productCount = async () =>
  (await t.database.db.select({ n: sql<number>`count(*)::int` }).from(products))[0]!.n;

function markStolen(serial: string, note = 'Police report 2026-118') {
  return t.app.inject({
    method: 'POST',
    url: '/api/admin/stolen-serials',
    headers: { cookie: admin },
    payload: { serial, note },
  });
}

describe('a listing’s serial number', () => {
  it('is stored only as a keyed hash: never in the database, an answer or the log', async () => {
    const seller = await newSeller();
    const id = await listed(seller, { serialNumber: ' c02-xy 9911 ' });
    const [row] = await t.database.db.select().from(products).where(eq(products.id, id));
    expect(row!.serialHash).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const stored = JSON.stringify(row);
    for (const spelling of ['C02XY9911', 'c02-xy 9911', 'C02-XY']) {
      expect(stored.toUpperCase()).not.toContain(spelling.toUpperCase());
    }
    const mine = await t.app.inject({
      method: 'GET',
      url: '/api/myProducts',
      headers: { cookie: seller },
    });
    const own = mine.json<OwnProduct[]>().find((product) => product._id === id)!;
    expect(own.serial).toEqual({ onFile: true, fromDevice: false });
    expect(mine.body).not.toContain('C02XY9911');
    expect(mine.body).not.toContain(row!.serialHash!);
    const details = await t.app.inject({ method: 'GET', url: `/api/products/${id}` });
    expect(details.json()).toMatchObject({ serialChecked: true });
    expect(details.body).not.toContain('C02XY9911');
    expect(details.body).not.toContain(row!.serialHash!);
  });

  it('is marked as from the device only when the seller’s own report read it', async () => {
    const seller = await newSeller();
    const token = await reportToken(seller);
    const fromReport = await listed(seller, {
      serialNumber: MAC_SERIAL.toLowerCase(),
      deviceReports: [token],
    });
    const typed = await listed(seller, { serialNumber: 'ZZ1234567', deviceReports: [token] });
    const other = await newSeller();
    const borrowed = await listed(other, { serialNumber: MAC_SERIAL, deviceReports: [token] });
    const rows = await t.database.db
      .select({ id: products.id, fromDevice: products.serialFromDevice })
      .from(products)
      .where(sql`${products.id} in (${fromReport}, ${typed}, ${borrowed})`);
    const fromDevice = Object.fromEntries(rows.map((row) => [row.id, row.fromDevice]));
    expect(fromDevice).toEqual({ [fromReport]: true, [typed]: false, [borrowed]: false });
    // Tidy: these share the Mac's serial, which the tests below use afresh.
    await t.database.db.delete(products).where(sql`${products.id} in (${fromReport}, ${borrowed})`);
  });

  it('refuses a serial that is not one with a 400, and saves nothing', async () => {
    const seller = await newSeller();
    const before = await productCount();
    for (const serial of ['!!', 'AB', 'X'.repeat(41), 'SERIAL😀123']) {
      const answer = await list(seller, { serialNumber: serial });
      expect(answer.statusCode).toBe(400);
      expect(answer.json()).toMatchObject({
        error: { fields: { serialNumber: serialMessages.invalid } },
      });
    }
    expect(await productCount()).toBe(before);
  });
});

describe('the same serial listed by two sellers', () => {
  it('is flagged to the admins with both listings, and loses "Serial checked"', async () => {
    const first = await newSeller();
    const second = await newSeller();
    const a = await listed(first, { serialNumber: 'DUP-0001-AA' });
    // The same seller relisting it is not a duplicate.
    const a2 = await listed(first, { serialNumber: 'dup0001aa' });
    expect(await flagOf(a)).toBeUndefined();
    expect((await page(a)).serialChecked).toBe(true);

    const b = await listed(second, { serialNumber: 'DUP 0001 AA' });
    const flag = await flagOf(a);
    expect(flag).toMatchObject({ reason: 'shared', sellers: 2 });
    expect(flag!.listings.map((listing) => listing.productId).sort()).toEqual([a, a2, b].sort());
    expect(JSON.stringify(flag)).not.toContain('DUP0001AA');
    for (const id of [a, a2, b]) expect((await page(id)).serialChecked).toBe(false);

    // Taken down: the other seller's listings are checked again and the flag goes.
    const down = await t.app.inject({
      method: 'POST',
      url: `/api/admin/serial-flags/${flag!.key}/take-down`,
      headers: { cookie: admin },
      payload: { productId: b },
    });
    expect(down.statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: `/api/products/${b}` })).statusCode).toBe(410);
    expect((await page(a)).serialChecked).toBe(true);
    expect(await flagOf(a)).toBeUndefined();
    const logged = await t.database.db
      .select()
      .from(adminActionsLog)
      .where(eq(adminActionsLog.action, 'take-down-serial-listing'));
    expect(logged).toHaveLength(1);
  });

  it('stays dismissed until another listing carries the serial', async () => {
    const [first, second, third] = [await newSeller(), await newSeller(), await newSeller()];
    const a = await listed(first, { serialNumber: 'DISMISS-77' });
    await listed(second, { serialNumber: 'DISMISS-77' });
    const flag = (await flagOf(a))!;
    const dismissed = await t.app.inject({
      method: 'POST',
      url: `/api/admin/serial-flags/${flag.key}/dismiss`,
      headers: { cookie: admin },
    });
    expect(dismissed.statusCode).toBe(200);
    expect(await flagOf(a)).toBeUndefined();
    await listed(third, { serialNumber: 'DISMISS-77' });
    expect((await flagOf(a))?.listings).toHaveLength(3);
  });

  it('answers 404 for a key no listing carries, 400 for one that is not a key', async () => {
    const unknown = 'A'.repeat(43);
    for (const [url, status] of [
      [`/api/admin/serial-flags/${unknown}/dismiss`, 404],
      ['/api/admin/serial-flags/not-a-key/dismiss', 400],
    ] as const) {
      const answer = await t.app.inject({ method: 'POST', url, headers: { cookie: admin } });
      expect(answer.statusCode).toBe(status);
    }
  });
});

describe('a serial reported stolen', () => {
  it('takes the listings carrying it off sale and shows them in the queue', async () => {
    const seller = await newSeller();
    const id = await listed(seller, { serialNumber: 'STOLEN-A1' });
    const marked = await markStolen('stolen a1');
    expect(marked.statusCode).toBe(201);
    expect(marked.json()).toMatchObject({ takenDown: 1 });
    expect((await t.app.inject({ method: 'GET', url: `/api/products/${id}` })).statusCode).toBe(
      410,
    );
    expect(await flagOf(id)).toMatchObject({
      reason: 'stolen',
      listings: [{ productId: id, state: 'taken-down' }],
    });
    // Marking it again is a 409; the log names the note, never the serial.
    expect((await markStolen('STOLEN-A1')).statusCode).toBe(409);
    const logged = await t.database.db
      .select()
      .from(adminActionsLog)
      .where(eq(adminActionsLog.action, 'mark-serial-stolen'));
    expect(JSON.stringify(logged)).not.toMatch(/STOLEN-?A1/i);
  });

  it('is refused on create and edit with a 422, and nothing changes', async () => {
    expect((await markStolen('STOLEN-B2')).statusCode).toBe(201);
    const seller = await newSeller();
    const before = await productCount();
    const refused = await list(seller, { serialNumber: 'stolen-b2' });
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toMatchObject({
      error: { code: 'SERIAL_STOLEN', message: serialMessages.stolen },
    });
    expect(await productCount()).toBe(before);

    const id = await listed(seller, { serialNumber: 'CLEAN-B2' });
    const [before2] = await t.database.db.select().from(products).where(eq(products.id, id));
    const edit = await t.app.inject({
      method: 'PATCH',
      url: `/api/myProducts/${id}`,
      headers: { cookie: seller },
      payload: { serialNumber: 'STOLEN B2', name: 'Renamed' },
    });
    expect(edit.statusCode).toBe(422);
    const [after] = await t.database.db.select().from(products).where(eq(products.id, id));
    expect(after).toEqual(before2);
  });

  it('can be un-marked: the serial may be listed again', async () => {
    const marked = await markStolen('STOLEN-C3', '');
    const markId = marked.json()._id as string;
    const listedMarks = await t.app.inject({
      method: 'GET',
      url: '/api/admin/stolen-serials',
      headers: { cookie: admin },
    });
    expect(listedMarks.json()).toContainEqual(
      expect.objectContaining({ _id: markId, listings: 0 }),
    );
    expect(listedMarks.body).not.toMatch(/STOLEN-?C3/i);
    const unmarked = await t.app.inject({
      method: 'DELETE',
      url: `/api/admin/stolen-serials/${markId}`,
      headers: { cookie: admin },
    });
    expect(unmarked.statusCode).toBe(200);
    const seller = await newSeller();
    const id = await listed(seller, { serialNumber: 'STOLEN-C3' });
    expect((await page(id)).serialChecked).toBe(true);
  });
});

describe('search filters', () => {
  it('"Serial checked" and "Device-reported specs only" keep only those listings', async () => {
    const seller = await newSeller();
    const token = await reportToken(seller);
    const name = `Filterbook ${Date.now()}`;
    const mac = {
      cpuFamily: 'apple-m1',
      cpuModel: 'Apple M1',
      ramGb: 8,
      storageGb: 512,
      batteryHealth: 89,
      conditionType: 'Excellent',
    };
    const plain = await listed(seller, { name });
    const checked = await listed(seller, { name, serialNumber: 'FILTER-0001' });
    const reported = await listed(seller, { name, ...mac, deviceReports: [token] });
    const search = async (filter: string) => {
      const answer = await t.app.inject({
        method: 'GET',
        url: `/api/search?q=${encodeURIComponent(name)}&${filter}`,
      });
      expect(answer.statusCode).toBe(200);
      return answer
        .json<{ products: { _id: string }[] }>()
        .products.map((p) => p._id)
        .sort();
    };
    expect(await search('')).toEqual([plain, checked, reported].sort());
    expect(await search('serialChecked=true')).toEqual([checked]);
    expect(await search('deviceSpecs=true')).toEqual([reported]);
    expect(await search('deviceSpecs=true&serialChecked=true')).toEqual([]);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/search?serialChecked=yes' })).statusCode,
    ).toBe(400);
  });
});

describe('the serial checks limit', () => {
  it('allows a seller so many listings saved with a serial per hour, then 429', async () => {
    const limited = await createTestContext({ SERIAL_CHECK_RATE_LIMIT_PER_SELLER: '2' });
    try {
      const s = await createUser(limited.database.db, { typeOfUser: 'seller' });
      const cookie = await signIn(limited.app, s.email, s.password);
      const category = (await createCategory(limited.database.db)).id;
      const post = (fields: Record<string, unknown>) =>
        postProduct(limited.app, cookie, { name: 'Limit', category, ...fields } as never);
      expect((await post({ serialNumber: 'LIMIT-1' })).statusCode).toBe(201);
      expect((await post({ serialNumber: 'LIMIT-2' })).statusCode).toBe(201);
      const third = await post({ serialNumber: 'LIMIT-3' });
      expect(third.statusCode).toBe(429);
      expect(third.json()).toMatchObject({ error: { message: serialMessages.tooManyChecks } });
      // Without a serial, nothing is checked and nothing is limited.
      expect((await post({})).statusCode).toBe(201);
    } finally {
      await limited.close();
    }
  });
});
