/**
 * A password-reset request must not tell, by how long it takes, whether the email has
 * an account: the link's mail goes out after the answer, and an unknown email does the
 * same database work as a known one (a reset link's row written).
 */
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifications } from '../../db/schema/verifications.ts';
import { createUser } from '../../db/seed/factories.ts';
import { createLogger } from '../../lib/logger.ts';
import { resetTokenIn, startSmtpSink } from '../../test/smtp-sink.ts';
import { createTestContext, signIn, type TestContext } from '../../test/test-app.ts';

/** How long the mail server takes to accept a message: far longer than an answer. */
const MAIL_SERVER_DELAY_MS = 3000;

let t: TestContext;
let smtp: Awaited<ReturnType<typeof startSmtpSink>>;
beforeAll(async () => {
  smtp = await startSmtpSink({ delayMs: MAIL_SERVER_DELAY_MS });
  t = await createTestContext({ SMTP_URL: smtp.url });
});
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

const mailsTo = (email: string) => smtp.received.filter((mail) => mail.to.includes(email));

const requestReset = (email: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/auth/request-password-reset',
    payload: { email, redirectTo: '/reset-password' },
  });

/** The time the request took to answer, and the answer. */
async function timed(email: string) {
  const started = performance.now();
  const response = await requestReset(email);
  return { response, ms: performance.now() - started };
}

describe('a password-reset request', () => {
  it('answers without waiting for a slow mail server, and the mail still arrives', async () => {
    const user = await createUser(t.database.db);
    const { response, ms } = await timed(user.email);
    expect(response.statusCode).toBe(200);
    // Before, the answer waited for the mail server: never less than its delay.
    expect(ms).toBeLessThan(MAIL_SERVER_DELAY_MS / 2);
    expect(mailsTo(user.email)).toHaveLength(0);

    await expect
      .poll(() => mailsTo(user.email).length, { timeout: MAIL_SERVER_DELAY_MS * 4 })
      .toBe(1);
    // The link in it works.
    const reset = await t.app.inject({
      method: 'POST',
      url: '/api/auth/reset-password',
      payload: { token: resetTokenIn(mailsTo(user.email)[0]), newPassword: 'chosen-again-1' },
    });
    expect(reset.statusCode).toBe(200);
    await expect(signIn(t.app, user.email, 'chosen-again-1')).resolves.toContain('session_token');
  });

  it('does the same database work for an unknown email: a link written, one nobody can use', async () => {
    // Every row the table is given, as the database saw it.
    await t.database.db.execute(
      sql`create table verification_writes (operation text, identifier text, value text)`,
    );
    await t.database.db.execute(sql`
      create function note_verification_write() returns trigger language plpgsql as $$
      begin
        insert into verification_writes values (tg_op, new.identifier, new.value);
        return null;
      end $$`);
    await t.database.db.execute(sql`
      create trigger note_verification_writes after insert or update on verifications
        for each row execute function note_verification_write()`);
    const writes = async () => {
      // Both drivers (pg and PGlite) answer with { rows }.
      const { rows } = (await t.database.db.execute(
        sql`select operation, identifier, value from verification_writes`,
      )) as unknown as { rows: { operation: string; identifier: string; value: string }[] };
      await t.database.db.execute(sql`delete from verification_writes`);
      return rows;
    };
    const user = await createUser(t.database.db);
    const known = await requestReset(user.email);
    const knownWrites = await writes();
    expect(knownWrites).toEqual([
      {
        operation: 'INSERT',
        identifier: expect.stringMatching(/^reset-password:/),
        value: user.id,
      },
    ]);

    for (let i = 0; i < 12; i++) {
      const unknown = await requestReset(`nobody-${i}@example.test`);
      expect(unknown.statusCode).toBe(known.statusCode);
      expect(unknown.json()).toEqual(known.json());
      // One row written before answering, as for the known email: a link that belongs
      // to nobody (no user has the id ''), with a token as long as a real one.
      const [decoy, ...more] = await writes();
      expect(more).toEqual([]);
      expect(decoy).toEqual({
        operation: expect.stringMatching(/^(INSERT|UPDATE)$/),
        identifier: expect.stringMatching(/^reset-password:/),
        value: '',
      });
      expect(decoy?.identifier.length).toBe(knownWrites[0]?.identifier.length);
    }
    // Rewritten in place: they do not pile up.
    const decoys = await t.database.db
      .select()
      .from(verifications)
      .where(eq(verifications.value, ''));
    expect(decoys.length).toBeLessThanOrEqual(8);
    for (const decoy of decoys) expect(decoy.expiresAt.getTime()).toBeLessThanOrEqual(Date.now());
    await expect
      .poll(() => mailsTo(user.email).length, { timeout: MAIL_SERVER_DELAY_MS * 4 })
      .toBe(1);
    expect(smtp.received.filter((mail) => mail.to.some((to) => to.startsWith('nobody-')))).toEqual(
      [],
    );
  });
});

describe('a reset mail that cannot be sent', () => {
  it('is logged as an error after the answer, which is the same 200', async () => {
    // A port nothing listens on: the mail server is down.
    const down = await startSmtpSink();
    await down.close();
    const lines: string[] = [];
    const failing = await createTestContext(
      { SMTP_URL: down.url },
      {
        logger: createLogger({
          format: 'json',
          level: 'info',
          destination: { write: (line: string) => lines.push(line) },
        }).logger,
      },
    );
    try {
      const user = await createUser(failing.database.db);
      const response = await failing.app.inject({
        method: 'POST',
        url: '/api/auth/request-password-reset',
        payload: { email: user.email, redirectTo: '/reset-password' },
      });
      expect(response.statusCode).toBe(200);
      await expect
        .poll(() => lines.map((line) => JSON.parse(line) as { msg: string; level: number }))
        .toContainEqual(expect.objectContaining({ msg: 'email not sent', level: 50 }));
    } finally {
      await failing.close();
    }
  });
});
