// Builds the Fastify app for a configuration: plugins first, then the modules, in layer order. No listen.
import type { Server } from 'node:http';
import path from 'node:path';
import Fastify, { type FastifyBaseLogger, type FastifyHttpOptions, type FastifyInstance, type FastifyReply } from 'fastify';
import { Redis } from 'ioredis';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { MESSAGES, universityOfEmail, type Notification } from '@reshelf/shared';
import type { Config } from './config.ts';
import type { AppContext } from './context.ts';
import { openDatabase, type DatabaseHandle } from './db/index.ts';
import { migrateToLatest } from './db/migrate.ts';
import { systemClock, type Clock } from './lib/clock.ts';
import { createMailer, type Mailer } from './lib/mailer.ts';
import { memoryRateLimiter, redisRateLimiter, type RateLimiter } from './lib/rate-limiter.ts';
import { closeRedis } from './lib/redis.ts';
import { errorsPlugin } from './plugins/errors.ts';
import { openapiPlugin } from './plugins/openapi.ts';
import { JSON_BODY_LIMIT, jsonBodyPlugin } from './plugins/json-body.ts';
import { securityPlugin } from './plugins/security.ts';
import { spaPlugin } from './plugins/spa.ts';
import { healthRoutes } from './modules/health/routes.ts';
import { accountRoutes } from './modules/accounts/routes.ts';
import { verificationRoutes } from './modules/verification/routes.ts';
import { createVerificationService } from './modules/verification/service.ts';
import { createAccountsService } from './modules/accounts/service.ts';
import { sessionPlugin } from './plugins/session.ts';
import { avatarRoutes } from './modules/avatars/routes.ts';
import { contactRoutes } from './modules/contact/routes.ts';
import { newsletterRoutes } from './modules/newsletter/routes.ts';
import { brevoProvider, createNewsletterService, type NewsletterProvider } from './modules/newsletter/service.ts';
import { createScheduler } from './modules/jobs/service.ts';
import { createRealtimeHub } from './lib/realtime.ts';
import { s3Storage } from './lib/s3-storage.ts';
import { realtimePlugin } from './plugins/realtime.ts';
import { catalogueRoutes } from './modules/catalogue/routes.ts';
import { createCatalogueService } from './modules/catalogue/service.ts';
import { createSearchThreads } from './modules/catalogue/search-thread.ts';
import { createIdempotency } from './modules/idempotency/service.ts';
import { orderRoutes } from './modules/orders/routes.ts';
import { createOrdersService } from './modules/orders/service.ts';
import { packageRoutes } from './modules/packages/routes.ts';
import { createPackagesService } from './modules/packages/service.ts';
import { cartRoutes } from './modules/cart/routes.ts';
import { seoRoutes } from './modules/seo/routes.ts';
import { PUBLIC_PAGES, createSeoService } from './modules/seo/service.ts';
import { createCartService } from './modules/cart/service.ts';
import { localPhotoStore } from './lib/photo-store.ts';
import { listingRoutes } from './modules/listings/routes.ts';
import { createListingsService } from './modules/listings/service.ts';
import { createCatalogueCache } from './modules/listings/public-cache.ts';
import { moderationRoutes } from './modules/moderation/routes.ts';
import { reportRoutes } from './modules/reports/routes.ts';
import { createReportsService } from './modules/reports/service.ts';
import { createModerationService } from './modules/moderation/service.ts';
import { notificationRoutes } from './modules/notifications/routes.ts';
import { anonymiseNotifications, createNotificationsService, notify } from './modules/notifications/service.ts';
import { wishlistRoutes } from './modules/wishlists/routes.ts';
import { createWishlistsService } from './modules/wishlists/service.ts';
import { loadServerSecret } from './db/server-secret.ts';
import { endSignInsAtLogout, identityRoutes } from './modules/identities/routes.ts';
import { createIdentitiesService, type IdentitiesOptions } from './modules/identities/service.ts';
import { createSigner } from './lib/signing.ts';
import { profileRoutes } from './modules/profiles/routes.ts';
import { createProfilesService } from './modules/profiles/service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    ctx: AppContext;
    services: Services;
  }
}

export interface Services {
  accounts: ReturnType<typeof createAccountsService>;
  /** Verified students; markVerified is for sign-in providers (docs/decisions/0035-verified-students.md). */
  verification: ReturnType<typeof createVerificationService>;
  newsletter: ReturnType<typeof createNewsletterService>;
  scheduler: ReturnType<typeof createScheduler>;
  listings: ReturnType<typeof createListingsService>;
  moderation: ReturnType<typeof createModerationService>;
  notifications: ReturnType<typeof createNotificationsService>;
  orders: ReturnType<typeof createOrdersService>;
  catalogue: ReturnType<typeof createCatalogueService>;
  packages: ReturnType<typeof createPackagesService>;
  cart: ReturnType<typeof createCartService>;
  hub: ReturnType<typeof createRealtimeHub>;
  reports: ReturnType<typeof createReportsService>;
  wishlists: ReturnType<typeof createWishlistsService>;
  identities: ReturnType<typeof createIdentitiesService>;
  /** Public student profiles (docs/decisions/0034-public-profiles.md). */
  profiles: ReturnType<typeof createProfilesService>;
}

export interface BuildOptions {
  /** An already-open database (tests); otherwise opened from the config. */
  database?: DatabaseHandle;
  clock?: Clock;
  mailer?: Mailer;
  limiter?: RateLimiter;
  /** Run migrations during start-up (default true). */
  migrate?: boolean;
  /** Start the scheduled jobs' timers (default true; a test that runs them itself, by its own clock, says false). */
  jobs?: boolean;
  newsletterProvider?: NewsletterProvider;
  /** Where the server logs: pino at the configured level (default), nowhere (false), or a logger of the caller's. */
  logger?: false | FastifyBaseLogger;
  /** Identity providers' clients by id (tests); the configured ones otherwise. */
  signInClients?: IdentitiesOptions['clients'];
}

export type App = FastifyInstance;

export async function buildApp(config: Config, opts: BuildOptions = {}): Promise<App> {
  const options: FastifyHttpOptions<Server> = {
    ...(opts.logger === false
      ? { logger: false }
      : opts.logger
        ? { loggerInstance: opts.logger }
        : {
            logger: {
              level: config.logLevel,
              redact: ['req.headers.cookie', 'req.headers.authorization', 'res.headers["set-cookie"]'],
            },
          }),
    // A hop count is valid for Fastify (trust the nth proxy) though its types only list string and boolean.
    trustProxy: config.trustProxy as boolean | string,
    bodyLimit: JSON_BODY_LIMIT,
    // A connection must send its headers within headersTimeoutMs and the whole request within
    // requestTimeoutMs (config.ts says why those values), or Node answers 408 and closes it.
    requestTimeout: config.requestTimeoutMs,
    http: {
      headersTimeout: config.headersTimeoutMs,
      requestTimeout: config.requestTimeoutMs,
      // Node looks for connections past their deadline on a timer (30 s by default, which would double
      // a 15 s headers timeout): every quarter of the headers timeout closes one at most 25% late.
      connectionsCheckingInterval: Math.max(100, Math.floor(config.headersTimeoutMs / 4)),
    },
    forceCloseConnections: 'idle',
    return503OnClosing: true,
    routerOptions: { ignoreTrailingSlash: true },
    // A URL that cannot be decoded never reaches a route or the error handler: answer in the API's shape.
    frameworkErrors: (_err, _request, reply) => {
      void (reply as FastifyReply).status(400).send({ error: MESSAGES.badUrl, code: 'BAD_URL' });
    },
  };
  const app = Fastify(options).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  const database =
    opts.database ??
    openDatabase({
      databaseUrl: config.databaseUrl,
      dataDir: config.dataDir,
      onIdleError: (err) => app.log.warn({ err }, 'database connection lost; it will be replaced'),
    });
  const ownsDatabase = !opts.database;
  const clock = opts.clock ?? systemClock;
  const redis = config.redisUrl ? new Redis(config.redisUrl, { maxRetriesPerRequest: 2, lazyConnect: false }) : undefined;
  redis?.on('error', (err) => app.log.warn({ err }, 'Redis unavailable: rate limits count in this process until it is back'));
  const ctx: AppContext = {
    config,
    database,
    db: database.db,
    clock,
    mailer: opts.mailer ?? createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom, dataDir: config.dataDir }),
    limiter: opts.limiter ?? (redis ? redisRateLimiter(redis) : memoryRateLimiter()),
    redis,
  };
  app.decorate('ctx', ctx);
  app.addHook('onClose', async () => {
    if (ownsDatabase) await database.close();
    await closeRedis(redis);
  });

  if (opts.migrate !== false) await migrateToLatest(database);

  await app.register(errorsPlugin);
  await app.register(jsonBodyPlugin);
  await app.register(securityPlugin, { config });
  // Before every route, so that each one is in the document.
  await app.register(openapiPlugin);
  await app.register(healthRoutes);

  const accounts = createAccountsService(ctx);
  if (config.admin) {
    const result = await accounts.ensureAdmin(config.admin.email, config.admin.password);
    if (result === 'created') app.log.info({ email: config.admin.email }, 'admin account created');
  }
  const verification = createVerificationService(ctx);
  const newsletter = createNewsletterService(
    ctx,
    opts.newsletterProvider ?? (config.brevoApiKey ? brevoProvider(config.brevoApiKey) : undefined),
  );
  const scheduler = createScheduler(ctx, app.log);
  // Every minute: an expired session's open sockets close within a minute of its expiry.
  scheduler.add({ name: 'prune-sessions', everyMs: 60_000, run: () => accounts.pruneSessions() });
  scheduler.add({ name: 'newsletter-sync', everyMs: 60_000, run: () => newsletter.syncDue() });
  const storage = config.s3 ? s3Storage(config.s3) : localPhotoStore(path.join(config.dataDir, 'uploads'));
  const catalogueCache = createCatalogueCache(ctx, (err) => app.log.warn({ err }, 'catalogue cache generation unavailable'));
  app.addHook('onClose', async () => catalogueCache.close());
  const listings = createListingsService(ctx, storage, catalogueCache);
  accounts.onAccountDeletion(listings.accountDeletionHook);
  const notifications = createNotificationsService(ctx);
  const hub = createRealtimeHub(config.redisUrl, (err) => app.log.warn({ err }, 'realtime error'));
  app.addHook('onClose', async () => hub.close());
  // A session that ends closes its sockets on every process; if Redis cannot carry that, this process's
  // sockets are closed anyway and the failure is logged (the ended session answers 401 to HTTP regardless).
  accounts.onSessionsEnded((ended) => hub.endSessions(ended).catch((err) => app.log.warn({ err }, 'could not announce ended sessions')));
  // How modules reach a student beyond the stored notice: their email address, and their open tabs.
  const emailOf = async (id: string) => (await accounts.profile(id))?.email;
  const publishNotice = (studentId: string, notification: Notification) => hub.publish([studentId], { type: 'notification.created', notification });
  const wishlists = createWishlistsService(ctx, {
    signer: createSigner(await loadServerSecret(database.db)),
    studentOf: (id) => accounts.profile(id),
    booksByIds: (ids) => listings.booksByIds(ids),
    publish: publishNotice,
    log: app.log,
  });
  // Every minute: wishlist emails whose first send failed or never ran, and the daily digests that are due.
  scheduler.add({ name: 'wishlist-mail', everyMs: 60_000, run: () => wishlists.sendDue() });
  const moderation = createModerationService(ctx, {
    onApproved: wishlists.matchApproved,
    listings,
    emailOf,
    log: app.log,
    publish: publishNotice,
  });
  const orders = createOrdersService(ctx, {
    hub,
    notifier: {
      async notify(db, studentId, n) {
        const notification = await notify(db, studentId, { ...n, at: ctx.clock.now() });
        await publishNotice(studentId, notification);
      },
      anonymise: anonymiseNotifications,
    },
    emailOf,
  });
  accounts.onAccountDeletion(orders.accountDeletionHook);
  // A listing's life after approval (docs/decisions/0031-listing-lifecycle.md): its seller hears of a hide, a
  // take-down, an expiry coming and an expiry in the app, live, and by email where there is something to do.
  listings.useNotices({
    emailOf,
    publish: publishNotice,
    log: app.log,
  });
  const reports = createReportsService(ctx, { listings, accounts, orders, log: app.log });
  // Every minute: reminders 7 days before a listing expires, and listings whose 90 days are up leave the catalogue.
  scheduler.add({ name: 'listing-expiry-reminders', everyMs: 60_000, run: () => listings.remindExpiring() });
  scheduler.add({ name: 'expire-listings', everyMs: 60_000, run: () => listings.expireDue() });
  listings.useRatings((ids, db) => orders.ratingsOf(ids, db));
  const hydrate = (ids: string[]) => listings.booksByIds(ids);
  const searchThread = database.sqlitePath
    ? createSearchThreads(database.sqlitePath, config.searchThreads, (err) => app.log.error({ err }, 'catalogue search thread failed'))
    : undefined;
  if (searchThread) app.addHook('onClose', async () => searchThread.close());
  const catalogue = createCatalogueService(ctx, hydrate, catalogueCache.pages, searchThread?.search, {
    correct: searchThread?.correct,
    countUpTo: searchThread?.countUpTo,
    warn: (err) => app.log.warn({ err }, 'catalogue spelling suggestions unavailable; searches answer without them'),
  }, catalogueCache.courseListings);
  // Every 6 hours: the live text index back in one piece when writes have left it in several (SQLite).
  scheduler.add({ name: 'merge-search-index', everyMs: 6 * 3_600_000, run: () => catalogue.mergeSearchIndex() });
  const packages = createPackagesService(ctx);
  accounts.onAccountDeletion(packages.accountDeletionHook);
  const cart = createCartService(ctx, { hydrate, orders, packages });
  scheduler.add({ name: 'expire-orders', everyMs: 5 * 60_000, run: () => orders.expireDue() });
  // Every minute: a meetup's reminders go out within a minute (plus JOB_POLL_MS) of their time.
  scheduler.add({ name: 'meetup-reminders', everyMs: 60_000, run: () => orders.sendDueReminders() });
  const idempotency = createIdempotency(ctx);
  scheduler.add({ name: 'prune-idempotency-keys', everyMs: 3_600_000, run: () => idempotency.prune() });
  // Sign-in with identity providers (docs/decisions/0036-sign-in-providers.md).
  const identities = createIdentitiesService(ctx, {
    accounts,
    clients: opts.signInClients,
    // A Microsoft sign-in whose tenant owns the address, at the student's own university's domain, verifies them.
    async verifyByMicrosoft(studentId, email) {
      const university = universityOfEmail(email);
      const student = await accounts.profile(studentId);
      if (university && student && student.university === university && !student.verified) await verification.markVerified(studentId, university, 'microsoft', email);
    },
    warn: (err, what) => app.log.warn({ err }, what),
  });
  accounts.onAccountDeletion(identities.accountDeletionHook);
  accounts.onPasswordReset(identities.passwordResetHook);
  scheduler.add({ name: 'prune-sign-in-flows', everyMs: 3_600_000, run: () => identities.prune() });
  const profiles = createProfilesService(ctx, { orders, listings });
  app.decorate('services', { accounts, verification, newsletter, scheduler, listings, moderation, notifications, orders, catalogue, packages, cart, hub, reports, wishlists, identities, profiles });

  await app.register(sessionPlugin, { accounts });
  await app.register(accountRoutes, { accounts, onLogout: [endSignInsAtLogout(app, identities)] });
  await app.register(identityRoutes, { identities });
  await app.register(verificationRoutes, { verification });
  await app.register(avatarRoutes);
  await app.register(contactRoutes);
  await app.register(newsletterRoutes, { newsletter });
  await app.register(listingRoutes, { listings, storage });
  await app.register(moderationRoutes, { moderation });
  await app.register(reportRoutes, { reports });
  await app.register(notificationRoutes, { notifications });
  await app.register(wishlistRoutes, { wishlists });
  await app.register(realtimePlugin, { hub, accounts });
  await app.register(catalogueRoutes, { catalogue });
  await app.register(orderRoutes, { orders });
  await app.register(profileRoutes, { profiles });
  await app.register(packageRoutes, { packages });
  await app.register(cartRoutes, { cart });
  await app.register(seoRoutes);

  if (opts.jobs !== false) {
    app.addHook('onReady', async () => scheduler.start(config.jobPollMs));
    app.addHook('onClose', async () => scheduler.stop());
  }
  // A listing's public page previews it when shared: its head from the same public read as GET /books/:id.
  const seo = createSeoService(config.publicUrl, (id) => listings.viewBook(null, id));
  await app.register(spaPlugin, { webDist: config.webDist, publicUrl: config.publicUrl, publicPages: PUBLIC_PAGES, bookHead: seo.bookHead, supportEmail: config.supportEmail });
  return app;
}
