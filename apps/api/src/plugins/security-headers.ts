import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/**
 * The page may run only our own scripts and Stripe's (the card form): no inline
 * scripts, no eval. Inline styles stay allowed because React's `style` props and
 * Stripe Elements set them; they cannot run code. Images may come from any HTTPS
 * host because Google profile pictures are hot-linked.
 */
const contentSecurityPolicy = [
  "default-src 'self'",
  "script-src 'self' https://js.stripe.com https://*.js.stripe.com",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob: https:",
  "font-src 'self' data:",
  "connect-src 'self' https://api.stripe.com",
  'frame-src https://js.stripe.com https://*.js.stripe.com https://hooks.stripe.com',
  "frame-ancestors 'none'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
].join('; ');

/**
 * Swagger UI at /api/docs: its page loads every script from files, including the one
 * that starts it (/api/docs/static/swagger-initializer.js), so scripts are held to
 * our origin as on every other page. Only its inline styles need allowing.
 */
const docsContentSecurityPolicy = [
  "default-src 'self'",
  "script-src 'self'",
  "script-src-attr 'none'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "frame-ancestors 'none'",
  "object-src 'none'",
  "base-uri 'self'",
].join('; ');

/**
 * Security headers on every response. HSTS only when the site is served over HTTPS
 * (PUBLIC_URL says so, or the proxy forwarded an HTTPS request): sending it over
 * plain HTTP on a laptop would pin localhost to HTTPS.
 *
 * A JSON answer is never rendered as a page, so it gets what an API needs (OWASP's
 * REST advice): no sniffing it into HTML, and a policy that lets it load nothing and be
 * framed nowhere, if a browser is ever sent to it. The page-only headers (the pages'
 * policy, opener and permissions policies) went out on every list too: four headers and
 * 500 bytes that the server checked and wrote on its busiest answers, for nothing.
 */
const pageHeaders = {
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
  'referrer-policy': 'strict-origin-when-cross-origin',
  'cross-origin-opener-policy': 'same-origin',
  'permissions-policy': 'camera=(), microphone=(), geolocation=(), payment=(self)',
};
const jsonHeaders = {
  'x-content-type-options': 'nosniff',
  'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
};
const hsts = 'max-age=31536000; includeSubDomains';

export const securityHeadersPlugin = fp(
  async (app: FastifyInstance, options: { publicUrl: string }) => {
    const httpsSite = options.publicUrl.startsWith('https://');
    // Built once: this runs on every response, including the busiest lists.
    const appHeaders = { ...pageHeaders, 'content-security-policy': contentSecurityPolicy };
    const docsHeaders = { ...pageHeaders, 'content-security-policy': docsContentSecurityPolicy };
    app.addHook('onSend', (request, reply, payload, done) => {
      const type = reply.getHeader('content-type');
      if (typeof type === 'string' && type.startsWith('application/json')) {
        reply.headers(jsonHeaders);
      } else {
        reply.headers(request.url.startsWith('/api/docs') ? docsHeaders : appHeaders);
      }
      if (httpsSite || request.protocol === 'https') {
        reply.header('strict-transport-security', hsts);
      }
      done(null, payload);
    });
  },
);
