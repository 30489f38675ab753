import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../test/test-app.ts';

let t: TestContext;
let https: TestContext;
let behindProxy: TestContext;
let distDir: string;

/**
 * The web client's pages as the build writes them: a copy of apps/web/dist's when it
 * has been built, else a small stand-in of the same shape (a module script by URL).
 */
async function copyOfTheBuiltPages(): Promise<string> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'laptops-csp-dist-'));
  const built = fileURLToPath(new URL('../../../web/dist/', import.meta.url));
  for (const page of ['index.html', 'loading.html']) {
    const html = await fs
      .readFile(path.join(built, page), 'utf8')
      .catch(
        () =>
          `<!doctype html><html><head><script type="module" crossorigin src="/assets/index-Ab12.js"></script></head><body><div id="root">${page}</div></body></html>`,
      );
    await fs.writeFile(path.join(dir, page), html);
  }
  return dir;
}

beforeAll(async () => {
  distDir = await copyOfTheBuiltPages();
  t = await createTestContext({ WEB_DIST_DIR: distDir });
  https = await createTestContext({ PUBLIC_URL: 'https://laptops.example' });
  // app.inject() connects from 127.0.0.1: here that is the trusted proxy.
  behindProxy = await createTestContext({ TRUST_PROXY: '127.0.0.1' });
});

afterAll(async () => {
  await t?.close();
  await https?.close();
  await behindProxy?.close();
  await fs.rm(distDir, { recursive: true, force: true });
});

const directives = (header: unknown) =>
  Object.fromEntries(
    String(header)
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .map(([name = '', ...values]) => [name, values]),
  );

/** The <script> tags of a page; an inline one (no src) would need 'unsafe-inline'. */
const scriptTags = (html: string) =>
  [...html.matchAll(/<script\b([^>]*)>/gi)].map((m) => m[1] ?? '');
const scriptSource = (attributes: string) => /\bsrc="([^"]+)"/.exec(attributes)?.[1];

describe('security headers', () => {
  it('sends JSON answers, errors included, a policy that lets them load and frame nothing', async () => {
    for (const url of ['/api/categories', '/api/no-such-route', '/api/health']) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.headers['content-type'], url).toMatch(/^application\/json/);
      const csp = directives(response.headers['content-security-policy']);
      expect(csp['default-src'], url).toEqual(["'none'"]);
      expect(csp['frame-ancestors'], url).toEqual(["'none'"]);
      expect(response.headers['x-content-type-options'], url).toBe('nosniff');
      // What only a page uses is not sent with every list.
      expect(response.headers['permissions-policy'], url).toBeUndefined();
      expect(response.headers['cross-origin-opener-policy'], url).toBeUndefined();
      // Plain HTTP (a laptop, a test): no HSTS, or localhost would be pinned to HTTPS.
      expect(response.headers['strict-transport-security'], url).toBeUndefined();
    }
  });

  it("sends pages the site's policy: our scripts and Stripe's, no framing", async () => {
    for (const url of ['/', '/dashboard/myorders']) {
      const response = await t.app.inject({ method: 'GET', url });
      const csp = directives(response.headers['content-security-policy']);
      expect(csp['script-src'], url).toEqual([
        "'self'",
        'https://js.stripe.com',
        'https://*.js.stripe.com',
      ]);
      expect(csp['object-src'], url).toEqual(["'none'"]);
      expect(response.headers['x-content-type-options'], url).toBe('nosniff');
      expect(response.headers['x-frame-options'], url).toBe('DENY');
      expect(response.headers['referrer-policy'], url).toBe('strict-origin-when-cross-origin');
      expect(response.headers['cross-origin-opener-policy'], url).toBe('same-origin');
    }
  });

  it('allows no inline script on any page: the web client, a deep link, the API docs', async () => {
    for (const url of ['/', '/category/x', '/dashboard/myorders', '/api/docs', '/api/docs/']) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['content-type'], url).toMatch(/^text\/html/);
      const csp = directives(response.headers['content-security-policy']);
      expect(csp['script-src'], url).not.toContain("'unsafe-inline'");
      expect(csp['script-src'], url).not.toContain("'unsafe-eval'");
      expect(csp['script-src'], url).toContain("'self'");
      expect(csp['frame-ancestors'], url).toEqual(["'none'"]);
      // So every script the page runs must come from a file.
      const scripts = scriptTags(response.body);
      expect(scripts.length, url).toBeGreaterThan(0);
      for (const attributes of scripts) expect(scriptSource(attributes), url).toBeDefined();
    }
  });

  it('still serves a working docs UI: its page loads the scripts that start it', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/api/docs' });
    const sources = scriptTags(page.body).map((attributes) => scriptSource(attributes) ?? '');
    expect(sources).toContain('/api/docs/static/swagger-initializer.js');
    for (const source of sources) {
      const script = await t.app.inject({ method: 'GET', url: source });
      expect(script.statusCode, source).toBe(200);
      expect(script.headers['content-type'], source).toMatch(/javascript/);
      expect(script.body.length, source).toBeGreaterThan(100);
    }
    // The initializer points Swagger UI at the OpenAPI document, which is served too.
    const initializer = await t.app.inject({
      method: 'GET',
      url: '/api/docs/static/swagger-initializer.js',
    });
    expect(initializer.body).toContain('SwaggerUIBundle');
    const spec = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(spec.statusCode).toBe(200);
    expect(spec.json()).toMatchObject({ openapi: expect.any(String) });
    for (const link of page.body.matchAll(/<link[^>]*href="([^"]+\.css)"/g)) {
      expect((await t.app.inject({ method: 'GET', url: link[1]! })).statusCode).toBe(200);
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
