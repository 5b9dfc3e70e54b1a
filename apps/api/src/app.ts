import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { OpenAPIHono } from '@hono/zod-openapi';
import type { Context, MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { sql } from 'drizzle-orm';
import { requestErrors } from '@resto/copy/errors/request';
import type { Database } from './db/client.ts';
import { apiTags } from '@resto/contract/route-kit';
import { getHealth, getOpenApiDocument } from '@resto/contract/service.routes';
import { ApiError, errorResponse } from './http/errors.ts';
import { ok, routes, serve } from './http/openapi.ts';
import { apiSecurityHeaders, noStore, strictTransportSecurity } from './http/security-headers.ts';
import { textGuard } from './http/text-guard.ts';
import { MemoRouter } from './http/fast-path/memo-router.ts';
import { preparedAtTheDoor } from './http/fast-path/prepared-door.ts';
import { namedMiddleware } from './http/fast-path/bypassed.ts';
import { RequestLimits } from './http/request-limits.ts';
import { clientIp } from './modules/auth/credentials.ts';
import type { Logger } from './logger.ts';
import { catalogAnswerNow, catalogRoutes, preparedDocuments } from './modules/catalog/routes.ts';
import { CatalogService } from './modules/catalog/service.ts';
import { orderRoutes } from './modules/orders/routes.ts';
import { proveOrderOwnership } from './modules/orders/ownership.ts';
import { OrderService } from './modules/orders/service.ts';
import { discoveryRoutes } from './modules/discovery/routes.ts';
import { DiscoveryService } from './modules/discovery/service.ts';
import { CoOrderFold } from './modules/discovery/co-orders.ts';
import { locationRoutes } from './modules/locations/routes.ts';
import { LocationService } from './modules/locations/service.ts';
import { createOfflineAddressProvider } from './modules/locations/providers/offline.ts';
import { straightLineRouting } from './modules/locations/providers/straight-line.ts';
import type { AddressProvider, RoutingProvider } from './modules/locations/providers/types.ts';
import { authRoutes } from './modules/auth/routes.ts';
import { AuthService } from './modules/auth/service.ts';
import { MailService } from './modules/mail/service.ts';
import { createMailTransport, type MailTransport } from './modules/mail/transport.ts';
import { paymentRoutes } from './modules/payments/routes.ts';
import { receiptRoutes } from './modules/receipts/routes.ts';
import { ReceiptService } from './modules/receipts/service.ts';
import { PaymentService } from './modules/payments/service.ts';
import { PrivacyService } from './modules/privacy/service.ts';
import { CustomersService } from './modules/customers/index.ts';
import { customerRoutes } from './modules/customers/routes.ts';
import { pushRoutes } from './modules/escalation/routes.ts';
import { EscalationService, type AutoRefuse } from './modules/escalation/service.ts';
import { TestProcessor } from './modules/payments/providers/test-processor.ts';
import { DisabledPaymentProvider } from './modules/payments/providers/disabled.ts';
import type { PaymentProvider } from './modules/payments/providers/types.ts';
import { sameSiteOnly, staffRoutes } from './modules/staff/routes.ts';
import { StaffService } from './modules/staff/service.ts';
import { RealtimeHub, type Listen } from './modules/realtime/hub.ts';
import { restaurantRealtimeRoutes, trackingRealtimeRoutes } from './modules/realtime/routes.ts';
import { hoursRoutes } from './modules/hours/routes.ts';
import { boardRoutes, trackingRoutes } from './modules/board/routes.ts';
import { phoneOrderRoutes } from './modules/board/phone-routes.ts';
import { paymentLinkRoutes } from './modules/board/payment-link-routes.ts';
import { PaymentLinkService } from './modules/board/payment-links.ts';
import { orderHistoryRoutes } from './modules/board/history-routes.ts';
import { OrderHistoryService } from './modules/board/history.ts';
import { offerRoutes } from './modules/offers/routes.ts';
import { capacityRoutes, publicSlotRoutes } from './modules/capacity/routes.ts';
import { settingsRoutes } from './modules/settings/routes.ts';
import { cloudPrntRoutes, DirectPrinting, epsonSdpRoutes, PrintingService, printerStaffRoutes, queueOrderTickets } from './modules/printing/index.ts';
import { BoardService } from './modules/board/service.ts';
import { auditRoutes, importBodyLimit, isImportPath } from './modules/audit/routes.ts';
import { menuEditorRoutes } from './modules/menu/routes.ts';
import { uploadedFiles, uploadPath, uploadRoutes } from './modules/images/routes.ts';
import { availabilityRoutes } from './modules/availability/routes.ts';
import { BooksService, type BooksSigner } from './modules/books/index.ts';
import { ClosingJob } from './modules/books/closing-job.ts';
import { booksArchiveRoutes } from './modules/books/archive-routes.ts';
import { booksReportRoutes } from './modules/books/reports-routes.ts';
import { booksExportRoutes } from './modules/books/exports-routes.ts';

export interface AppDeps {
  db: Database;
  /** The current instant; tests pass a fixed one. */
  clock: () => Date;
  logger: Logger;
  catalog: CatalogService;
  orders: OrderService;
  discovery: DiscoveryService;
  receipts: ReceiptService;
  locations: LocationService;
  mail: MailService;
  auth: AuthService;
  /**
   * Reverse proxies in front of the API (false/0: none, true: 1): rate limits key on the address
   * the nearest one appended to X-Forwarded-For (modules/auth/credentials.ts, forwardedClient).
   */
  trustProxy: boolean | number;
  payments: PaymentService;
  /** Guest data retention (docs/decisions/012): the anonymisation job. */
  privacy: PrivacyService;
  /** The customers (docs/decisions/037): notes, flags, blocks. */
  customers: CustomersService;
  /** Limits on orders, payment calls and address search (docs/decisions/014). */
  limits: RequestLimits;
  /** Staff accounts, invitations and the team (docs/decisions/020). */
  staff: StaffService;
  /** The site's public origin (SITE_URL): invitation links, and the staff area's same-site check. */
  siteUrl: string;
  /** Live order events (docs/decisions/021): the hub fed by LISTEN/NOTIFY that the SSE streams read. */
  realtime: RealtimeHub;
  /** Comment pings on SSE streams, ms (default 15 s). */
  ssePingMs?: number;
  /** The restaurant's orders board and the customer's status page (docs/decisions/022; modules/board/service.ts). */
  board: BoardService;
  /** Card payment links (docs/decisions/038; modules/board/payment-links.ts): linkFor for server code, the /payer/<token> page's calls. */
  paymentLinks: PaymentLinkService;
  /** Kitchen printers' polls and the print queue (docs/decisions/033; modules/printing/service.ts). */
  printing: PrintingService;
  /** The server's own loop for the TCP printers it reaches without the print agent (docs/decisions/033; modules/printing/direct.ts). */
  directPrinting: DirectPrinting;
  /** Nothing unseen (docs/decisions/022): alerts, Web Push, automatic refusal, staff screens' presence. */
  escalation: EscalationService;
  /** Where uploaded dish images are written and served from (DATA_DIR/uploads; docs/decisions/023). */
  uploadsDir: string;
  /** Where the books' archives are written (DATA_DIR/archives; docs/decisions/031). */
  archivesDir: string;
  /** The books' journal (docs/decisions/031): its signer and the append of entries. */
  books: BooksService;
  /** The books' closing job (docs/decisions/031): each day closed after its last opening, its month and fiscal year after it. */
  closing: ClosingJob;
}

/** Address search and routing; the offline communes index and straight lines by default. */
export interface LocationProviders {
  addresses: AddressProvider;
  routing: RoutingProvider;
}

export interface DepsOptions {
  /** Where e-mails go; default: an outbox folder in the system's temporary directory. */
  mailTransport?: MailTransport;
  trustProxy?: boolean | number;
  /** Address search and routing; default: the offline communes index and straight lines. */
  locations?: LocationProviders;
  /** The card payment provider; default: the built-in test processor on this database; null: card payments off. */
  payments?: PaymentProvider | null;
  /** Multiplies the maximum of every request limit (RATE_LIMIT_FACTOR; default 1). */
  rateLimitFactor?: number;
  /**
   * The site's public origin (SITE_URL; default http://localhost:3000), the one source of the
   * site's address: the links of every e-mail (receipt, tracking, invitations, the board), the
   * staff area's same-site check, and the read-only setting `site.url` the storefront gets.
   */
  siteUrl?: string;
  /** The database handle's LISTEN (DatabaseHandle.listen); without it the live events hub polls the table every `realtimePollMs`. */
  listen?: Listen;
  /** The hub's safety re-read of the table, ms (default 10 s; 1 s without `listen`). */
  realtimePollMs?: number;
  /** Comment pings on SSE streams, ms (default 15 s). */
  ssePingMs?: number;
  /** Where uploaded images go (DATA_DIR/uploads); default: a folder in the system's temporary directory. */
  uploadsDir?: string;
  /** Where the books' archives go (DATA_DIR/archives); default: a folder in the system's temporary directory. */
  archivesDir?: string;
  /** BOOKS_SIGNING_KEY, or undefined: the key kept in server_secrets (docs/decisions/031). */
  booksSigningKey?: string;
  /** The books' signer the server's start already loaded (run-server.ts). */
  booksSigner?: BooksSigner;
}

/** Builds the services from a database; no I/O happens here. */
export function createDeps(db: Database, logger: Logger, clock: () => Date = () => new Date(), options: DepsOptions = {}): AppDeps {
  const catalog = new CatalogService(db);
  const books = new BooksService(db, clock, options.booksSigningKey, options.booksSigner);
  // Back-office changes of other instances, at once (docs/decisions/023); the 1 s check stays.
  if (options.listen) catalog.listen(options.listen, (err: unknown) => logger.warn({ err }, 'écoute de catalog_changed impossible'));
  const providers = options.locations ?? { addresses: createOfflineAddressProvider(), routing: straightLineRouting };
  const locations = new LocationService(providers.addresses, providers.routing, catalog, logger);
  const transport =
    options.mailTransport ?? createMailTransport({ outboxDir: join(tmpdir(), 'resto-outbox'), from: 'Commande en ligne <no-reply@localhost>', logger });
  const siteUrl = (options.siteUrl ?? 'http://localhost:3000').replace(/\/+$/, '');
  const mail = new MailService(db, transport, catalog, clock, logger, siteUrl);
  // Payments run on real time whatever the app's clock: webhook signatures and reconciliation are about now.
  // A card order's e-mails leave once it is paid (a cash order's once it is placed), written to the
  // outbox in the transaction that pays or places it (docs/decisions/010).
  const cardOff = options.payments === null;
  const provider = cardOff ? new DisabledPaymentProvider() : (options.payments ?? new TestProcessor(db, logger));
  const payments = new PaymentService(db, provider, logger, undefined, mail, books);
  const board = new BoardService(db, catalog, mail, () => payments.provider, clock, logger, siteUrl, books);
  const paymentLinks = new PaymentLinkService(
    db,
    catalog,
    mail,
    () => payments.provider,
    clock,
    logger,
    siteUrl,
    books,
    (orderId) => board.processRefund(orderId),
  );
  // A payment link's intent has no checkout payment row: its webhooks are the links' (docs/decisions/038).
  payments.applyOtherIntents((intentId) => paymentLinks.sync(intentId));
  // The automatic refusal is the board's own action, by the system: refund and customer's e-mail included.
  const refuse: AutoRefuse = async (orderId, expectedStatus) => {
    await board.autoReject(orderId, expectedStatus);
  };
  const escalation = new EscalationService(db, catalog, mail, clock, logger, refuse, { siteUrl });
  const archivesDir = options.archivesDir ?? join(tmpdir(), 'resto-archives');
  const printing = new PrintingService(db, clock, (orderId) => board.ticketOrder(orderId), siteUrl);
  const customers = new CustomersService(db, catalog, clock);
  return {
    db,
    clock,
    logger,
    catalog,
    locations,
    payments,
    // Card payments off: card orders are refused (422), whatever the restaurant's setting.
    // ASAP needs a connected staff screen, unless orders are handled by e-mail (docs/decisions/022).
    orders: new OrderService(
      db,
      catalog,
      clock,
      locations,
      cardOff ? undefined : payments,
      mail,
      (now, settings) => escalation.presence(now, settings),
      books,
      (tx, orderId, now) => queueOrderTickets(tx, orderId, 'arrival', now),
      () => customers.refuseBlocked(),
    ),
    discovery: new DiscoveryService(
      db,
      catalog,
      clock,
      new CoOrderFold(db, (err: unknown) => logger.warn({ err }, 'comptage des plats commandés ensemble impossible')),
    ),
    receipts: new ReceiptService(db, catalog, books),
    mail,
    auth: new AuthService(db, mail, clock, logger),
    trustProxy: options.trustProxy ?? false,
    privacy: new PrivacyService(db, catalog, clock, logger),
    customers,
    limits: new RequestLimits(db, options.rateLimitFactor ?? 1),
    staff: new StaffService(db, mail, catalog, clock, logger, siteUrl, books),
    siteUrl,
    realtime: new RealtimeHub(db, options.listen, logger, { pollMs: options.realtimePollMs ?? (options.listen ? 10_000 : 1000) }),
    ssePingMs: options.ssePingMs,
    board,
    paymentLinks,
    printing,
    directPrinting: new DirectPrinting(db, printing, logger),
    escalation,
    uploadsDir: options.uploadsDir ?? join(tmpdir(), 'resto-uploads'),
    archivesDir,
    books,
    closing: new ClosingJob(db, books, catalog, mail, clock, logger, archivesDir),
  };
}

/** `middleware` on every request but the image upload's (POST /v2/restaurant/uploads reads its own body, up to 10 MB). */
function exceptUpload(middleware: MiddlewareHandler): MiddlewareHandler {
  return (c, next) => (uploadPath.test(c.req.path) ? next() : middleware(c, next));
}

/**
 * GET /v2/openapi.json: the OpenAPI 3.1 document of every route served on `app` (docs/decisions/017,
 * section 2), with the authentication schemes of section 7 and the tags defined. Built once, on the first call.
 */
function declareDocument(app: ReturnType<typeof routes>, siteUrl: string) {
  const registry = app.openAPIRegistry;
  registry.registerComponent('securitySchemes', 'bearerToken', {
    type: 'http',
    scheme: 'bearer',
    description: 'Le jeton de session (login, verify-otp) dans Authorization: Bearer.',
  });
  registry.registerComponent('securitySchemes', 'tokenQuery', {
    type: 'apiKey',
    in: 'query',
    name: 'token',
    description: 'Le jeton de session dans la requête (section 7).',
  });
  registry.registerComponent('securitySchemes', 'tokenBody', {
    type: 'apiKey',
    in: 'query',
    name: 'token',
    description: 'delete-profile : `token` et `user_id` peuvent venir dans le corps JSON (section 7) ; OpenAPI ne décrit pas de clé dans un corps.',
  });
  registry.registerComponent('securitySchemes', 'userIdQuery', {
    type: 'apiKey',
    in: 'query',
    name: 'user_id',
    description: 'L’id du compte du jeton, dans la requête.',
  });
  registry.registerComponent('securitySchemes', 'staffCookie', {
    type: 'apiKey',
    in: 'cookie',
    name: 'resto_staff',
    description: 'La session d’un membre du restaurant (httpOnly, SameSite=Strict), posée par /v2/restaurant/auth/login.',
  });
  registry.registerComponent('securitySchemes', 'userIdHeader', {
    type: 'apiKey',
    in: 'header',
    name: 'user-id',
    description: 'L’id du compte du jeton, en en-tête (section 7).',
  });
  let document: unknown;
  serve(app, getOpenApiDocument, (c) => {
    document ??= app.getOpenAPI31Document({
      openapi: '3.1.0',
      info: {
        title: 'API de commande en ligne',
        version: '2',
        description:
          'Chaque réponse JSON est {status: "success", payload} ou {status: "error", code, message, errors} (ErrorBody). Les barres obliques finales sont facultatives.',
        license: { name: 'Conditions d’utilisation du site', url: `${siteUrl}/terms-of-service` },
      },
      tags: Object.values(apiTags),
    });
    return c.json(document as Record<string, unknown>, 200);
  });
}

/** What the catalogue's routes and the door's answers read (catalog/routes.ts). */
const catalogAnswerDeps = (deps: AppDeps) => ({ ...deps, cardPaymentsOff: deps.payments.provider.name === 'none' });

/**
 * The first step of the server's request listener: the catalogue's prepared answers served at the
 * door (http/fast-path/prepared-door.ts), when they are made, while `isOpen()` (the server not draining) and
 * requests are not logged one by one (LOG_LEVEL=debug). Returns true when it answered.
 */
export function catalogDoor(deps: AppDeps, isOpen: () => boolean = () => true) {
  return preparedAtTheDoor('/v2/public/', preparedDocuments, {
    answerNow: catalogAnswerNow(catalogAnswerDeps(deps)),
    isOpen: () => isOpen() && !deps.logger.isLevelEnabled('debug'),
    trustProxy: deps.trustProxy,
  });
}

/** A request without a body by its method: the body checks have nothing to read (and reading `body` would build a full Request). */
const bodiless = (method: string) => method === 'GET' || method === 'HEAD';

/**
 * The API's own middleware on /v2, by name, in the order they run. bench/api.bench.ts times the
 * chain without each (docs/decisions/028); the routes' own guards (no-store, same-site) are not on the public reads.
 */
export const apiMiddleware = ['hsts', 'security-headers', 'body-limit', 'request-log', 'text-guard'] as const;
export type ApiMiddlewareName = (typeof apiMiddleware)[number];

export interface AppOptions {
  /** Middleware left out: only bench/api.bench.ts, to measure what each costs per request. */
  without?: readonly ApiMiddlewareName[];
  /** Middleware run first on every path, the API's and what the caller mounts after (the server's compress). */
  first?: readonly MiddlewareHandler[];
}

/**
 * The API under /v2 (docs/decisions/017, section 2): every answer is
 * {status: 'success', payload} or {status: 'error', code, message, errors}. Every route is
 * declared with the contract's schemas (http/openapi.ts) and documented at GET /v2/openapi.json.
 */
export function createApp(deps: AppDeps, options: AppOptions = {}) {
  // The app every request goes through: its router remembers its last matches (http/fast-path/memo-router.ts).
  const app = new OpenAPIHono({ strict: false, router: new MemoRouter() });
  for (const middleware of options.first ?? []) app.use(middleware);
  // Each by name: the catalogue's door skips them, and says why (http/fast-path/bypassed.ts).
  const use = (name: ApiMiddlewareName, middleware: MiddlewareHandler) => {
    if (!options.without?.includes(name)) app.use('/v2/*', namedMiddleware(name, middleware));
  };
  use('hsts', strictTransportSecurity(deps.trustProxy));
  use('security-headers', apiSecurityHeaders);
  // Accounts, sessions, orders and payments: personal answers, never kept by a cache (docs/decisions/009).
  app.use('/v2/public/auth/*', noStore);
  app.use('/v2/public/checkout/*', noStore);
  // The staff area (docs/decisions/020): personal answers, and no state change from another site.
  app.use('/v2/restaurant/*', noStore, sameSiteOnly(deps.siteUrl));
  // An order of 100 lines with options is about 30 KB: past 1 MB the body is refused before it is
  // read whole, and the connection closed (the rest of the upload is not read).
  // The restaurant file of a real restaurant may pass 1 MB: its two import routes read up to 5 MB.
  // The image upload counts its own bytes up to 10 MB (modules/images/routes.ts).
  const tooLarge = () => {
    throw new ApiError('body_too_large', requestErrors.bodyTooLarge).withHeaders({ Connection: 'close' });
  };
  const smallBody = bodyLimit({ maxSize: 1024 * 1024, onError: tooLarge });
  const fileBody = bodyLimit({ maxSize: importBodyLimit, onError: tooLarge });
  const limited = exceptUpload((c, next) => (isImportPath(c.req.path) ? fileBody(c, next) : smallBody(c, next)));
  use('body-limit', (c, next) => (bodiless(c.req.method) ? next() : limited(c, next)));
  use('request-log', (c, next) => {
    // At info (the default) a request costs no log work at all: no clock, no object, no regex.
    if (!deps.logger.isLevelEnabled('debug')) return next();
    const started = performance.now();
    return next().then(() => {
      // The path only: a query string may carry a token (spec section 7); an invitation's token in its path is masked.
      deps.logger.debug(
        {
          method: c.req.method,
          path: c.req.path.replace(/^(\/v2\/restaurant\/invitations\/)[^/]+/, '$1…'),
          status: c.res.status,
          ms: Math.round(performance.now() - started),
        },
        'requête',
      );
    });
  });

  // Text the database would refuse (NUL, lone surrogates) is a 400 naming the field, not a 500.
  // Not the image upload: its body is a binary file, read by sharp.
  use('text-guard', exceptUpload(textGuard()));

  serve(app, getHealth, async (c) => {
    try {
      await deps.db.execute(sql`select 1`);
      return ok(c, { database: 'ok' as const });
    } catch {
      throw new ApiError('database_unavailable', 'Base de données injoignable.');
    }
  });
  app.route('/', catalogRoutes(catalogAnswerDeps(deps)));
  app.route('/', authRoutes(deps.auth, { trustProxy: deps.trustProxy }));
  // Before the orders' GET /:order_id, which would otherwise take GET /payment-config.
  const ip = (c: Context) => clientIp(c, deps.trustProxy);
  app.route(
    '/',
    paymentRoutes(deps.payments, {
      proveOwnership: (c, orderId, proof) => proveOrderOwnership(deps.db, deps.auth, c, orderId, proof),
      limitCustomer: (c, email) => deps.limits.customer(ip(c), email),
      limitIntent: (c) => deps.limits.intent(ip(c)),
    }),
  );
  app.route(
    '/',
    orderRoutes(deps.orders, deps.auth, (c, email) => deps.limits.order(ip(c), email)),
  );
  app.route(
    '/',
    locationRoutes(deps.locations, (c) => deps.limits.locations(ip(c))),
  );
  app.route('/', receiptRoutes(deps.receipts, deps.db, deps.clock));
  app.route('/', pushRoutes(deps));
  app.route('/', discoveryRoutes(deps.discovery));
  app.route('/', staffRoutes(deps.staff, deps));
  app.route('/', boardRoutes(deps.board, deps.db, deps.clock));
  // A phone order (docs/decisions/036): the storefront's order creation, no account, no request limits.
  app.route(
    '/',
    phoneOrderRoutes(
      deps.board,
      deps.db,
      deps.clock,
      (payload, origin) => deps.orders.createOrder(payload, null, undefined, origin),
      (current, change) => deps.orders.prepareChange(current, change),
    ),
  );
  app.route(
    '/',
    paymentLinkRoutes(deps.paymentLinks, deps.db, deps.clock, (c) => deps.limits.intent(ip(c))),
  );
  app.route('/', orderHistoryRoutes(new OrderHistoryService(deps.db, deps.board), deps.db, deps.clock));
  app.route('/', customerRoutes(deps.customers, deps.db, deps.clock));
  app.route('/', offerRoutes(deps));
  app.route('/', printerStaffRoutes(deps));
  app.route('/', hoursRoutes(deps));
  app.route('/', auditRoutes(deps));
  app.route('/', uploadRoutes(deps));
  app.route('/', availabilityRoutes(deps));
  app.route('/', menuEditorRoutes(deps));
  app.route('/', capacityRoutes(deps));
  app.route('/', publicSlotRoutes(deps));
  app.route('/', settingsRoutes(deps));
  app.route('/', booksArchiveRoutes(deps));
  app.route('/', booksReportRoutes(deps));
  app.route('/', booksExportRoutes(deps));
  app.route('/', trackingRoutes(deps.board));
  app.route('/', cloudPrntRoutes(deps.printing));
  app.route('/', epsonSdpRoutes(deps));
  const realtime = { db: deps.db, clock: deps.clock, hub: deps.realtime, views: deps.board, pingMs: deps.ssePingMs, screens: deps.escalation.screens };
  app.route('/', restaurantRealtimeRoutes(realtime));
  app.route('/', trackingRealtimeRoutes(realtime));
  declareDocument(app, deps.siteUrl);
  app.all('/v2/*', () => {
    throw new ApiError('not_found', requestErrors.notFound);
  });
  // Uploaded dish images (docs/decisions/023), cached a year; never the storefront's pages.
  app.use('/uploads/*', uploadedFiles(deps.uploadsDir));

  // The test processor's events go to our own webhook endpoint, through the same route as Stripe's.
  const provider = deps.payments.provider;
  if (provider instanceof TestProcessor)
    provider.useDefaultDelivery(async (body, signature) => {
      const response = await app.request('/v2/public/checkout/stripe-webhook', {
        method: 'POST',
        body,
        headers: { 'Content-Type': 'application/json', 'Stripe-Signature': signature },
      });
      return response.status;
    });

  app.onError((error, c) => {
    if (error instanceof ApiError) {
      const { status, body } = errorResponse(error);
      return c.json(body, status, error.headers);
    }
    deps.logger.error({ err: error, path: c.req.path }, 'erreur interne');
    const { status, body } = errorResponse(new ApiError('internal_error', requestErrors.internalError));
    return c.json(body, status);
  });
  return app;
}
