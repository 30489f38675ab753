import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.ts';

it('defaults to port 3000, ./data and demo data on the embedded database', () => {
  const config = loadConfig({});
  expect(config).toMatchObject({
    port: 3000,
    dataDir: path.resolve('./data'),
    databaseUrl: undefined,
    seedDemo: true,
  });
  expect(config.publicUrl).toBe('http://localhost:3000');
});

it('reads PORT, DATA_DIR and DATABASE_URL, and seeds a server database only when asked', () => {
  const config = loadConfig({
    PORT: '4000',
    DATA_DIR: '/tmp/x',
    DATABASE_URL: 'postgres://u@h:5432/db',
  });
  expect(config).toMatchObject({
    port: 4000,
    dataDir: '/tmp/x',
    databaseUrl: 'postgres://u@h:5432/db',
    seedDemo: false,
  });
  expect(loadConfig({ DATABASE_URL: 'postgres://u@h/db', SEED_DEMO: 'true' }).seedDemo).toBe(true);
  expect(loadConfig({ SEED_DEMO: '0' }).seedDemo).toBe(false);
});

it('treats empty variables as unset and refuses bad values with a clear message', () => {
  expect(loadConfig({ DATABASE_URL: '', PORT: '' })).toMatchObject({
    databaseUrl: undefined,
    port: 3000,
  });
  expect(() => loadConfig({ PORT: 'eighty' })).toThrow(/Invalid environment:\n {2}PORT/);
});

it('keeps rate limits in memory and images on disk unless Redis and S3 are configured', () => {
  expect(loadConfig({})).toMatchObject({ redis: undefined, s3: undefined });
  const config = loadConfig({
    REDIS_URL: 'redis://10.0.0.5:6379',
    S3_ENDPOINT: 'https://s3.eu-central-1.amazonaws.com',
    S3_BUCKET: 'laptop-images',
    S3_ACCESS_KEY_ID: 'AKIA',
    S3_SECRET_ACCESS_KEY: 'secret',
  });
  expect(config.redis).toEqual({ url: 'redis://10.0.0.5:6379', keyPrefix: 'laptops:' });
  expect(config.s3).toEqual({
    endpoint: 'https://s3.eu-central-1.amazonaws.com',
    bucket: 'laptop-images',
    accessKeyId: 'AKIA',
    secretAccessKey: 'secret',
    region: 'us-east-1',
  });
  expect(loadConfig({ REDIS_URL: 'redis://r', REDIS_KEY_PREFIX: 'shop2:' }).redis?.keyPrefix).toBe(
    'shop2:',
  );
});

it('refuses a partial S3 configuration, naming what is missing', () => {
  expect(() => loadConfig({ S3_ENDPOINT: 'http://127.0.0.1:9000', S3_BUCKET: 'images' })).toThrow(
    'S3 image storage needs S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY as well',
  );
  expect(() => loadConfig({ REDIS_URL: 'not a url' })).toThrow(/REDIS_URL/);
});

it('believes X-Forwarded-* only from the proxies TRUST_PROXY names', () => {
  expect(loadConfig({}).trustProxy).toBe(false);
  expect(loadConfig({ TRUST_PROXY: 'true' }).trustProxy).toBe(true);
  expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, 127.0.0.1' }).trustProxy).toEqual([
    '10.0.0.0/8',
    '127.0.0.1',
  ]);
  expect(() => loadConfig({ TRUST_PROXY: 'x"; drop' })).toThrow(/TRUST_PROXY/);
  expect(() => loadConfig({ TRUST_PROXY: '2' })).toThrow(/TRUST_PROXY/);
});

it('waits 10 s for requests in flight at shutdown unless SHUTDOWN_TIMEOUT_MS says otherwise', () => {
  expect(loadConfig({}).shutdownTimeoutMs).toBe(10_000);
  expect(loadConfig({ SHUTDOWN_TIMEOUT_MS: '1500' }).shutdownTimeoutMs).toBe(1500);
  expect(() => loadConfig({ SHUTDOWN_TIMEOUT_MS: '0' })).toThrow(/SHUTDOWN_TIMEOUT_MS/);
});

it('runs its jobs on even periods: reconciliation every 10 minutes over 7 days, the sweep hourly', () => {
  expect(loadConfig({}).paymentReconcile).toEqual({
    cron: '*/10 * * * *',
    lookBackMs: 7 * 86_400_000,
  });
  expect(
    loadConfig({ PAYMENT_RECONCILE_MINUTES: '120', PAYMENT_RECONCILE_LOOKBACK_DAYS: '30' })
      .paymentReconcile,
  ).toEqual({ cron: '0 */2 * * *', lookBackMs: 30 * 86_400_000 });
  expect(() => loadConfig({ PAYMENT_RECONCILE_MINUTES: '7' })).toThrow(
    /PAYMENT_RECONCILE_MINUTES: minutes that divide an hour/,
  );
  expect(() => loadConfig({ PAYMENT_RECONCILE_LOOKBACK_DAYS: '0' })).toThrow(
    /PAYMENT_RECONCILE_LOOKBACK_DAYS/,
  );
  expect(loadConfig({}).unusedUploads.sweepCron).toBe('0 * * * *');
  expect(() => loadConfig({ UNUSED_UPLOAD_SWEEP_MINUTES: '0.5' })).toThrow(
    /UNUSED_UPLOAD_SWEEP_MINUTES/,
  );
});

it('emails an unread message after 5 minutes unless MESSAGE_EMAIL_DELAY_MINUTES says otherwise', () => {
  expect(loadConfig({}).messageEmailDelayMs).toBe(5 * 60_000);
  expect(loadConfig({ MESSAGE_EMAIL_DELAY_MINUTES: '0.5' }).messageEmailDelayMs).toBe(30_000);
  expect(() => loadConfig({ MESSAGE_EMAIL_DELAY_MINUTES: '-1' })).toThrow(
    /MESSAGE_EMAIL_DELAY_MINUTES/,
  );
});

it("emails saved laptops' news after 10 minutes, 3 a day, unless told otherwise", () => {
  expect(loadConfig({}).favouriteEmails).toEqual({ delayMs: 10 * 60_000, perDay: 3 });
  expect(
    loadConfig({ FAVOURITE_EMAIL_DELAY_MINUTES: '0.05', FAVOURITE_EMAILS_PER_DAY: '5' })
      .favouriteEmails,
  ).toEqual({ delayMs: 3_000, perDay: 5 });
  expect(() => loadConfig({ FAVOURITE_EMAILS_PER_DAY: '0' })).toThrow(/FAVOURITE_EMAILS_PER_DAY/);
});

describe('the card processor', () => {
  const stripeKeys = { STRIPE_SECRET_KEY: 'sk_live_x', STRIPE_PUBLISHABLE_KEY: 'pk_live_x' };

  it('is Stripe with both keys, and otherwise the sandbox outside production', () => {
    expect(loadConfig(stripeKeys).stripe).toMatchObject({ secretKey: 'sk_live_x' });
    expect(loadConfig({ NODE_ENV: 'production', ...stripeKeys }).stripe).toBeDefined();
    expect(loadConfig({}).stripe).toBeUndefined();
    expect(loadConfig({ NODE_ENV: 'test' }).stripe).toBeUndefined();
  });

  it('refuses to start in production without Stripe keys unless the sandbox is chosen', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(
      'Invalid environment:\n  card payments need STRIPE_SECRET_KEY and STRIPE_PUBLISHABLE_KEY (Stripe), or PAYMENTS_PROVIDER=sandbox to take test payments only, where no money is charged',
    );
    // Half a Stripe setup is not a choice either; empty means unset.
    expect(() =>
      loadConfig({
        NODE_ENV: 'production',
        STRIPE_SECRET_KEY: 'sk_live_x',
        STRIPE_PUBLISHABLE_KEY: '',
      }),
    ).toThrow(/card payments need STRIPE_PUBLISHABLE_KEY \(Stripe\), or PAYMENTS_PROVIDER=sandbox/);
    const sandbox = loadConfig({ NODE_ENV: 'production', PAYMENTS_PROVIDER: 'sandbox' });
    expect(sandbox.stripe).toBeUndefined();
  });

  it('takes PAYMENTS_PROVIDER only when it agrees with the Stripe settings', () => {
    expect(() => loadConfig({ PAYMENTS_PROVIDER: 'stripe', STRIPE_SECRET_KEY: 'sk' })).toThrow(
      'PAYMENTS_PROVIDER=stripe needs STRIPE_PUBLISHABLE_KEY',
    );
    expect(loadConfig({ PAYMENTS_PROVIDER: 'stripe', ...stripeKeys }).stripe).toBeDefined();
    expect(() => loadConfig({ PAYMENTS_PROVIDER: 'sandbox', ...stripeKeys })).toThrow(
      'PAYMENTS_PROVIDER=sandbox takes test payments only, but STRIPE_SECRET_KEY and STRIPE_PUBLISHABLE_KEY are set',
    );
    expect(() => loadConfig({ PAYMENTS_PROVIDER: 'paypal' })).toThrow(/PAYMENTS_PROVIDER/);
  });
});
