import './crypto/fast-keccak.ts';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { feathers } from '@feathersjs/feathers';
import { bodyParser, koa, parseAuthentication, rest } from '@feathersjs/koa';
import socketio from '@feathersjs/socketio';
import type { Knex } from 'knex';
import { channels } from './channels.ts';
import type { Config } from './config.ts';
import { bootstrapDatabase, initialProgress, type BootstrapResult } from './db/bootstrap.ts';
import { openDatabase, type Database } from './db/database.ts';
import type { EmbeddedDatabase } from './db/pglite.ts';
import { loadDemoData } from './demo/load-demo-data.ts';
import type { Application, Configuration, ServiceTypes } from './declarations.ts';
import { errorHook } from './errors/error-hook.ts';
import { rejectBadInput } from './hooks/reject-bad-input.ts';
import { requireDatabase } from './hooks/require-database.ts';
import { stripApiPrefix } from './http/api-prefix.ts';
import { clientIp } from './http/client-ip.ts';
import { cloudWallet } from './http/cloud-wallet.ts';
import { compressAnswers } from './http/compression.ts';
import { errorMiddleware } from './http/error-middleware.ts';
import { registerDatabaseParts } from './http/database-parts.ts';
import { healthCheck } from './http/health.ts';
import { readinessOf } from './http/readiness.ts';
import { requestLogger } from './http/request-logger.ts';
import { securityHeaders } from './http/security-headers.ts';
import { logServerError } from './http/server-errors.ts';
import { stopServing } from './http/stop-serving.ts';
import { webApp } from './http/web-app.ts';
import { configurePcs } from './adapters/pcs/configure-pcs.ts';
import { configureItsme } from './itsme/configure-itsme.ts';
import { createLogger, type Logger } from './logger.ts';
import { settleWithin } from './kit/settle-within.ts';
import { apiDocs } from './openapi/api-docs.ts';
import { portalVersion } from './version.ts';
import { startOutbox } from './outbox/start-outbox.ts';
import { startExpiryJob } from './releases/expiry-job.ts';
import { startLedgerSequencer, type LedgerSequencer } from './ledger/ledger-log.ts';
import { loadServerKey } from './ledger/server-key.ts';
import { withUploadBody } from './releases/upload/upload-body.ts';
import { services } from './services/index.ts';
import { withCoreorBody } from './services/coreor/coreor-body.ts';
import { withTicketBody } from './services/tickets/ticket-body.ts';
import { configureLiveEvents } from './live/configure-live-events.ts';
import { rememberSocket } from './live/organization-rooms.ts';
import { configureSharedState } from './shared-state/configure-shared-state.ts';

export interface PortalServer {
  app: Application;
  logger: Logger;
  knex: Knex;
  database: Database;
  /** Resolves once migrations (and the demo load) have succeeded after start(). */
  ready: Promise<BootstrapResult>;
  /** Listens on config.port (0: any free port), then prepares the database in the background. */
  start(): Promise<{ port: number; url: string }>;
  /**
   * Stops within about 9 s whatever is pending: readiness answers 503 at once, new connections
   * are refused, socket.io clients are sent to reconnect elsewhere, requests under way get
   * `stopGraceMs` to finish; then the workers, Redis and the database close and the data
   * folder is released.
   */
  stop(): Promise<void>;
}

/**
 * How long a stop waits for each thing, 9 s in all: main.ts exits 10 s after SIGTERM whatever
 * is pending (issue 42 item 7), and an orchestrator's own grace (Kubernetes: 30 s) is longer.
 */
export const stopGraceMs = { requests: 5_000, startUp: 500, workers: 2_000, database: 1_500 };

/**
 * Builds the portal: Koa + Feathers with REST under /api and socket.io at /socket.io, /health,
 * and the web app everywhere else. Opens the database (taking the data folder lock for PGlite:
 * throws DataDirLockedError when another process holds it) but queries nothing until start().
 */
export interface CreateAppOptions {
  logger?: Logger;
  /**
   * The scrypt cost of the keystores the cloud wallet seals (and of its decoy, and of a new
   * organisation's first admin), 2^17 unless given. A code option for the test apps only, whose
   * users' keystores already use 2^10 (test/factories.ts): no setting may lower it in a portal.
   */
  walletScryptN?: number;
  /**
   * An embedded database already open, used instead of the data folder's and left open at stop:
   * a code option for the test apps, which take theirs from a pool (test/pglite-pool.ts).
   */
  embeddedDatabase?: EmbeddedDatabase;
}

export function createApp(config: Config, options: CreateAppOptions = {}): PortalServer {
  const logger = options.logger ?? createLogger(config.logLevel);
  const database = openDatabase(config, logger, options.embeddedDatabase);
  let assembled: ReturnType<typeof assemble>;
  try {
    assembled = assemble(config, logger, database, options.walletScryptN);
  } catch (error) {
    void database.close();
    throw error;
  }
  const { app, closeLiveEvents, closeWallet } = assembled;
  const progress = { current: initialProgress(database.kind) };
  registerDatabaseParts(app, database, progress);

  const abort = new AbortController();
  let bootstrapping: Promise<void> = Promise.resolve();
  let stopping: Promise<void> | null = null;
  let outbox: ReturnType<typeof startOutbox> | undefined;
  let expiryJob: ReturnType<typeof startExpiryJob> | undefined;
  let ledgerSequencer: LedgerSequencer | undefined;
  let markReady: (result: BootstrapResult) => void = () => undefined;
  const ready = new Promise<BootstrapResult>((resolve) => {
    markReady = resolve;
  });

  async function start() {
    // Our own server rather than app.listen(), so a busy port rejects here instead of crashing.
    const server = createServer(app.callback());
    // An idle keep-alive connection outlives the client's and a proxy's own idle time (60 s is
    // the usual proxy default): a server closing first races a request already on its way, which
    // then fails with ECONNRESET. The headers timeout must stay above it (Node's documentation).
    server.keepAliveTimeout = 65_000;
    server.headersTimeout = 66_000;
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(config.port, config.host, () => {
        server.off('error', reject);
        resolve();
      });
    });
    app.server = server;
    await app.get('pcs')?.start();
    await app.setup(server);
    const { port } = server.address() as AddressInfo;
    logger.info({ port, host: config.host, database: database.kind }, 'listening');
    bootstrapping = bootstrapDatabase({
      database,
      logger,
      progress,
      loadDemo: config.demoData
        ? (knex) => loadDemoData(knex, { serverKey: app.get('serverKey'), logger })
        : undefined,
      signal: abort.signal,
      onReady: (result) => {
        // Issue 42 item 6: one worker, each receiver (mail, the PCS, each webhook) in its lane.
        outbox ??= startOutbox(app, config, logger);
        app.set('outbox', outbox);
        expiryJob ??= startExpiryJob({
          knex: database.knex,
          serverKey: app.get('serverKey'),
          logger: logger.child({ component: 'expiry' }),
          intervalMs: config.expiryJobIntervalMs,
        });
        app.set('expiryJob', expiryJob);
        // The ledger's log and its signed checkpoints (docs/ledger.md), once across instances.
        ledgerSequencer ??= startLedgerSequencer({
          knex: database.knex,
          serverKey: app.get('serverKey'),
          logger: logger.child({ component: 'ledger' }),
          intervalMs: config.ledgerCheckpointIntervalMs,
          wakeOutbox: () => void app.get('outbox')?.wake(),
        });
        app.set('ledgerSequencer', ledgerSequencer);
        app.get('sharedState').startSweeping();
        app.set('databaseReady', true);
        logger.info('database ready');
        markReady(result);
      },
    });
    return { port, url: `http://127.0.0.1:${port}` };
  }

  async function shutdown() {
    readinessOf(app).add('shutdown', () => ({
      state: 'down',
      detail: 'stopping: the requests under way finish, new ones go elsewhere',
    }));
    abort.abort();
    const late = (what: string) => logger.warn({ what }, `stop: ${what} still under way; going on`);
    try {
      const server = app.server;
      if (server?.listening) {
        await stopServing(server, app.io, stopGraceMs.requests);
        // Feathers' own teardown closes the server again: that it is closed already is fine.
        await app.teardown(server).catch((error: NodeJS.ErrnoException) => {
          if (error.code !== 'ERR_SERVER_NOT_RUNNING') throw error;
        });
      }
      // An attempt under way (a migration) cannot be interrupted, and must not hold the stop.
      if (!(await settleWithin(bootstrapping, stopGraceMs.startUp))) late('the database start-up');
      const workers = [outbox?.stop(), expiryJob?.stop(), ledgerSequencer?.stop()];
      workers.push(app.get('pcs')?.stop());
      workers.push(closeLiveEvents(), closeWallet(), app.get('sharedState').close());
      if (!(await settleWithin(Promise.all(workers), stopGraceMs.workers))) late('the workers');
    } finally {
      if (!(await settleWithin(database.close(), stopGraceMs.database))) late('the database');
    }
  }

  return {
    app,
    logger,
    knex: database.knex,
    database,
    ready,
    start,
    stop: () => (stopping ??= shutdown()),
  };
}

/** The Koa + Feathers app and its middleware, in the order a request meets them. */
function assemble(config: Config, logger: Logger, database: Database, walletScryptN?: number) {
  const app: Application = koa(feathers<ServiceTypes, Configuration>());
  app.set('config', config);
  app.set('logger', logger);
  app.set('knex', database.knex);
  app.set('databaseKind', database.kind);
  app.set('databaseReady', false);
  app.set('serverKey', loadServerKey(config));
  app.on('error', logServerError(logger));

  const sharedState = configureSharedState(database.knex, config.redisUrl, logger);
  app.set('sharedState', sharedState);
  const { redis } = sharedState;
  if (redis) {
    readinessOf(app).add('redis', () => {
      const since = redis.downSince();
      return since === null
        ? { state: 'up' }
        : {
            state: 'degraded',
            detail: `unreachable since ${new Date(since).toISOString()}; limits and wallets use the database meanwhile`,
          };
    });
  }

  const closeLiveEvents = configureLiveEvents(app);

  // First, so that every consumer of ctx.ip sees the client behind TRUST_PROXY's proxies.
  const client = clientIp(config);
  app.use(client.middleware);
  app.use(requestLogger(logger));
  app.use(errorMiddleware(logger));
  app.use(securityHeaders(config));
  app.use(compressAnswers());
  app.use(healthCheck(app));
  app.set('walletScryptN', walletScryptN);
  const wallet = cloudWallet(database.knex, logger, {
    sharedStore: sharedState.store,
    ...(walletScryptN ? { scryptN: walletScryptN } : {}),
    wakeOutbox: () => void app.get('outbox')?.wake(),
  });
  app.use(wallet.middleware);
  // The machine wallet users' service makes and ends wallet users through it.
  app.set('cloudWallet', wallet.operations);
  app.set('pcs', configurePcs(config, logger));
  const itsmeStandIn = configureItsme(app, config, logger);
  if (itsmeStandIn) app.use(itsmeStandIn);
  app.use(webApp(config.webDist, logger, { production: config.production }));
  app.use(apiDocs({ version: portalVersion }));
  app.use(stripApiPrefix());
  // POST /release-uploads takes a file (multipart, or larger JSON); every other route JSON up to
  // 4 MB: a signed custody action names up to 10,000 releases (maxCustodyReleases: 3.3 MB).
  // POST /tickets takes JSON with an image of up to 5 MB in base64 (services/tickets/ticket-body.ts).
  app.use(withCoreorBody(withTicketBody(withUploadBody(bodyParser({ jsonLimit: '4mb' })))));
  app.use(parseAuthentication());
  app.use(async (ctx, next) => {
    ctx.feathers = { ...ctx.feathers, ip: ctx.ip };
    await next();
  });
  app.configure(rest());
  app.configure(
    socketio((io) => {
      io.use((socket, next) => {
        // Mutated, not replaced: Feathers keys its socket map by this very object.
        const { feathers } = socket as unknown as { feathers: Record<string, unknown> };
        feathers.ip = client.ofHandshake(socket.handshake);
        rememberSocket(socket);
        next();
      });
    }),
  );
  app.hooks({
    before: { all: [rejectBadInput, requireDatabase] },
    error: { all: [errorHook(logger)] },
  });
  app.configure(services);
  app.configure(channels);
  const closeWallet = () => wallet.operations.close();
  return { app, closeLiveEvents, closeWallet };
}
