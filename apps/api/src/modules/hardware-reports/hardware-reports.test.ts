import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCategory, createUser } from '../../db/seed/factories.ts';
import { postProduct } from '../../test/post-product.ts';
import { multipartBody } from '../../test/multipart.ts';
import { createTestContext, signIn, type TestContext } from '../../test/test-app.ts';

const sample = (name: string) => readFileSync(new URL(`parsers/fixtures/${name}`, import.meta.url));

let t: TestContext;
let seller: string;
let buyer: string;
beforeAll(async () => {
  t = await createTestContext({ HARDWARE_REPORT_RATE_LIMIT_PER_USER: '12' });
  const s = await createUser(t.database.db, { typeOfUser: 'seller' });
  seller = await signIn(t.app, s.email, s.password);
  const b = await createUser(t.database.db, { typeOfUser: 'buyer' });
  buyer = await signIn(t.app, b.email, b.password);
});
afterAll(async () => {
  await t?.close();
});

function upload(
  cookie: string | undefined,
  filename: string,
  data: Buffer | string,
  field = 'report',
) {
  const body = multipartBody([
    { name: field, filename, contentType: 'application/octet-stream', data },
  ]);
  return t.app.inject({
    method: 'POST',
    url: '/api/hardware-reports',
    headers: { ...body.headers, ...(cookie ? { cookie } : {}) },
    payload: body.payload,
  });
}

describe('POST /api/hardware-reports', () => {
  it('reads a Mac’s system_profiler JSON into the listing’s specs', async () => {
    const response = await upload(seller, 'laptop.json', sample('macos-macbook-air-m1.json'));
    expect(response.statusCode).toBe(200);
    const { data } = response.json();
    expect(data.kinds).toEqual(['macos-system-profiler']);
    expect(data.specs).toMatchObject({
      cpuFamily: 'apple-m1',
      cpuModel: 'Apple M1',
      ramGb: 8,
      storageGb: 512,
      storageType: 'SSD',
      batteryHealth: 89,
      batteryCycles: 213,
    });
    expect(data.fields).toHaveLength(10);
  });

  it('reads a Windows battery report, whatever the file is called', async () => {
    const response = await upload(
      seller,
      'photo.jpg',
      sample('battery-report-en-hp-elitebook.html'),
    );
    expect(response.statusCode).toBe(200);
    expect(response.json().data.specs).toEqual({
      model: 'HP EliteBook 840 G5',
      batteryHealth: 86,
      batteryCycles: 112,
    });
  });

  it('reads msinfo32’s UTF-16 file, and pasted text as JSON or plain text', async () => {
    const utf16 = await upload(seller, 'laptop.txt', sample('msinfo32-en-hp-elitebook.txt'));
    expect(utf16.json().data.specs).toMatchObject({
      cpuFamily: 'intel-core-i5',
      cpuModel: 'Core i5-8350U',
      ramGb: 16,
    });

    const text = sample('linux-thinkpad-x1-carbon-all.txt').toString('utf8');
    const json = await t.app.inject({
      method: 'POST',
      url: '/api/hardware-reports',
      headers: { cookie: seller },
      payload: { text },
    });
    expect(json.statusCode).toBe(200);
    expect(json.json().data.specs.model).toBe('Lenovo ThinkPad X1 Carbon Gen 9');
    const plain = await t.app.inject({
      method: 'POST',
      url: '/api/hardware-reports',
      headers: { cookie: seller, 'content-type': 'text/plain' },
      payload: text,
    });
    expect(plain.json().data.specs.cpuModel).toBe('Core i7-1165G7');
  });

  it('refuses what is not a report with a 422 that says what we accept', async () => {
    const response = await upload(seller, 'battery-report.html', '<html><body>Hello</body></html>');
    expect(response.statusCode).toBe(422);
    expect(response.json().error).toEqual({
      code: 'REPORT_UNREADABLE',
      message: expect.stringMatching(
        /^This is not a hardware report we can read\. We accept: .*powercfg/,
      ),
    });
  });

  it('refuses a battery report cut short, saying what is missing', async () => {
    const full = sample('battery-report-de-lenovo-thinkpad.html').toString('utf8');
    const response = await upload(
      seller,
      'battery-report.html',
      full.slice(0, full.indexOf('Installierte Akkus')),
    );
    expect(response.statusCode).toBe(422);
    expect(response.json().error.message).toMatch(
      /^This looks like a battery report, but it has no design capacity/,
    );
  });

  it('refuses binary files, a missing file and files over 2 MB', async () => {
    const binary = await upload(
      seller,
      'x.png',
      Buffer.from(Array.from({ length: 3000 }, (_, i) => (i * 7) % 256)),
    );
    expect(binary.statusCode).toBe(422);
    expect(binary.json().error.message).toMatch(/not text/);

    const wrongField = await upload(seller, 'laptop.json', '{}', 'image');
    expect(wrongField.statusCode).toBe(400);
    expect(wrongField.json().error.code).toBe('REPORT_MISSING');

    const huge = await upload(seller, 'huge.txt', Buffer.alloc(2 * 1024 * 1024 + 10, 'a'));
    expect(huge.statusCode).toBe(413);
    expect(huge.json().error.message).toMatch(/larger than 2 MB/);
  });

  it('is for sellers only: guests 401, buyers 403', async () => {
    const report = sample('macos-macbook-air-m1.json');
    expect((await upload(undefined, 'laptop.json', report)).statusCode).toBe(401);
    const asBuyer = await upload(buyer, 'laptop.json', report);
    expect(asBuyer.statusCode).toBe(403);
    expect(asBuyer.json().data).toBeUndefined();
  });

  it('reads HARDWARE_REPORT_RATE_LIMIT_PER_USER reports per seller per 10 minutes, then 429', async () => {
    const other = await createUser(t.database.db, { typeOfUser: 'seller' });
    const cookie = await signIn(t.app, other.email, other.password);
    for (let i = 0; i < 12; i += 1) {
      expect(
        (await upload(cookie, 'r.json', sample('macos-mac-mini-desktop.json'))).statusCode,
      ).toBe(200);
    }
    const over = await upload(cookie, 'r.json', sample('macos-mac-mini-desktop.json'));
    expect(over.statusCode).toBe(429);
    expect(over.json().error.message).toBe(
      'You have had many reports read in a short time. Please wait a few minutes.',
    );
    expect(Number(over.headers['retry-after'])).toBeGreaterThan(500);
  });
});

describe('where a listing’s specs came from', () => {
  const macSpecs = {
    model: 'MacBook Air (MacBookAir10,1)',
    cpuFamily: 'apple-m1',
    cpuModel: 'Apple M1',
    ramGb: 8,
    storageGb: 512,
    storageType: 'SSD',
    screenInches: 13.3,
    screenResolution: '2560 × 1600',
    batteryHealth: 89,
    batteryCycles: 213,
  };
  const tokenFor = async (cookie: string) =>
    (await upload(cookie, 'laptop.json', sample('macos-macbook-air-m1.json'))).json().data
      .token as string;
  const sourcesOf = async (id: string) =>
    (await t.app.inject({ method: 'GET', url: `/api/products/${id}` })).json().specSources;

  it('marks the specs saved as the report read them, and only those', async () => {
    const category = await createCategory(t.database.db);
    const token = await tokenFor(seller);
    const posted = await postProduct(t.app, seller, {
      name: 'MacBook Air M1',
      category: category.id,
      ...macSpecs,
      // The seller typed over the memory: that one is theirs.
      ramGb: 16,
      conditionType: 'Excellent',
      deviceReports: [token],
    } as never);
    expect(posted.statusCode).toBe(201);
    const id = posted.json().insertedId as string;
    expect(await sourcesOf(id)).toEqual({
      model: 'device-report',
      cpuFamily: 'device-report',
      cpuModel: 'device-report',
      storageGb: 'device-report',
      storageType: 'device-report',
      screenInches: 'device-report',
      screenResolution: 'device-report',
      batteryHealth: 'device-report',
      batteryCycles: 'device-report',
    });

    // Editing the memory back to what the report read marks it; changing the cycles unmarks them.
    const edited = await t.app.inject({
      method: 'PATCH',
      url: `/api/myProducts/${id}`,
      headers: { cookie: seller },
      payload: { ramGb: 8, batteryCycles: 250, deviceReports: [token] },
    });
    expect(edited.statusCode).toBe(200);
    const after = await sourcesOf(id);
    expect(after.ramGb).toBe('device-report');
    expect(after).not.toHaveProperty('batteryCycles');
    expect(after.cpuModel).toBe('device-report');

    // An edit without a token leaves the marks of fields it does not touch, and drops those it does.
    await t.app.inject({
      method: 'PATCH',
      url: `/api/myProducts/${id}`,
      headers: { cookie: seller },
      payload: { storageGb: 512 },
    });
    const last = await sourcesOf(id);
    expect(last).not.toHaveProperty('storageGb');
    expect(last.storageType).toBe('device-report');
  });

  it('trusts no token but its own, for its own seller', async () => {
    const category = await createCategory(t.database.db);
    const token = await tokenFor(seller);
    const [payload, signature] = token.split('.');
    const body = JSON.parse(Buffer.from(payload!, 'base64url').toString('utf8'));
    body.s.ramGb = 32;
    const forged = `${Buffer.from(JSON.stringify(body)).toString('base64url')}.${signature}`;
    const other = await createUser(t.database.db, { typeOfUser: 'seller' });
    const otherCookie = await signIn(t.app, other.email, other.password);

    for (const [cookie, tokens, specs] of [
      [seller, [forged], { ...macSpecs, ramGb: 32 }],
      [seller, ['not.a-token', 'x'], macSpecs],
      // Another seller's report cannot vouch for this seller's listing.
      [otherCookie, [token], macSpecs],
    ] as const) {
      const posted = await postProduct(t.app, cookie, {
        name: 'MacBook Air M1',
        category: category.id,
        ...specs,
        conditionType: 'Excellent',
        deviceReports: tokens,
      } as never);
      expect(posted.statusCode).toBe(201);
      expect(await sourcesOf(posted.json().insertedId)).toEqual({});
    }
  });
});
