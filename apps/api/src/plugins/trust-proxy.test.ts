import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../test/test-app.ts';

let direct: TestContext;
let behindProxy: TestContext;

beforeAll(async () => {
  const limits = { AUTH_RATE_LIMIT_PER_IP: '3', AUTH_RATE_LIMIT_PER_ACCOUNT: '1000' };
  direct = await createTestContext(limits);
  // app.inject() connects from 127.0.0.1: here that is the trusted proxy.
  behindProxy = await createTestContext({ ...limits, TRUST_PROXY: '127.0.0.1' });
});

afterAll(async () => {
  await direct?.close();
  await behindProxy?.close();
});

/** Four wrong sign-ins, each claiming another client address; their status codes. */
async function guessesWithMadeUpAddresses(t: TestContext): Promise<number[]> {
  const statuses: number[] = [];
  for (let i = 1; i <= 4; i++) {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      headers: { 'x-forwarded-for': `203.0.113.${i}` },
      payload: { email: `nobody${i}@example.test`, password: 'wrong-password' },
    });
    statuses.push(response.statusCode);
  }
  return statuses;
}

describe('client addresses for per-IP limits', () => {
  it('ignores X-Forwarded-For by default, so a client cannot dodge the limit with it', async () => {
    expect(await guessesWithMadeUpAddresses(direct)).toEqual([401, 401, 401, 429]);
  });

  it('takes the address from a proxy named in TRUST_PROXY', async () => {
    expect(await guessesWithMadeUpAddresses(behindProxy)).toEqual([401, 401, 401, 401]);
  });
});
