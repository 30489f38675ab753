import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../test/test-app.ts';

let t: TestContext;
let https: TestContext;
let behindProxy: TestContext;

beforeAll(async () => {
  t = await createTestContext();
  https = await createTestContext({ PUBLIC_URL: 'https://laptops.example' });
  // app.inject() connects from 127.0.0.1: here that is the trusted proxy.
  behindProxy = await createTestContext({ TRUST_PROXY: '127.0.0.1' });
});

afterAll(async () => {
  await t?.close();
  await https?.close();
  await behindProxy?.close();
});

const directives = (header: unknown) =>
  Object.fromEntries(
    String(header)
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .map(([name = '', ...values]) => [name, values]),
  );

describe('security headers', () => {
  it('sends a strict policy on API answers, errors and pages alike', async () => {
    for (const url of ['/api/categories', '/api/no-such-route', '/api/health']) {
      const response = await t.app.inject({ method: 'GET', url });
      const csp = directives(response.headers['content-security-policy']);
      expect(csp['script-src']).toEqual([
        "'self'",
        'https://js.stripe.com',
        'https://*.js.stripe.com',
      ]);
      expect(csp['script-src']).not.toContain("'unsafe-inline'");
      expect(csp['script-src']).not.toContain("'unsafe-eval'");
      expect(csp['frame-ancestors']).toEqual(["'none'"]);
      expect(csp['object-src']).toEqual(["'none'"]);
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(response.headers['x-frame-options']).toBe('DENY');
      expect(response.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
      // Plain HTTP (a laptop, a test): no HSTS, or localhost would be pinned to HTTPS.
      expect(response.headers['strict-transport-security']).toBeUndefined();
    }
  });

  it('adds HSTS when the site is served over HTTPS', async () => {
    const response = await https.app.inject({ method: 'GET', url: '/api/health' });
    expect(response.headers['strict-transport-security']).toBe(
      'max-age=31536000; includeSubDomains',
    );
  });

  it('adds HSTS when a trusted proxy forwarded an HTTPS request, and only then', async () => {
    const forwarded = { 'x-forwarded-proto': 'https' };
    const viaProxy = await behindProxy.app.inject({
      method: 'GET',
      url: '/api/health',
      headers: forwarded,
    });
    expect(viaProxy.headers['strict-transport-security']).toBe(
      'max-age=31536000; includeSubDomains',
    );
    // Without TRUST_PROXY a client cannot claim HTTPS (or an address) by a header.
    const direct = await t.app.inject({ method: 'GET', url: '/api/health', headers: forwarded });
    expect(direct.headers['strict-transport-security']).toBeUndefined();
  });
});
