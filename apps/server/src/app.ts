import '@b2b/contracts/zod-locale';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import cookie from '@fastify/cookie';
import rateLimit from '@fastify/rate-limit';
import { LIMITS } from '@b2b/contracts/limits';
import { MSG } from '@b2b/contracts/messages';
import type { Config } from './config';
import type { ChangeFeed } from './db/change-feed';
import type { Db } from './db/database';
import { registerApiDocs, type ApiDocsAccess } from './http/api-docs';
import { AppError } from './http/app-error';
import { registerAuthHook } from './http/auth-context';
import { frameworkErrorAnswer, registerErrorHandler } from './http/error-handler';
import { healthRoutes } from './http/health';
import { parseFlattened, registerBodyParsers } from './http/form-body';
import { loggerOptions, type LogDestination } from './http/request-log';
import { registerRouteTable } from './http/route-table';
import { databaseRateLimitStore } from './http/rate-limit-store';
import { registerSecurityHeaders } from './http/security-headers';
import { registerWebApp } from './http/web-app';
import { createEventBus } from './events/event-bus';
import { createJobQueue } from './jobs/job-queue';
import { jobsRoutes } from './jobs/jobs.routes';
import { fileStore } from './files/file-store';
import { blobStoreOf } from './files/blob-store-of';
import { filesRoutes } from './files/files.routes';
import { createMailer } from './mail/mailer';
import { accountService } from './modules/auth/account.service';
import { authRoutes } from './modules/auth/auth.routes';
import { employeesRoutes } from './modules/employees/employees.routes';
import { employeesService } from './modules/employees/employees.service';
import { authService } from './modules/auth/auth.service';
import { createClientUser } from './modules/auth/user-accounts';
import { clientsRoutes } from './modules/clients/clients.routes';
import { clientsService } from './modules/clients/clients.service';
import { groupsRoutes } from './modules/groups/groups.routes';
import { groupsService } from './modules/groups/groups.service';
import { ordersRoutes } from './modules/orders/orders.routes';
import { ordersService } from './modules/orders/orders.service';
import { priceListsRoutes } from './modules/pricing/price-lists.routes';
import { priceListsService } from './modules/pricing/price-lists.service';
import { partnersRoutes } from './modules/partners/partners.routes';
import { partnersService } from './modules/partners/partners.service';
import { commercialOfferRoutes } from './modules/commercial-offer/commercial-offer.routes';
import { commercialOfferService } from './modules/commercial-offer/commercial-offer.service';
import { deliveryExcludeService } from './modules/delivery/delivery-exclude.service';
import { deliveryRoutes } from './modules/delivery/delivery.routes';
import { deliveryZonesService } from './modules/delivery/delivery-zones.service';
import { shopSettingsRoutes } from './modules/shop/shop-settings.routes';
import { shopSettingsService } from './modules/shop/shop-settings.service';
import { geocoderFromEnv } from './modules/tradepoints/geocoder';
import { tradepointsRoutes } from './modules/tradepoints/tradepoints.routes';
import { tradepointsService } from './modules/tradepoints/tradepoints.service';
import { priceEngine as createPriceEngine } from './modules/pricing/price-engine.service';
import { pricingRoutes } from './modules/pricing/pricing.routes';
import { pricingSectionsService } from './modules/pricing/pricing-sections.service';
import { exportJobs } from './jobs/export-jobs';
import { registerPriceFileExport } from './modules/pricing/price-file-export';
import { registerPriceUploadJobs } from './modules/pricing/price-upload-jobs';
import { priceUploadsService } from './modules/pricing/price-uploads.service';
import { priceAssignments } from './modules/pricing/price-assignments';
import { pricingFilesRoutes } from './modules/pricing/pricing-files.routes';
import { ymlService } from './modules/pricing/yml.service';
import { contentRoutes } from './modules/content/content.routes';
import { contentService } from './modules/content/content.service';
import { loyaltyPointsService } from './modules/loyalty/loyalty-points.service';
import { loyaltySettingsService } from './modules/loyalty/loyalty-settings.service';
import { loyaltyRoutes } from './modules/loyalty/loyalty.routes';
import { offersRoutes } from './modules/offers/offers.routes';
import { reportsRoutes } from './modules/reports/reports.routes';
import { reportsService } from './modules/reports/reports.service';
import { offersService } from './modules/offers/offers.service';
import { buyerAccountService } from './modules/storefront/buyer-account.service';
import { shopBasketService } from './modules/storefront/shop-basket.service';
import { shopCatalogService } from './modules/storefront/shop-catalog.service';
import { shopCheckoutService } from './modules/storefront/shop-checkout.service';
import { buyerPointsRoutes } from './modules/storefront/buyer-points.routes';
import { storefrontRoutes } from './modules/storefront/storefront.routes';
import { shopRoutes } from './modules/shop/shop.routes';
import { exchange1cRoutes } from './modules/exchange-1c/exchange-1c.routes';
import { exchange1cModule } from './modules/exchange-1c/exchange-protocol.service';
import { priceUploadFromRows } from './modules/pricing/price-upload-from-rows.service';
import { exchangeSettingsRoutes } from './modules/exchange-1c/exchange-settings.routes';
import { exchangeSettingsService } from './modules/exchange-1c/exchange-settings.service';
import { dummyHash, hashPassword, verifyPassword } from './modules/auth/passwords';
import { shopService } from './modules/shop/shop.service';

export interface AppDeps {
  db: Db;
  /** What the database says changed (database.changes): the server keeps signed-in sessions with it, reads each request's anew without. */
  changes?: ChangeFeed;
  config: Pick<Config, 'ACCESS_TOKEN_TTL' | 'REFRESH_TOKEN_TTL' | 'LOG_LEVEL' | 'dataDir' | 's3' | 'SMTP_URL' | 'MAIL_FROM' | 'PUBLIC_URL'> & {
    /** Which proxy may set the client's address; none unless configured (config TRUST_PROXY). */
    TRUST_PROXY?: Config['TRUST_PROXY'];
    webDist?: string | null;
    /** Who may read /v3/api/docs (config API_DOCS): signed-in staff unless configured public. */
    API_DOCS?: ApiDocsAccess;
    /** Off in tests that drive the queue themselves with runUntilIdle(). */
    runJobs?: boolean;
    /** The only process on this database (the embedded one): jobs cut off by a crash run again at start. */
    soleWorker?: boolean;
    /**
     * Lines of a price file applied per transaction: set where the database has one connection (the embedded one), so
     * that other requests answer between chunks; unset, a file is applied in one transaction.
     */
    priceApplyChunk?: number;
    /** Where the log lines go: stdout unless given (a test reads them). */
    logStream?: LogDestination;
  };
}

export type Services = ReturnType<typeof buildServices>;

declare module 'fastify' {
  interface FastifyInstance {
    services: Services;
  }
}

const here = path.dirname(fileURLToPath(import.meta.url));
/** apps/web/dist, from both apps/server/src (dev, tests) and apps/server/dist (built). */
export const DEFAULT_WEB_DIST = path.resolve(here, '../../web/dist');

export function buildServices(db: Db, config: AppDeps['config'], log: (msg: string, err?: unknown) => void = () => {}, changes?: ChangeFeed) {
  const jobs = createJobQueue(db, log, { soleWorker: config.soleWorker });
  const events = createEventBus(db, jobs);
  const mailer = createMailer(db, jobs, { dataDir: config.dataDir, smtpUrl: config.SMTP_URL, from: config.MAIL_FROM });
  const shops = shopService(db);
  // Where files live (issue 42): DATA_DIR, or an S3-compatible bucket that every host shares.
  const blobs = blobStoreOf(config);
  const files = fileStore(db, blobs, config.dataDir);
  const tradepoints = tradepointsService(db, { shops });
  const shopSettings = shopSettingsService(db, {
    files,
    countTradepoints: tradepoints.count,
    platform: { publicUrl: config.PUBLIC_URL, mailFrom: config.MAIL_FROM },
  });
  const deliveryZones = deliveryZonesService(db);
  const deliveryExclude = deliveryExcludeService(db, { files });
  const commercialOffer = commercialOfferService(db, { files });
  const geocoder = geocoderFromEnv();
  const clients = clientsService(db, { mailer, files, jobs });
  const groups = groupsService(db, clients, { files, jobs });
  const priceLists = priceListsService(db);
  const priceEngine = createPriceEngine(db);
  const pricingSections = pricingSectionsService(db, priceEngine);
  const orders = ordersService(db, { mailer, files, events, jobs });
  const shopCatalog = shopCatalogService(db, priceEngine);
  const yml = ymlService(db, { engine: priceEngine, catalog: shopCatalog, publicUrl: config.PUBLIC_URL });
  const priceUploads = priceUploadsService(db, { engine: priceEngine, jobs, files, yml });
  const priceExports = exportJobs(db, jobs, files);
  const pricingAssignments = priceAssignments(db, { clients, groups });
  const offers = offersService(db, { files });
  const reports = reportsService(db);
  const loyaltySettings = loyaltySettingsService(db, { files });
  const loyaltyPoints = loyaltyPointsService(db, { jobs, setReturnedBonus: orders.setReturnedBonus });
  // The manager routes an order to another partner (issue 39 §1): its client found or created there (clients, auth),
  // the source's offers released, the target's loyalty membership, the target shop's notice addresses.
  const orderRouting = orders.routing({ clients, createClientUser, offers, loyalty: loyaltyPoints, notifyAddresses: shops.notifyAddresses });
  events.subscribe('order.completed', 'loyalty.credit', (event, trx) => loyaltyPoints.creditCompletedOrder(event, trx));
  const shopBasket = shopBasketService(db, shopCatalog, offers, deliveryZones);
  const shopCheckout = shopCheckoutService(db, {
    basket: shopBasket,
    mailer,
    orders,
    offers,
    loyalty: loyaltyPoints,
    geocoder,
    zones: deliveryZones,
  });
  const buyerAccount = buyerAccountService(db, { mailer });
  const content = contentService(db);
  registerPriceUploadJobs(db, { jobs, files, engine: priceEngine, applyChunk: config.priceApplyChunk });
  registerPriceFileExport(db, priceExports, priceEngine);
  const auth = authService(db, { accessTtlSeconds: config.ACCESS_TOKEN_TTL, refreshTtlSeconds: config.REFRESH_TOKEN_TTL }, shops, changes);
  const exchange1c = exchange1cModule(db, {
    jobs,
    blobs,
    dataDir: config.dataDir,
    apply: {
      uploads: priceUploadFromRows(db, { engine: priceEngine, jobs, applyChunk: config.priceApplyChunk }),
      orders: { orders: orders.actions },
    },
    passwords: { verifyPassword, dummyHash },
    limits: auth,
    log,
  });
  const partners = partnersService(db, { clients, orders, shops });
  const account = accountService(db, { auth, shops, clients, mailer, publicUrl: config.PUBLIC_URL });
  const employees = employeesService(db, { auth, partners, mailer, publicUrl: config.PUBLIC_URL });
  return {
    blobs,
    jobs,
    events,
    mailer,
    files,
    shops,
    tradepoints,
    shopSettings,
    deliveryZones,
    deliveryExclude,
    commercialOffer,
    geocoder,
    clients,
    groups,
    priceLists,
    priceEngine,
    pricingSections,
    yml,
    priceUploads,
    priceExports,
    pricingAssignments,
    shopCatalog,
    offers,
    reports,
    loyaltySettings,
    loyaltyPoints,
    shopBasket,
    shopCheckout,
    buyerAccount,
    content,
    orders,
    orderRouting,
    partners,
    auth,
    account,
    employees,
    exchange1c,
  };
}

export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const app = Fastify({
    ...loggerOptions(deps.config.LOG_LEVEL, deps.config.logStream),
    trustProxy: trustProxyOption(deps.config.TRUST_PROXY),
    bodyLimit: LIMITS.bodylessMaxBytes,
    routerOptions: { querystringParser: parseFlattened, ignoreTrailingSlash: true },
    frameworkErrors: frameworkErrorAnswer,
  });
  const services = buildServices(deps.db, deps.config, (msg, err) => app.log.error({ err }, msg), deps.changes);
  app.decorate('services', services);
  app.addHook('onClose', async () => services.auth.close());
  if (deps.config.runJobs !== false) {
    app.addHook('onReady', () => services.jobs.start());
    app.addHook('onClose', () => services.jobs.stop());
  }

  registerRouteTable(app);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);
  const webDist = deps.config.webDist === undefined ? DEFAULT_WEB_DIST : deps.config.webDist;
  registerSecurityHeaders(app, webDist);
  await app.register(cookie);
  await app.register(rateLimit, {
    global: false,
    store: databaseRateLimitStore(deps.db),
    errorResponseBuilder: (_req, ctx) =>
      new AppError('too_many_requests', 429, MSG.tooManyRequests, { 'retry-after': String(Math.ceil(ctx.ttl / 1000)) }),
  });
  await registerBodyParsers(app, deps.config.dataDir);
  registerAuthHook(app, services.auth.resolveAccessToken);

  await registerApiDocs(app, deps.config.API_DOCS ?? 'staff', services.auth.resolveAccessToken);

  await app.register(authRoutes(services.auth, services.account, services.partners));
  await app.register(employeesRoutes(services.employees));
  await app.register(partnersRoutes(services.partners));
  await app.register(
    ordersRoutes(services.orders, {
      bonusReturn: services.loyaltyPoints.returnOrderPoints,
      loyaltyHistory: services.loyaltyPoints.orderHistory,
      routing: services.orderRouting,
    }),
  );
  await app.register(shopRoutes(services.shops, services.shopSettings));
  await app.register(shopSettingsRoutes(services.shopSettings));
  await app.register(tradepointsRoutes(services.tradepoints, services.geocoder));
  await app.register(deliveryRoutes(services.deliveryZones, services.deliveryExclude));
  await app.register(commercialOfferRoutes(services.commercialOffer));
  await app.register(filesRoutes(services.files));
  await app.register(clientsRoutes(services.clients));
  await app.register(groupsRoutes(services.groups));
  await app.register(priceListsRoutes(services.priceLists));
  await app.register(pricingRoutes(services.pricingSections, services.pricingAssignments));
  await app.register(contentRoutes(services.content));
  await app.register(
    storefrontRoutes(services.shopCatalog, services.shopBasket, services.shopCheckout, services.buyerAccount, services.commercialOffer, {
      dir: path.join(deps.config.dataDir, 'photos'),
    }),
  );
  await app.register(pricingFilesRoutes(services.priceUploads, services.yml, services.priceExports));
  await app.register(offersRoutes(services.offers));
  await app.register(reportsRoutes(services.reports));
  await app.register(buyerPointsRoutes(services.loyaltyPoints));
  await app.register(loyaltyRoutes(services.loyaltySettings, services.loyaltyPoints));
  await app.register(jobsRoutes(services.jobs));
  await app.register(exchangeSettingsRoutes(exchangeSettingsService(deps.db, { hashPassword })));
  await app.register(exchange1cRoutes(services.exchange1c));
  await app.register(healthRoutes(deps.db, services.blobs));

  await registerWebApp(app, webDist);
  return app;
}

/** Fastify takes a hop count as a function of the hop's index (the number form is not in its types). */
function trustProxyOption(value: Config['TRUST_PROXY'] | undefined): boolean | string | ((addr: string, hop: number) => boolean) {
  if (typeof value === 'number') return (_addr, hop) => hop < value;
  return value ?? false;
}
