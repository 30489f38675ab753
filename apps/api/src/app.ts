import { createHmac } from 'node:crypto';
import path from 'node:path';
import fastifyCompress from '@fastify/compress';
import Fastify, { type FastifyBaseLogger } from 'fastify';
import type Stripe from 'stripe';
import {
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { Config } from './config.ts';
import type { Database } from './db/client.ts';
import { OneLinePerRequest } from './lib/logger.ts';
import { createMailer, type Mailer } from './lib/mailer.ts';
import {
  createMemoryRateLimitStore,
  createRedisRateLimitStore,
  type RateLimitStore,
} from './lib/rate-limiter.ts';
import { adminRoutes } from './modules/admin/admin.routes.ts';
import { createAuth } from './modules/auth/auth.ts';
import { authRoutes } from './modules/auth/auth.routes.ts';
import { categoriesRoutes } from './modules/categories/categories.routes.ts';
import { contactRoutes } from './modules/contact/contact.routes.ts';
import { adminConversationReportsRoutes } from './modules/conversation-safety/admin-conversation-reports.routes.ts';
import { conversationSafetyRoutes } from './modules/conversation-safety/conversation-safety.routes.ts';
import { awayEmailJob } from './modules/conversations/away-emails.ts';
import { conversationsRoutes } from './modules/conversations/conversations.routes.ts';
import { firstPaint, type RenderCataloguePage } from './modules/first-paint/first-paint.ts';
import { seoRoutes } from './modules/seo/seo.routes.ts';
import { healthRoutes } from './modules/health/health.routes.ts';
import { createImageStorage, type ImageStorage } from './modules/images/image-storage.ts';
import { imagesRoutes } from './modules/images/images.routes.ts';
import { hardwareReportsRoutes } from './modules/hardware-reports/hardware-reports.routes.ts';
import { fairPriceRoutes } from './modules/fair-price/fair-price.routes.ts';
import type { DealDeps } from './modules/deals/deal-actions.ts';
import { dashboardRoutes } from './modules/dashboard/dashboard.routes.ts';
import { dealJobs } from './modules/deals/deal-jobs.ts';
import { dealRefundsJob } from './modules/deals/deal-refunds.ts';
import { dealsRoutes } from './modules/deals/deals.routes.ts';
import { dealTestHooksRoutes } from './modules/deals/deal-test-hooks.routes.ts';
import { disputesRoutes } from './modules/disputes/disputes.routes.ts';
import { moneyReportRoutes } from './modules/ledger/money-report.routes.ts';
import { createJobSender, jobQueuePlugin } from './modules/jobs/job-queue.ts';
import {
  queueListingMatch,
  savedSearchJobs,
} from './modules/saved-searches/saved-search-alerts.ts';
import { savedSearchUnsubscribeRoutes } from './modules/saved-searches/saved-search-unsubscribe.routes.ts';
import { savedSearchesRoutes } from './modules/saved-searches/saved-searches.routes.ts';
import { queueSellerPayout } from './modules/payouts/queue-payout.ts';
import {
  createMemoryBus,
  createPostgresBus,
  createRedisBus,
  type LiveBus,
} from './modules/live/live-bus.ts';
import { createLiveStreams } from './modules/live/live-streams.ts';
import { liveRoutes } from './modules/live/live.routes.ts';
import { loadMessage } from './modules/live/live.service.ts';
import { favouriteAlertJobs, queueLaptopNews } from './modules/favourites/favourite-alerts.ts';
import { favouritesRoutes } from './modules/favourites/favourites.routes.ts';
import { unusedUploadsSweepJob } from './modules/images/unused-uploads-sweep.ts';
import { verificationPhotoSweepJob } from './modules/photo-verification/verification-photo-sweep.ts';
import { myProductsRoutes } from './modules/products/my-products.routes.ts';
import { ordersRoutes } from './modules/orders/orders.routes.ts';
import { paymentsRoutes } from './modules/payments/payments.routes.ts';
import { accountUpdated, type PayoutDeps } from './modules/payouts/payout-accounts.service.ts';
import { payoutSweepJob, sellerPayoutJob } from './modules/payouts/payout-jobs.ts';
import { payoutsRoutes } from './modules/payouts/payouts.routes.ts';
import { reconcilePaymentsJob } from './modules/payments/reconcile-payments.ts';
import { createSandboxProvider } from './modules/payments/sandbox-provider.ts';
import { createStripeClient, createStripeProvider } from './modules/payments/stripe-provider.ts';
import { productsRoutes } from './modules/products/products.routes.ts';
import { reportsRoutes } from './modules/reports/reports.routes.ts';
import { reviewsRoutes } from './modules/reviews/reviews.routes.ts';
import { photoVerificationRoutes } from './modules/photo-verification/photo-verification.routes.ts';
import { serialChecksRoutes } from './modules/serial-checks/serial-checks.routes.ts';
import { searchRoutes } from './modules/search/search.routes.ts';
import { sellersRoutes } from './modules/sellers/sellers.routes.ts';
import { sellerRatingKeyJobs } from './modules/sellers/seller-rating-keys.ts';
import { unsubscribeRoutes } from './modules/users/unsubscribe.routes.ts';
import { usersRoutes } from './modules/users/users.routes.ts';
import { accessControlPlugin } from './plugins/access-control.ts';
import { authPlugin } from './plugins/auth.ts';
import { conditionalGetPlugin } from './plugins/conditional-get.ts';
import { crossSiteGuardPlugin } from './plugins/cross-site-guard.ts';
import { docsPlugin } from './plugins/docs.ts';
import { errorsPlugin, handleFrameworkError } from './plugins/errors.ts';
import { createFrontCache, frontCachePlugin, serverWithFrontCache } from './plugins/front-cache.ts';
import { listCachePlugin } from './plugins/list-cache.ts';
import { securityHeadersPlugin } from './plugins/security-headers.ts';
import { staticClientPlugin } from './plugins/static-client.ts';

export type AppOptions = {
  config: Config;
  database: Database;
  authSecret: string;
  /** Keys the serial numbers' hashes (server.ts: SERIAL_HASH_SECRET or DATA_DIR's). */
  serialHashSecret?: string;
  /**
   * Defaults follow the config: SMTP or the outbox, S3 or local disk for images,
   * Redis or memory for rate limits.
   */
  mailer?: Mailer;
  imageStorage?: ImageStorage;
  rateLimitStore?: RateLimitStore;
  /** Defaults follow the config: Redis pub/sub, PostgreSQL LISTEN/NOTIFY, or in-process. */
  liveBus?: LiveBus;
  /** Tests point the real Stripe SDK at a local server. */
  stripeClient?: Stripe;
  /** lib/logger.ts's; none: nothing is logged. */
  logger?: FastifyBaseLogger;
  /** Draws search and category pages on the server (server.ts loads the web build's). */
  renderCataloguePage?: RenderCataloguePage;
  /**
   * Runs the queued background work (payment reconciliation, payouts to sellers, the
   * unused-upload sweep, emails about unread messages) from ready to close. The server does; tests that are
   * not about it leave it off and start faster.
   */
  runJobs?: boolean;
};

/** Builds the whole HTTP app without listening, so tests can use app.inject(). */
export async function buildApp(options: AppOptions) {
  const { config, database } = options;
  // Serials are hashed under their own key (SERIAL_HASH_SECRET); apps built without one
  // (tests) derive it from the app's secret.
  const serialSecret =
    options.serialHashSecret ??
    createHmac('sha256', options.authSecret).update('serial-hash-secret').digest('base64url');
  const frontCache = createFrontCache({ logger: options.logger });
  const app = Fastify({
    serverFactory: serverWithFrontCache(frontCache),
    ...(options.logger ? { loggerInstance: options.logger } : { logger: false }),
    logController: new OneLinePerRequest(),
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
    frameworkErrors: handleFrameworkError,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  /** Connections the app opened itself (Redis, S3) are closed with it. */
  const ownedByApp = <T extends { close(): unknown }>(resource: T): T => {
    app.addHook('onClose', async () => {
      await resource.close();
    });
    return resource;
  };

  const mailer =
    options.mailer ??
    createMailer({
      smtpUrl: config.smtpUrl,
      from: config.mailFrom,
      outboxDir: path.join(config.dataDir, 'outbox'),
      log: app.log,
    });
  const imageStorage = options.imageStorage ?? ownedByApp(createImageStorage(config));
  const rateLimitStore =
    options.rateLimitStore ??
    ownedByApp(
      config.redis
        ? createRedisRateLimitStore({ ...config.redis, log: app.log })
        : createMemoryRateLimitStore(),
    );
  // The Vite dev server is a trusted origin in development only.
  const trustedOrigins =
    config.env === 'development' ? [config.publicUrl, 'http://localhost:5173'] : [config.publicUrl];
  const auth = createAuth({
    db: database.db,
    secret: options.authSecret,
    baseURL: config.publicUrl,
    mailer,
    log: app.log,
    google: config.google,
    trustedOrigins,
  });
  const db = database.db;

  await app.register(errorsPlugin);
  await app.register(securityHeadersPlugin, { publicUrl: config.publicUrl });
  await app.register(crossSiteGuardPlugin, { trustedOrigins });
  await app.register(conditionalGetPlugin);
  await app.register(listCachePlugin, { ttlMs: config.listCacheMs, frontCache });
  await app.register(frontCachePlugin, { frontCache });
  await app.register(fastifyCompress, { global: true, threshold: 1024 });
  await app.register(docsPlugin);
  await app.register(authPlugin, {
    auth,
    baseURL: config.publicUrl,
    rateLimit: config.authRateLimit,
    rateLimitStore,
  });
  await app.register(accessControlPlugin);

  // Before the routes: bookings, payments and withdrawals tell people live, as messages do.
  const liveBus =
    options.liveBus ??
    ownedByApp(
      config.redis
        ? createRedisBus({ ...config.redis, log: app.log })
        : database.connection.kind === 'postgres'
          ? createPostgresBus({ url: database.connection.url, log: app.log })
          : createMemoryBus(),
    );
  const liveStreams = createLiveStreams({
    bus: liveBus,
    loadMessage: (id) => loadMessage(db, id),
    log: app.log,
  });
  // Open streams never end by themselves: end them so a shutdown does not wait on them.
  app.addHook('preClose', async () => liveStreams.endAll());

  await app.register(healthRoutes, { db });
  await app.register(authRoutes, {
    googleEnabled: config.google !== undefined,
    authSecret: options.authSecret,
  });
  await app.register(usersRoutes, { db });
  await app.register(unsubscribeRoutes, {
    db,
    secret: options.authSecret,
    publicUrl: config.publicUrl,
  });
  await app.register(categoriesRoutes, { db });
  await app.register(searchRoutes, { db });
  await app.register(seoRoutes, { db, publicUrl: config.publicUrl });
  await app.register(productsRoutes, { db });
  // Requests queue jobs through it once the queue runs (only with runJobs).
  const jobSender = options.runJobs ? createJobSender() : undefined;
  const tellSavers = (productId: string) => queueLaptopNews(jobSender, productId);
  // A listing published (or back for sale) is matched against the saved searches.
  const listingForSale = async (productId: string) => {
    if (jobSender) await queueListingMatch(jobSender, productId);
  };
  await app.register(myProductsRoutes, {
    db,
    publish: liveStreams.publish,
    onPriceLowered: tellSavers,
    onPublished: listingForSale,
    secret: options.authSecret,
    serialSecret,
    rateLimitStore,
    serialChecksPerSeller: config.serialChecksPerSeller,
  });
  await app.register(savedSearchesRoutes, { db });
  await app.register(savedSearchUnsubscribeRoutes, {
    db,
    secret: options.authSecret,
    publicUrl: config.publicUrl,
  });
  await app.register(favouritesRoutes, {
    db,
    secret: options.authSecret,
    publicUrl: config.publicUrl,
  });
  await app.register(sellersRoutes, { db });
  await app.register(reportsRoutes, { db, publish: liveStreams.publish });
  await app.register(contactRoutes, {
    db,
    mailer,
    operatorAddress: config.mailFrom,
    rateLimitStore,
  });
  await app.register(imagesRoutes, {
    db,
    storage: imageStorage,
    uploadLimit: { store: rateLimitStore, perUser: config.uploadsPerUser },
  });
  await app.register(photoVerificationRoutes, {
    deps: { db, storage: imageStorage },
    rateLimitStore,
    uploadsPerUser: config.uploadsPerUser,
  });
  await app.register(hardwareReportsRoutes, {
    rateLimitStore,
    secret: options.authSecret,
    serialSecret,
    perUser: config.hardwareReportsPerUser,
  });
  await app.register(fairPriceRoutes, { db, rateLimitStore });
  await app.register(ordersRoutes, {
    db,
    mailer,
    publicUrl: config.publicUrl,
    rateLimitStore,
    bookingsPerBuyer: config.bookingsPerBuyer,
    publish: liveStreams.publish,
    onBooked: tellSavers,
  });
  await app.register(liveRoutes, { db, streams: liveStreams });
  await app.register(conversationsRoutes, {
    db,
    rateLimitStore,
    messagesPerSender: config.messagesPerSender,
    publish: liveStreams.publish,
    awayEmails: jobSender && { sender: jobSender, delayMs: config.messageEmailDelayMs },
  });
  await app.register(conversationSafetyRoutes, { db, rateLimitStore });
  await app.register(adminRoutes, { db, publish: liveStreams.publish });
  await app.register(adminConversationReportsRoutes, { db });
  await app.register(serialChecksRoutes, { db, publish: liveStreams.publish, serialSecret });
  const stripeClient = config.stripe
    ? (options.stripeClient ?? createStripeClient(config.stripe))
    : undefined;
  const provider =
    config.stripe && stripeClient
      ? createStripeProvider(stripeClient, config.stripe)
      : createSandboxProvider(db);
  if (provider.name === 'sandbox' && config.env === 'production') {
    app.log.warn(
      'payments: PAYMENTS_PROVIDER=sandbox, so no money is charged: any buyer can pay with a ' +
        'test card (the payment page says "Test mode"). Set the STRIPE_ keys to take real payments.',
    );
  }
  const paymentDeps = {
    db,
    provider,
    mailer,
    log: app.log,
    holdSeconds: config.paymentHoldSeconds,
    terms: config.deals,
    publish: liveStreams.publish,
  };
  const payoutDeps: PayoutDeps = {
    db,
    provider,
    log: app.log,
    publicUrl: config.publicUrl,
    sender: jobSender,
  };
  await app.register(paymentsRoutes, {
    deps: paymentDeps,
    accountUpdated: (accountId) => accountUpdated(payoutDeps, accountId),
  });
  await app.register(payoutsRoutes, { deps: payoutDeps });
  const dealDeps: DealDeps = {
    db,
    provider,
    mailer,
    log: app.log,
    publicUrl: config.publicUrl,
    publish: liveStreams.publish,
    // Money released is paid out now; without the queue, the payout sweep pays it later.
    onReleased: async (sellerId) => {
      if (jobSender) await queueSellerPayout(jobSender, sellerId);
    },
    onBackForSale: listingForSale,
  };
  await app.register(dealsRoutes, { deps: dealDeps, terms: config.deals, rateLimitStore });
  if (config.testHooks) {
    app.log.warn('E2E_TEST_HOOKS=1: test-only routes are on (/api/test-hooks/*)');
    await app.register(dealTestHooksRoutes, { deps: dealDeps, terms: config.deals });
  }
  await app.register(disputesRoutes, { deps: dealDeps, rateLimitStore });
  await app.register(moneyReportRoutes, { db });
  await app.register(dashboardRoutes, { db });
  await app.register(reviewsRoutes, {
    deps: { db, mailer, log: app.log, publicUrl: config.publicUrl, jobs: jobSender },
    rateLimitStore,
  });
  if (jobSender) {
    await app.register(jobQueuePlugin, {
      connection: database.connection,
      sender: jobSender,
      jobs: [
        awayEmailJob({ db, mailer, publicUrl: config.publicUrl, secret: options.authSecret }),
        ...favouriteAlertJobs({
          db,
          mailer,
          sender: jobSender,
          publicUrl: config.publicUrl,
          secret: options.authSecret,
          ...config.favouriteEmails,
        }),
        ...savedSearchJobs(
          {
            db,
            mailer,
            publicUrl: config.publicUrl,
            secret: options.authSecret,
            sender: jobSender,
            delayMs: config.savedSearchAlerts.delayMs,
          },
          config.savedSearchAlerts.digestCron,
        ),
        reconcilePaymentsJob(paymentDeps, config.paymentReconcile),
        ...dealJobs(dealDeps, config.deals, config.deals.jobsCron),
        dealRefundsJob(dealDeps, config.deals.jobsCron),
        sellerPayoutJob(payoutDeps),
        ...sellerRatingKeyJobs(db),
        payoutSweepJob(payoutDeps, config.payoutSweepCron),
        unusedUploadsSweepJob({
          db,
          storage: imageStorage,
          keepMs: config.unusedUploads.keepMs,
          cron: config.unusedUploads.sweepCron,
        }),
        verificationPhotoSweepJob({
          db,
          storage: imageStorage,
          keepMs: config.verificationPhotos.keepMs,
          cron: config.unusedUploads.sweepCron,
        }),
      ],
      // Half the shutdown's time: requests in flight and the database need the rest.
      stopTimeoutMs: config.shutdownTimeoutMs / 2,
    });
  }

  await app.register(staticClientPlugin, {
    distDir: config.webDistDir,
    firstPaint: firstPaint(
      app,
      db,
      options.renderCataloguePage,
      config.firstPaintDeadlineMs,
      config.publicUrl,
    ),
    firstPaintDeadlineMs: config.firstPaintDeadlineMs,
  });
  return app;
}

export type App = Awaited<ReturnType<typeof buildApp>>;
