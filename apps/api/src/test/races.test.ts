/**
 * Requests that race for the same laptop, order or account. On PGlite they run one
 * after another; on a PostgreSQL server (TEST_DATABASE_URL, as in CI) they
 * really overlap, and these rounds found each of the faults they guard against.
 */
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders } from '../db/schema/orders.ts';
import { payments } from '../db/schema/payments.ts';
import { products } from '../db/schema/products.ts';
import { refunds } from '../db/schema/refunds.ts';
import { sandboxPaymentIntents } from '../db/schema/sandbox-payment-intents.ts';
import { sessions } from '../db/schema/sessions.ts';
import { users } from '../db/schema/users.ts';
import { createCategory, createProduct, createUser } from '../db/seed/factories.ts';
import { createTestContext, signIn, type TestContext } from './test-app.ts';
import { postProduct } from './post-product.ts';
import { uploadTestImage } from './upload-helper.ts';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(async () => {
  await t?.close();
});

const ROUNDS = 6;

async function signedIn(typeOfUser: 'buyer' | 'seller' | 'admin') {
  const user = await createUser(t.database.db, { typeOfUser });
  return { user, cookie: await signIn(t.app, user.email, user.password) };
}

// One seller and one category for every laptop: each sign-in hashes a password, and a
// race is between the requests, not the accounts (a fresh seller each round took the
// slower races near Vitest's 30 s on a busy host).
let shared: { seller: Awaited<ReturnType<typeof signedIn>>; categoryId: string } | undefined;

async function laptop() {
  shared ??= {
    seller: await signedIn('seller'),
    categoryId: (await createCategory(t.database.db)).id,
  };
  const { seller, categoryId } = shared;
  const product = await createProduct(t.database.db, { sellerId: seller.user.id, categoryId });
  return { seller, product };
}

const book = (cookie: string, productId: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/myOrders',
    headers: { cookie },
    payload: { productId, meetingLocation: 'Cafe', buyerPhone: '+1 512 555 0100' },
  });

const deleteProduct = (cookie: string, id: string) =>
  t.app.inject({ method: 'DELETE', url: `/api/myProducts?id=${id}`, headers: { cookie } });

/** Books the laptop and returns the new order's id. */
const bookedOrder = async (cookie: string, productId: string) =>
  (await book(cookie, productId)).json<{ insertedId: string }>().insertedId;

const report = (cookie: string, productId: string, reportText = 'Looks stolen.') =>
  t.app.inject({
    method: 'POST',
    url: '/api/reports',
    headers: { cookie },
    payload: { productId, reason: 'scam', reportText },
  });

const deleteUser = (adminCookie: string, email: string) =>
  t.app.inject({
    method: 'DELETE',
    url: `/api/deleteUser?email=${encodeURIComponent(email)}`,
    headers: { cookie: adminCookie },
  });

const startPayment = (cookie: string, orderId: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/create-payment-intent',
    headers: { cookie },
    payload: { orderId },
  });

const confirmCard = (intent: { paymentIntentId: string; clientSecret: string }) =>
  t.app.inject({
    method: 'POST',
    url: `/api/sandbox/payment_intents/${intent.paymentIntentId}/confirm`,
    payload: {
      client_secret: intent.clientSecret,
      card: { number: '4242424242424242', exp_month: 12, exp_year: 2040, cvc: '123' },
      billing_details: { name: 'Pat Payer', email: 'pat@example.test' },
    },
  });

type Intent = { paymentIntentId: string; clientSecret: string };

async function productRow(id: string) {
  const [row] = await t.database.db.select().from(products).where(eq(products.id, id));
  return row;
}

describe('a laptop being paid for while its seller deletes it', () => {
  it('is either sold (and the deletion refused) or withdrawn (and the money refunded), never both', async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const { seller, product } = await laptop();
      const buyer = await signedIn('buyer');
      const orderId = await bookedOrder(buyer.cookie, product.id);
      const intent = (await startPayment(buyer.cookie, orderId)).json<Intent>();

      const [paid, deleted] = await Promise.all([
        confirmCard(intent),
        deleteProduct(seller.cookie, product.id),
      ]);

      expect(paid.statusCode).toBe(200);
      const row = await productRow(product.id);
      const [payment] = await t.database.db
        .select()
        .from(payments)
        .where(eq(payments.orderId, orderId));
      const [refund] = await t.database.db
        .select()
        .from(refunds)
        .where(eq(refunds.orderId, orderId));
      if (row?.status === 'sold') {
        expect(row.deletedAt).toBeNull();
        expect(deleted.statusCode).toBe(409);
        expect(payment).toBeDefined();
        expect(refund).toBeUndefined();
      } else {
        expect(deleted.json()).toEqual({ deletedCount: 1 });
        expect(row?.deletedAt).not.toBeNull();
        expect(payment).toBeUndefined();
        expect(refund).toMatchObject({ reason: 'withdrawn' });
      }
    }
  });
});

describe('a laptop being booked while its seller deletes it', () => {
  it('is booked and then withdrawn, or deleted and the booking told so: never a server error', async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const { seller, product } = await laptop();
      const buyer = await signedIn('buyer');

      const [booked, deleted] = await Promise.all([
        book(buyer.cookie, product.id),
        deleteProduct(seller.cookie, product.id),
      ]);

      expect(deleted.json()).toEqual({ deletedCount: 1 });
      const row = await productRow(product.id);
      if (booked.statusCode === 201) {
        // Booked first: the order keeps pointing at a withdrawn listing.
        expect(row?.deletedAt).not.toBeNull();
      } else {
        expect(booked.statusCode).toBe(404);
        expect(row).toBeUndefined();
      }
    }
  });
});

describe('a buyer cancelling and booking the same laptop again at once (two tabs)', () => {
  it('cancels, and books again or is told it is booked: never a server error', async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const { product } = await laptop();
      const buyer = await signedIn('buyer');
      const orderId = await bookedOrder(buyer.cookie, product.id);
      // The laptop still names the order's hold, as after a hold runs out.
      expect((await startPayment(buyer.cookie, orderId)).statusCode).toBe(200);

      const [cancelled, rebooked] = await Promise.all([
        t.app.inject({
          method: 'DELETE',
          url: `/api/myOrders/${orderId}`,
          headers: { cookie: buyer.cookie },
        }),
        book(buyer.cookie, product.id),
      ]);

      expect(cancelled.statusCode).toBe(200);
      expect([201, 409]).toContain(rebooked.statusCode);
    }
  });
});

describe('a laptop being reported while its seller deletes it', () => {
  it('is reported and then only withdrawn, or deleted and the report told so: never a server error', async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const { seller, product } = await laptop();
      const reporter = await signedIn('buyer');

      const [reported, deleted] = await Promise.all([
        report(reporter.cookie, product.id),
        deleteProduct(seller.cookie, product.id),
      ]);

      expect(deleted.json()).toEqual({ deletedCount: 1 });
      if (reported.statusCode === 201) {
        expect((await productRow(product.id))?.deletedAt).not.toBeNull();
      } else {
        expect(reported.statusCode).toBe(404);
        expect(await productRow(product.id)).toBeUndefined();
      }
    }
  });
});

describe('two admins removing one laptop through two of its reports at once', () => {
  it('removes it once; the other report is already resolved', async () => {
    // Signed in once: each sign-in hashes a password, and the race is between the two
    // admins' removals, whoever they are (six rounds of four sign-ins ran past 30 s on
    // a busy host).
    const reporters = [await signedIn('buyer'), await signedIn('buyer')];
    const admins = [await signedIn('admin'), await signedIn('admin')];
    for (let round = 0; round < ROUNDS; round++) {
      const { product } = await laptop();
      const reportIds: string[] = [];
      for (const [i, text] of ['Looks stolen.', 'Photos copied.'].entries()) {
        const reported = await report(reporters[i]!.cookie, product.id, text);
        reportIds.push(reported.json<{ insertedId: string }>().insertedId);
      }

      const answers = await Promise.all(
        admins.map((admin, i) =>
          t.app.inject({
            method: 'DELETE',
            url: `/api/reports/${reportIds[i]}`,
            headers: { cookie: admin.cookie },
          }),
        ),
      );

      expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
      expect((await productRow(product.id))?.deletedAt).not.toBeNull();
    }
  });
});

describe('starting to pay for one order many times at once (two tabs, a double click)', () => {
  it('makes one payment intent, which every answer names', async () => {
    const { product } = await laptop();
    const buyer = await signedIn('buyer');
    const orderId = await bookedOrder(buyer.cookie, product.id);

    const started = await Promise.all(
      Array.from({ length: 8 }, () => startPayment(buyer.cookie, orderId)),
    );

    expect(started.map((response) => response.statusCode)).toEqual(Array(8).fill(200));
    const ids = new Set(started.map((response) => response.json<Intent>().paymentIntentId));
    expect(ids.size).toBe(1);
    const intents = await t.database.db
      .select({ id: sandboxPaymentIntents.id })
      .from(sandboxPaymentIntents)
      .where(sql`${sandboxPaymentIntents.metadata}->>'orderId' = ${orderId}`);
    expect(intents).toHaveLength(1);
  });
});

describe('two admins deleting each other at once', () => {
  it('deletes one; the other is refused, as no longer an admin', async () => {
    // Of the two, how many are still active admins.
    const stillAdmins = async (ids: string[]) =>
      (
        await t.database.db
          .select({ id: users.id })
          .from(users)
          .where(
            and(inArray(users.id, ids), eq(users.typeOfUser, 'admin'), isNull(users.deletedAt)),
          )
      ).length;
    let survivor = await signedIn('admin');
    for (let round = 0; round < ROUNDS; round++) {
      const other = await signedIn('admin');
      const answers = await Promise.all([
        deleteUser(survivor.cookie, other.user.email),
        deleteUser(other.cookie, survivor.user.email),
      ]);

      // Refused as no longer an admin (403), or, when the deletion ended their session
      // before their request was read, as signed out (401).
      const [first, second] = answers.map((answer) => answer.statusCode).sort();
      expect(first).toBe(200);
      expect([401, 403]).toContain(second);
      expect(await stillAdmins([survivor.user.id, other.user.id])).toBe(1);
      if (answers[1]?.statusCode === 200) survivor = other;
    }
  });
});

describe('a buyer deleted by an admin while booking again the laptop their order holds', () => {
  it('is deleted, with no booking left open; the booking is refused: never a server error', async () => {
    const admin = await signedIn('admin');
    for (let round = 0; round < ROUNDS; round++) {
      const { product } = await laptop();
      const buyer = await signedIn('buyer');
      const orderId = await bookedOrder(buyer.cookie, product.id);
      expect((await startPayment(buyer.cookie, orderId)).statusCode).toBe(200);

      const [deleted, rebooked] = await Promise.all([
        deleteUser(admin.cookie, buyer.user.email),
        book(buyer.cookie, product.id),
      ]);

      expect(deleted.statusCode).toBe(200);
      // Already booked (before the deletion), or refused as deleted (after it).
      expect([401, 403, 409]).toContain(rebooked.statusCode);
      const open = await t.database.db
        .select({ id: orders.id })
        .from(orders)
        .where(and(eq(orders.buyerId, buyer.user.id), isNull(orders.cancelledAt)));
      expect(open).toEqual([]);
    }
  });
});

describe('a buyer deleted by an admin while starting to pay', () => {
  it('is deleted; the payment starts before it or is refused: never a server error', async () => {
    const admin = await signedIn('admin');
    for (let round = 0; round < ROUNDS; round++) {
      const { product } = await laptop();
      const buyer = await signedIn('buyer');
      const orderId = await bookedOrder(buyer.cookie, product.id);

      const [deleted, started] = await Promise.all([
        deleteUser(admin.cookie, buyer.user.email),
        startPayment(buyer.cookie, orderId),
      ]);

      expect(deleted.statusCode).toBe(200);
      expect(started.statusCode).toBeLessThan(500);
      // Whatever came first, the laptop is not left held for a deleted buyer.
      expect((await productRow(product.id))?.heldByOrderId).toBeNull();
    }
  });
});

describe('a seller made an admin while posting a laptop', () => {
  it('either posts it and stays a seller, or becomes an admin and posts nothing', async () => {
    const admin = await signedIn('admin');
    const category = await createCategory(t.database.db);
    for (let round = 0; round < ROUNDS; round++) {
      const seller = await signedIn('seller');
      const image = await uploadTestImage(t.app, seller.cookie);

      const [promoted, posted] = await Promise.all([
        t.app.inject({
          method: 'PUT',
          url: `/api/makeAdmin?email=${encodeURIComponent(seller.user.email)}`,
          headers: { cookie: admin.cookie },
        }),
        postProduct(t.app, seller.cookie, { name: 'ThinkPad T14', category: category.id, image }),
      ]);

      const listings = await t.database.db
        .select({ id: products.id })
        .from(products)
        .where(eq(products.sellerId, seller.user.id));
      if (promoted.statusCode === 200) {
        expect(posted.statusCode).toBe(403);
        expect(listings).toEqual([]);
      } else {
        expect(promoted.statusCode).toBe(409);
        expect(posted.statusCode).toBe(201);
        expect(listings).toHaveLength(1);
      }
    }
  });
});

describe('a card confirmed but never reported by the browser (a closed tab)', () => {
  it('still makes the sale', async () => {
    const { product } = await laptop();
    const buyer = await signedIn('buyer');
    const orderId = await bookedOrder(buyer.cookie, product.id);
    const intent = (await startPayment(buyer.cookie, orderId)).json<Intent>();

    expect((await confirmCard(intent)).statusCode).toBe(200);

    const [order] = await t.database.db.select().from(orders).where(eq(orders.id, orderId));
    expect(order?.paid).toBe(true);
    expect((await productRow(product.id))?.status).toBe('sold');
  });

  it("is refunded when the buyer's account was deleted meanwhile (their session is gone)", async () => {
    const { product } = await laptop();
    const buyer = await signedIn('buyer');
    const admin = await signedIn('admin');
    const orderId = await bookedOrder(buyer.cookie, product.id);
    const intent = (await startPayment(buyer.cookie, orderId)).json<Intent>();
    const deleted = await deleteUser(admin.cookie, buyer.user.email);
    expect(deleted.statusCode).toBe(200);

    expect((await confirmCard(intent)).statusCode).toBe(200);

    const [refund] = await t.database.db.select().from(refunds).where(eq(refunds.orderId, orderId));
    expect(refund).toMatchObject({ reason: 'cancelled' });
    const [charged] = await t.database.db
      .select({ refundedAt: sandboxPaymentIntents.refundedAt })
      .from(sandboxPaymentIntents)
      .where(eq(sandboxPaymentIntents.id, intent.paymentIntentId));
    expect(charged?.refundedAt).not.toBeNull();
    expect((await productRow(product.id))?.status).toBe('available');
  });
});

describe('a person signing in while an admin deletes their account', () => {
  it("is left with no session when the deletion runs between the sign-in's check and its session being written", async () => {
    const admin = await signedIn('admin');
    const person = await createUser(t.database.db, { typeOfUser: 'buyer' });
    const signingIn = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/sign-in/email',
        payload: { email: person.email, password: person.password },
      });

    let deleted;
    let signedInAnswer;
    if (t.database.kind === 'postgres') {
      // The session's row waits, in a trigger, for a lock this test holds: the sign-in
      // has read the account (not deleted yet) and the deletion runs to its end meanwhile.
      await t.database.db.execute(sql`
        create function wait_for_test_lock() returns trigger language plpgsql as $$
        begin perform pg_advisory_lock_shared(4242); perform pg_advisory_unlock_shared(4242); return new; end $$;
        create trigger sessions_wait_for_test_lock before insert on sessions
        for each row execute function wait_for_test_lock();`);
      try {
        [deleted, signedInAnswer] = await t.database.db.transaction(async (tx) => {
          await tx.execute(sql`select pg_advisory_xact_lock(4242)`);
          const signIn = signingIn();
          await expect
            .poll(async () => {
              const waiting = await t.database.db.execute(
                sql`select count(*)::int as n from pg_locks
                    where locktype = 'advisory' and objid = 4242 and not granted
                      and database = (select oid from pg_database where datname = current_database())`,
              );
              return (waiting as unknown as { rows: { n: number }[] }).rows[0]?.n;
            })
            .toBe(1);
          return [await deleteUser(admin.cookie, person.email), signIn] as const;
        });
        signedInAnswer = await signedInAnswer;
        expect(signedInAnswer.json()).toMatchObject({ message: 'This account has been deleted.' });
      } finally {
        await t.database.db.execute(sql`
          drop trigger sessions_wait_for_test_lock on sessions;
          drop function wait_for_test_lock();`);
      }
    } else {
      // PGlite runs one statement at a time: the two only overlap by chance.
      [signedInAnswer, deleted] = await Promise.all([
        signingIn(),
        deleteUser(admin.cookie, person.email),
      ]);
    }

    expect(deleted.statusCode).toBe(200);
    expect(signedInAnswer.statusCode).toBeLessThan(500);
    const left = await t.database.db
      .select({ id: sessions.id })
      .from(sessions)
      .where(eq(sessions.userId, person.id));
    expect(left).toEqual([]);
  });
});
